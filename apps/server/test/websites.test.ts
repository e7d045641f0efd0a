// /api/websites: create, list, get, update, delete, clear data; validation, ownership, authentication.
import { randomUUID } from 'node:crypto';
import {
  DOMAIN_IMMUTABLE_MESSAGE,
  INVALID_DOMAIN_MESSAGE,
  REQUIRED_WEBSITE_FIELDS_MESSAGE,
  trackingScript,
} from '@foldline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';
import { countEvents, countRollupRows, createWebsite, insertAdUnit, insertPage, seedEvents } from './website-fixtures.ts';

const DEFAULT_SETTINGS = {
  thresholds: { engagement: 2000, scrollDepth: 70, viewability: 50, viewTime: 1000 },
  preference: { collectClickData: true, collectScrollData: true, collectEngagementData: true, autoDetectAdUnits: true },
};

describeEachDialect('websites', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string> = owner.auth, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  describe('create', () => {
    it('creates an active UTC website with default settings, an unguessable tracking code and its install snippet', async () => {
      const response = await call('POST', '/api/websites', owner.auth, { name: '  Cooking Blog ', domain: 'Cooking.Example.com' });
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(data.website).toEqual({
        website_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Cooking Blog',
        domain: 'cooking.example.com',
        status: 'active',
        timezone: 'UTC',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        tracking_code: expect.stringMatching(/^fl_[A-Za-z0-9_-]{20,}$/),
        tracking_script: expect.any(String),
        settings: DEFAULT_SETTINGS,
        is_demo: false,
      });
      expect(data.tracking_script).toBe(trackingScript('http://localhost:3000', data.website.tracking_code));
      expect(data.website.tracking_script).toBe(data.tracking_script);
      expect(data.tracking_script).toBe(
        `<script defer src="http://localhost:3000/api/tracker.js" data-site="${data.website.tracking_code}"></script>`,
      );
    });

    it('gives every website its own tracking code', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 5; i += 1) codes.add((await createWebsite(t.app, owner.auth)).tracking_code);
      expect(codes.size).toBe(5);
    });

    it('keeps the given timezone, status and partial settings, filling the rest with defaults', async () => {
      const response = await call('POST', '/api/websites', owner.auth, {
        name: 'News',
        domain: 'news.example.org',
        timezone: 'Europe/Paris',
        status: 'inactive',
        settings: { thresholds: { engagement: 5000 }, preference: { collectClickData: false } },
      });
      expect(response.statusCode).toBe(201);
      const { website } = response.json().data;
      expect(website.timezone).toBe('Europe/Paris');
      expect(website.status).toBe('inactive');
      expect(website.settings).toEqual({
        thresholds: { ...DEFAULT_SETTINGS.thresholds, engagement: 5000 },
        preference: { ...DEFAULT_SETTINGS.preference, collectClickData: false },
      });
    });

    it.each([
      [{}, REQUIRED_WEBSITE_FIELDS_MESSAGE],
      [{ domain: 'example.com' }, REQUIRED_WEBSITE_FIELDS_MESSAGE],
      [{ name: '   ', domain: 'example.com' }, REQUIRED_WEBSITE_FIELDS_MESSAGE],
      [{ name: 'Site' }, REQUIRED_WEBSITE_FIELDS_MESSAGE],
      [{ name: 'Site', domain: '  ' }, REQUIRED_WEBSITE_FIELDS_MESSAGE],
      [{ name: 'Site', domain: 'example' }, INVALID_DOMAIN_MESSAGE],
      [{ name: 'Site', domain: 'example.c' }, INVALID_DOMAIN_MESSAGE],
      [{ name: 'Site', domain: '-bad.example.com' }, INVALID_DOMAIN_MESSAGE],
      [{ name: 'Site', domain: 'bad-.example.com' }, INVALID_DOMAIN_MESSAGE],
      [{ name: 'Site', domain: 'https://example.com' }, INVALID_DOMAIN_MESSAGE],
      [{ name: 'Site', domain: 'example.com/path' }, INVALID_DOMAIN_MESSAGE],
      [{ name: 'Site', domain: 'exa mple.com' }, INVALID_DOMAIN_MESSAGE],
      [{ name: 'Site', domain: 'example.123' }, INVALID_DOMAIN_MESSAGE],
    ])('refuses %j with 400 and the specification message', async (payload, message) => {
      const response = await call('POST', '/api/websites', owner.auth, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message } });
    });

    it.each([
      { name: 'Site', domain: 'example.com', timezone: 'Mars/Olympus' },
      { name: 'Site', domain: 'example.com', status: 'paused' },
      { name: 'Site', domain: 'example.com', settings: { thresholds: { scrollDepth: 150 } } },
      { name: 'Site', domain: 'example.com', settings: { preference: { collectClickData: 'yes' } } },
      { name: 42, domain: 'example.com' },
    ])('refuses the out-of-range or mistyped value in %j with 400', async (payload) => {
      const response = await call('POST', '/api/websites', owner.auth, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toEqual(expect.any(String));
    });

    it('refuses a body that is not JSON with 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/websites',
        headers: { ...owner.auth, 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message: 'The request body is not valid JSON' } });
    });
  });

  describe('list and get', () => {
    it("lists only the caller's websites, newest first", async () => {
      const user = await signUp(t.app);
      const first = await createWebsite(t.app, user.auth, { name: 'First' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await createWebsite(t.app, user.auth, { name: 'Second' });
      await createWebsite(t.app, stranger.auth, { name: 'Not yours' });
      const response = await call('GET', '/api/websites', user.auth);
      expect(response.statusCode).toBe(200);
      const { websites } = response.json();
      expect(websites.map((w: { website_id: string }) => w.website_id)).toEqual([second.website_id, first.website_id]);
      expect(websites[0]).toMatchObject({ name: 'Second', settings: DEFAULT_SETTINGS, tracking_script: expect.stringContaining(second.tracking_code) });
    });

    it('lists nothing for a new user', async () => {
      const user = await signUp(t.app);
      expect((await call('GET', '/api/websites', user.auth)).json()).toEqual({ websites: [] });
    });

    it('returns one website with its pages', async () => {
      const website = await createWebsite(t.app, owner.auth);
      const about = await insertPage(t.app, website.website_id, '/about');
      const home = await insertPage(t.app, website.website_id, '/');
      const response = await call('GET', `/api/websites/${website.website_id}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.website).toMatchObject({ website_id: website.website_id, domain: website.domain, settings: DEFAULT_SETTINGS, pages_total: 2 });
      expect(body.website.pages).toEqual(
        [home, about].map((page) => ({
          page_id: page.id,
          website_id: website.website_id,
          title: page.title,
          url_path: page.url_path,
          status: 'active',
          created_at: page.created_at,
          last_activity: null,
        })),
      );
    });
  });

  describe('update', () => {
    it('takes the whole website object back, ignores unknown fields and keeps the domain', async () => {
      const created = await createWebsite(t.app, owner.auth, { name: 'Before' });
      const { website } = (await call('GET', `/api/websites/${created.website_id}`)).json();
      const response = await call('PUT', `/api/websites/${created.website_id}`, owner.auth, {
        ...website,
        name: 'After',
        status: 'inactive',
        timezone: 'Asia/Tokyo',
        domain: website.domain.toUpperCase(),
        tracking_code: 'fl_forged',
        user_id: stranger.user.user_id,
        settings: { ...website.settings, thresholds: { ...website.settings.thresholds, engagement: 4500, scrollDepth: 55 } },
      });
      expect(response.statusCode).toBe(200);
      const updated = response.json().website;
      expect(updated).toMatchObject({
        website_id: created.website_id,
        name: 'After',
        status: 'inactive',
        timezone: 'Asia/Tokyo',
        domain: created.domain,
        tracking_code: created.tracking_code,
        pages: [],
      });
      expect(updated.settings.thresholds).toEqual({ ...DEFAULT_SETTINGS.thresholds, engagement: 4500, scrollDepth: 55 });
      expect((await call('GET', `/api/websites/${created.website_id}`)).json().website).toEqual(updated);
      // Still the owner's: the forged user_id was ignored.
      expect((await call('GET', `/api/websites/${created.website_id}`, stranger.auth)).statusCode).toBe(404);
    });

    it('merges partial settings into the stored ones', async () => {
      const { website_id } = await createWebsite(t.app, owner.auth);
      const url = `/api/websites/${website_id}`;
      await call('PUT', url, owner.auth, { settings: { preference: { collectClickData: false, autoDetectAdUnits: false } } });
      const response = await call('PUT', url, owner.auth, { settings: { thresholds: { engagement: 8000 } } });
      expect(response.statusCode).toBe(200);
      expect(response.json().website.settings).toEqual({
        thresholds: { ...DEFAULT_SETTINGS.thresholds, engagement: 8000 },
        preference: { ...DEFAULT_SETTINGS.preference, collectClickData: false, autoDetectAdUnits: false },
      });
      // An empty body changes nothing.
      const unchanged = await call('PUT', url, owner.auth, {});
      expect(unchanged.statusCode).toBe(200);
      expect(unchanged.json().website.settings).toEqual(response.json().website.settings);
    });

    it('refuses a changed domain with 400', async () => {
      const { website_id, domain } = await createWebsite(t.app, owner.auth);
      const response = await call('PUT', `/api/websites/${website_id}`, owner.auth, { name: 'x', domain: `other-${domain}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message: DOMAIN_IMMUTABLE_MESSAGE } });
      expect((await call('GET', `/api/websites/${website_id}`)).json().website).toMatchObject({ domain, name: 'My blog' });
    });

    it.each([
      [{ name: '' }, REQUIRED_WEBSITE_FIELDS_MESSAGE],
      [{ name: '   ' }, REQUIRED_WEBSITE_FIELDS_MESSAGE],
      [{ status: 'deleted' }, undefined],
      [{ timezone: 'Nowhere/City' }, undefined],
      [{ settings: { thresholds: { viewability: -1 } } }, undefined],
    ])('refuses %j with 400', async (payload, message) => {
      const { website_id } = await createWebsite(t.app, owner.auth);
      const response = await call('PUT', `/api/websites/${website_id}`, owner.auth, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toEqual(message ?? expect.any(String));
    });
  });

  describe('delete and clear data', () => {
    it('deletes a website with its pages, ad units and events, and leaves other websites alone', async () => {
      const doomed = await createWebsite(t.app, owner.auth);
      const kept = await createWebsite(t.app, owner.auth);
      const doomedPage = await insertPage(t.app, doomed.website_id);
      const keptPage = await insertPage(t.app, kept.website_id);
      await insertAdUnit(t.app, doomed.website_id, doomedPage.id);
      const keptAdUnit = await insertAdUnit(t.app, kept.website_id, keptPage.id);
      const doomedEvents = await seedEvents(t.app, doomed.website_id, doomedPage.id);
      const keptEvents = await seedEvents(t.app, kept.website_id, keptPage.id, 3);
      expect(await countEvents(t.app, doomed.website_id)).toBe(doomedEvents.events);
      expect(await countRollupRows(t.app, doomed.website_id)).toBeGreaterThan(0);
      const keptRollups = await countRollupRows(t.app, kept.website_id);

      const response = await call('DELETE', `/api/websites/${doomed.website_id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });

      expect((await call('GET', `/api/websites/${doomed.website_id}`)).statusCode).toBe(404);
      expect(await countEvents(t.app, doomed.website_id)).toBe(0);
      expect(await countRollupRows(t.app, doomed.website_id)).toBe(0);
      const db = t.app.metadata.db;
      expect(await db.selectFrom('pages').select('id').where('website_id', '=', doomed.website_id).execute()).toEqual([]);
      expect(await db.selectFrom('ad_units').select('id').where('website_id', '=', doomed.website_id).execute()).toEqual([]);

      expect(await countEvents(t.app, kept.website_id)).toBe(keptEvents.events);
      expect(await countRollupRows(t.app, kept.website_id)).toBe(keptRollups);
      expect((await call('GET', `/api/websites/${kept.website_id}`)).json().website.pages).toHaveLength(1);
      expect(await db.selectFrom('ad_units').select('id').where('website_id', '=', kept.website_id).execute()).toEqual([{ id: keptAdUnit }]);
    });

    it('clears a website\'s data with the real deleted counts and keeps the website and its settings', async () => {
      const website = await createWebsite(t.app, owner.auth, { settings: { thresholds: { engagement: 3000 } } });
      const other = await createWebsite(t.app, owner.auth);
      const pages = [await insertPage(t.app, website.website_id), await insertPage(t.app, website.website_id)];
      const named = await insertAdUnit(t.app, website.website_id, pages[0]!.id);
      await insertAdUnit(t.app, website.website_id, pages[0]!.id);
      await insertAdUnit(t.app, website.website_id, pages[1]!.id);
      expect((await call('PATCH', `/api/ad-units/${named}`, owner.auth, { name: 'Leaderboard' })).statusCode).toBe(200);
      const first = await seedEvents(t.app, website.website_id, pages[0]!.id, 2);
      const second = await seedEvents(t.app, website.website_id, pages[1]!.id, 3);
      const otherPage = await insertPage(t.app, other.website_id);
      const otherEvents = await seedEvents(t.app, other.website_id, otherPage.id);
      const otherRollups = await countRollupRows(t.app, other.website_id);
      expect(await countRollupRows(t.app, website.website_id)).toBeGreaterThan(0);

      const response = await call('DELETE', `/api/websites/${website.website_id}/data`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        deleted: {
          impressions: first.impressions + second.impressions,
          events: first.events + second.events,
          adUnits: 3,
          sessions: first.sessions + second.sessions,
        },
      });
      expect(first.impressions + second.impressions).toBe(10);

      const kept = (await call('GET', `/api/websites/${website.website_id}`)).json().website;
      expect(kept).toMatchObject({ website_id: website.website_id, tracking_code: website.tracking_code, pages: [] });
      expect(kept.settings.thresholds.engagement).toBe(3000);
      expect(await countEvents(t.app, website.website_id)).toBe(0);
      // The analytics rollups go too, or the dashboard would still show the cleared traffic.
      expect(await countRollupRows(t.app, website.website_id)).toBe(0);
      expect(await t.app.metadata.db.selectFrom('ad_units').select('id').where('website_id', '=', website.website_id).execute()).toEqual([]);
      // The names given to its units go with them: a later unit of the same slot starts from its automatic name.
      expect(await t.app.metadata.db.selectFrom('ad_unit_names').select('name').where('website_id', '=', website.website_id).execute()).toEqual([]);
      expect(await countEvents(t.app, other.website_id)).toBe(otherEvents.events);
      expect(await countRollupRows(t.app, other.website_id)).toBe(otherRollups);

      // Clearing again finds nothing left.
      const again = await call('DELETE', `/api/websites/${website.website_id}/data`);
      expect(again.json()).toEqual({ success: true, deleted: { impressions: 0, events: 0, adUnits: 0, sessions: 0 } });
    });
  });

  describe('ownership, ids and authentication', () => {
    const routes = (id: string) =>
      [
        ['GET', `/api/websites/${id}`],
        ['PUT', `/api/websites/${id}`],
        ['DELETE', `/api/websites/${id}`],
        ['DELETE', `/api/websites/${id}/data`],
      ] as const;

    it("answers another user's website exactly like a missing one, and changes nothing", async () => {
      const theirs = await createWebsite(t.app, stranger.auth, { name: 'Theirs' });
      const page = await insertPage(t.app, theirs.website_id);
      const events = await seedEvents(t.app, theirs.website_id, page.id);
      for (const [method, url] of routes(theirs.website_id)) {
        const response = await call(method, url, owner.auth, method === 'PUT' ? { name: 'Hijacked' } : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ error: { message: 'Website not found' } });
      }
      for (const [method, url] of routes(randomUUID())) {
        const response = await call(method, url, owner.auth, method === 'PUT' ? { name: 'x' } : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ error: { message: 'Website not found' } });
      }
      const still = (await call('GET', `/api/websites/${theirs.website_id}`, stranger.auth)).json().website;
      expect(still.name).toBe('Theirs');
      expect(still.pages).toHaveLength(1);
      expect(await countEvents(t.app, theirs.website_id)).toBe(events.events);
    });

    it.each(['not-a-uuid', '123', "1' OR '1'='1", '00000000-0000-0000-0000-00000000000g'])('answers a malformed id %j with 400', async (id) => {
      for (const [method, url] of routes(encodeURIComponent(id))) {
        const response = await call(method, url, owner.auth, method === 'PUT' ? { name: 'x' } : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json()).toEqual({ error: { message: 'Invalid id' } });
      }
    });

    it('answers 401 without a valid token', async () => {
      const { website_id } = await createWebsite(t.app, owner.auth);
      const all = [['GET', '/api/websites'], ['POST', '/api/websites'], ...routes(website_id)] as const;
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: owner.tokens.refreshToken }] as Record<string, string>[]) {
        for (const [method, url] of all) {
          const response = await call(method, url, headers, method === 'POST' || method === 'PUT' ? { name: 'x', domain: 'x.com' } : undefined);
          expect(response.statusCode, `${method} ${url}`).toBe(401);
          expect(response.json().error.message).toEqual(expect.any(String));
        }
      }
      expect((await call('GET', `/api/websites/${website_id}`)).statusCode).toBe(200);
    });
  });
});
