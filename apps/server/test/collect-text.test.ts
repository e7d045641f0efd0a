// Valid beacons whose text one metadata store refused and the other kept (issue 22 item 4): PostgreSQL refuses a NUL
// character and text longer than a varchar column, SQLite stores both. The collector cleans and cuts the text itself
// (packages/ingest/src/normalise.ts), so each of these beacons answers 200 on both dialects, registers its page, and
// a later beacon of the same page is stored too (a page that never registered lost every later beacon). Two more
// refusals were found here: PostgreSQL's btree entries of at most 2,704 bytes (a long path beside a long title in a
// script of three bytes a character), and ClickHouse refusing the JSON of a lone surrogate (the tracker's
// title.slice(0, 500) can cut an emoji in two), which failed every beacon of that group write on both dialects.
import { randomUUID } from 'node:crypto';
import type { CollectEvent, CollectPayload } from '@foldline/contracts';
import { AD_UNIT_COLUMN_SIZES, PAGE_COLUMN_SIZES } from '@foldline/metadata/column-sizes';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSlot, beacon, collect, insertWebsite, pageviewEvent, type TestWebsite } from './collect-factory.ts';
import { createTestApp, describeEachDialect, type TestApp } from './test-app.ts';

const NUL = '\u0000';
/** What the collector strips: C0 controls but tab, line feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text no compressor shortens (PostgreSQL compresses long index entries), the same on every run. */
function varied(length: number, alphabet: string, seed = 7): string {
  const random = seededRandom(seed);
  return Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]!).join('');
}
const LATIN = 'abcdefghijklmnopqrstuvwxyz0123456789-';
/** CJK ideographs: three bytes each in UTF-8. */
const CJK = Array.from({ length: 2000 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('');

interface TextCase {
  name: string;
  /** The beacon's page address (a path on the website's domain unless it starts with https://). */
  u: string;
  events: (slotKey: string) => CollectEvent[];
  /** What the page row must hold. */
  page: { url_path: string; title?: string; origin?: string | null };
  /** What the page's one ad unit row must hold, when the beacon carries one. */
  unit?: Record<string, unknown>;
}

const impression = (slot: Partial<ReturnType<typeof adSlot>>): CollectEvent => ({ k: 'ad', a: 0, slot: adSlot(slot), imp: randomUUID(), ev: 'impression' });

/** The website's domain in these tests (insertWebsite's). */
const DOMAIN = 'news.example.com';

function textCases(): TextCase[] {
  const domain = DOMAIN;
  const longPath = `/${'p'.repeat(600)}`;
  const host = `${'h'.repeat(502 - domain.length - 1)}.${domain}`;
  const hugePath = `/${varied(3000, LATIN)}`;
  const cjkTitle = varied(500, CJK, 11);
  const variedPath = `/${varied(1500, LATIN, 13)}`;
  return [
    { name: 'a NUL in the path', u: `/nul%00/path`, events: () => [pageviewEvent({ t: 'Nul path' })], page: { url_path: '/nul/path', title: 'Nul path' } },
    { name: 'a NUL in the title', u: '/nul-title', events: () => [pageviewEvent({ t: `Breaking${NUL} news` })], page: { url_path: '/nul-title', title: 'Breaking news' } },
    {
      name: 'control characters in the title (tab and newline kept)',
      u: '/control-title',
      events: () => [pageviewEvent({ t: `Bell\u0007 and\tescape\u001b[31m\u007f\nend` })],
      page: { url_path: '/control-title', title: 'Bell and\tescape[31m\nend' },
    },
    {
      name: 'a NUL in a slot\'s name',
      u: '/nul-slot-name',
      events: (key) => [pageviewEvent(), impression({ key, name: `/1234/top${NUL}`, gid: undefined })],
      page: { url_path: '/nul-slot-name' },
      unit: { name: '/1234/top' },
    },
    {
      name: 'a NUL in a slot\'s key',
      u: '/nul-slot-key',
      events: (key) => [pageviewEvent(), impression({ key: `${key}${NUL}` })],
      page: { url_path: '/nul-slot-key' },
      unit: { slot_key: 'key' },
    },
    {
      name: 'a NUL in a slot\'s ad server id and selector',
      u: '/nul-slot-gid',
      events: (key) => [pageviewEvent(), impression({ key, gid: `/1234/${NUL}top`, sel: `#top${NUL}` })],
      page: { url_path: '/nul-slot-gid' },
      unit: { google_ad_slot_id: '/1234/top', position_selector: '#top' },
    },
    {
      name: 'an empty title and a path over 500 characters',
      u: longPath,
      events: () => [pageviewEvent({ t: '' })],
      page: { url_path: longPath, title: longPath.slice(0, PAGE_COLUMN_SIZES.title) },
    },
    {
      name: 'a host of 502 characters',
      u: `https://${host}/long-host`,
      events: () => [pageviewEvent({ t: 'Long host' })],
      // An origin cut to its column would be an address of nobody's: the page keeps none, and is shown under its
      // website's domain (pageUrl).
      page: { url_path: '/long-host', title: 'Long host', origin: '' },
    },
    {
      name: 'a path over the column\'s 2,048 characters',
      u: hugePath,
      events: () => [pageviewEvent({ t: 'Huge path' })],
      page: { url_path: hugePath.slice(0, PAGE_COLUMN_SIZES.url_path), title: 'Huge path' },
    },
    {
      name: 'a long path and a long title of three bytes a character (PostgreSQL\'s index entries hold 2,704 bytes)',
      u: variedPath,
      events: () => [pageviewEvent({ t: cjkTitle })],
      page: { url_path: variedPath },
    },
    {
      name: 'a lone surrogate in the title',
      u: '/surrogate',
      events: () => [pageviewEvent({ t: 'Half \ud83d of a face' })],
      page: { url_path: '/surrogate', title: 'Half \ufffd of a face' },
    },
  ];
}

describeEachDialect('collect text the stores refuse', (dialect) => {
  let t: TestApp;
  let site: TestWebsite;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    site = await insertWebsite(t.app, { domain: DOMAIN });
  });
  afterAll(() => t.close());

  const pageOf = (urlPath: string) =>
    t.app.metadata.db.selectFrom('pages').selectAll().where('website_id', '=', site.id).where('url_path', '=', urlPath).executeTakeFirst();

  describe.each(textCases().map((c) => [c.name, c] as const))('%s', (_name, c) => {
    it('answers 200, registers the page (and its ad unit), and stores a later beacon of the same page', async () => {
      const u = c.u.startsWith('https://') ? c.u : `https://${site.domain}${c.u}`;
      const first = beacon(site, c.events('key'), { u });
      const answer = await collect(t.app, first);
      expect(answer.statusCode, c.name).toBe(200);
      expect(answer.json().ok, c.name).toBe(true);

      const page = await pageOf(c.page.url_path);
      expect(page, c.name).toMatchObject(c.page);
      // Whatever a title was cut to, both columns fit the schema, and no NUL or control character is left.
      expect(page!.url_path.length).toBeLessThanOrEqual(PAGE_COLUMN_SIZES.url_path);
      expect(page!.title.length).toBeLessThanOrEqual(PAGE_COLUMN_SIZES.title);
      expect(page!.title.length).toBeGreaterThan(0);
      for (const text of [page!.url_path, page!.title, page!.origin ?? '']) expect(text).not.toMatch(CONTROLS);
      if (c.unit) {
        const unit = await t.app.metadata.db.selectFrom('ad_units').selectAll().where('page_id', '=', page!.id).executeTakeFirstOrThrow();
        expect(unit, c.name).toMatchObject(c.unit);
      }

      // The same page again, later in the visit: the page is known, the beacon is stored.
      const later = beacon(site, [...c.events('key').filter((e) => e.k === 'ad'), { k: 'eng', a: 0, ms: 1000, sd: 40, pd: -1, dh: 4000 }], { u, pv: first.pv, sid: first.sid });
      const again = await collect(t.app, later);
      expect(again.statusCode, c.name).toBe(200);
      expect(again.json().ok, c.name).toBe(true);
      expect(await t.app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).where('url_path', '=', c.page.url_path).execute()).toHaveLength(1);

      // The event store holds the same text as the metadata store.
      await t.app.ingest.flush();
      const rows = await t.app.events.query<{ page_id: string; url_path: string }>(
        'SELECT toString(page_id) AS page_id, url_path FROM foldline.pageviews WHERE pageview_id = {pv:UUID}',
        { pv: first.pv },
      );
      expect(rows).toEqual([{ page_id: page!.id, url_path: page!.url_path }]);
      const [engaged] = await t.app.events.query<{ n: string }>('SELECT count() AS n FROM foldline.engagement WHERE pageview_id = {pv:UUID}', { pv: first.pv });
      expect(Number(engaged!.n)).toBe(1);
    });
  });

  it('maps every path that shares the column\'s first 2,048 characters to one page', async () => {
    const stem = `/${'s'.repeat(PAGE_COLUMN_SIZES.url_path)}`;
    for (const tail of ['a', 'b']) {
      const answer = await collect(t.app, beacon(site, [pageviewEvent()], { u: `https://${site.domain}${stem}${tail}` }));
      expect(answer.json().ok).toBe(true);
    }
    const pages = await t.app.metadata.db.selectFrom('pages').select('url_path').where('website_id', '=', site.id).where('url_path', 'like', '/sss%').execute();
    expect(pages).toEqual([{ url_path: stem.slice(0, PAGE_COLUMN_SIZES.url_path) }]);
  });

  it('stores events with the same text the metadata store holds: no NUL in the event store either', async () => {
    const payload = beacon(
      site,
      [
        pageviewEvent({ t: `Ti${NUL}tle` }),
        { k: 'click', a: 0, x: 1, y: 2, vw: 1280, dh: 4000, s: `main${NUL}>a`, ox: 0.5, oy: 0.5 },
      ],
      { u: `https://${site.domain}/events%00/text?utm_source=news%00letter` },
    );
    expect((await collect(t.app, payload)).json().ok).toBe(true);
    await t.app.ingest.flush();
    const [pageview] = await t.app.events.query('SELECT url_path, title, utm_source FROM foldline.pageviews WHERE pageview_id = {pv:UUID}', { pv: payload.pv });
    expect(pageview).toEqual({ url_path: '/events/text', title: 'Title', utm_source: 'newsletter' });
    const [click] = await t.app.events.query('SELECT selector FROM foldline.clicks WHERE pageview_id = {pv:UUID}', { pv: payload.pv });
    expect(click).toEqual({ selector: 'main>a' });
  });

  it.runIf(dialect === 'postgres')('cuts text to the sizes the PostgreSQL schema really has', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string; size: number }>`
      SELECT table_name, column_name, character_maximum_length AS size FROM information_schema.columns
      WHERE table_name IN ('pages', 'ad_units') AND character_maximum_length IS NOT NULL`.execute(t.app.metadata.db);
    const schema = Object.fromEntries(rows.map((row) => [`${row.table_name}.${row.column_name}`, Number(row.size)]));
    for (const [column, size] of Object.entries(PAGE_COLUMN_SIZES)) expect(schema[`pages.${column}`], column).toBe(size);
    for (const [column, size] of Object.entries(AD_UNIT_COLUMN_SIZES)) expect(schema[`ad_units.${column}`], column).toBe(size);
  });
});

describeEachDialect('collect fuzz of valid beacons', (dialect) => {
  let t: TestApp;
  let site: TestWebsite;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    site = await insertWebsite(t.app);
  });
  afterAll(() => t.close());

  /** Pieces of text that broke a store before, mixed into every text field of otherwise valid beacons. */
  const NASTY = [NUL, '%00', '\u0001', '\u001f', '\u007f', '\t', '\n', '\r', '\ud800', '\udfff', '😀', '中文', 'İ', '%FF', '%E4%B8', "'", '"', '\\', '%', '_', ' ', ''];

  it('answers 200 to every valid beacon of hostile text, registers its page, and a later beacon of it is stored', async () => {
    const random = seededRandom(22);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const text = (max: number) => {
      let out = '';
      const target = random() < 0.2 ? max : Math.floor(random() * 40);
      while (out.length < target) out += random() < 0.3 ? pick(NASTY) : varied(1 + Math.floor(random() * 30), random() < 0.5 ? LATIN : CJK, Math.floor(random() * 1e6));
      return out.slice(0, max);
    };
    // A browser puts a lone surrogate in an address as U+FFFD; encodeURIComponent refuses one.
    const encode = (value: string) => encodeURIComponent(value.replace(LONE_SURROGATE, '\ufffd'));
    /** A path segment as a browser puts it in location.href: percent-encoded, with the nasty pieces sometimes raw. */
    const segment = () => (random() < 0.5 ? encode(text(random() < 0.1 ? 1500 : 60)) : pick(NASTY).replace(LONE_SURROGATE, ''));
    const failures: string[] = [];
    const beacons: CollectPayload[] = [];
    for (let n = 0; n < 100; n += 1) {
      const host = random() < 0.1 ? `${'h'.repeat(63)}.`.repeat(7) + site.domain : site.domain;
      const u = `https://${host}/${n}/${segment()}/${segment()}`.slice(0, 4096);
      const events: CollectEvent[] = [
        pageviewEvent({ t: random() < 0.2 ? '' : text(500), r: random() < 0.5 ? '' : `https://ref.example.org/${encode(text(200))}` }),
        { k: 'click', a: 0, x: 1, y: 2, vw: 1280, dh: 4000, s: text(1000), ox: 0.5, oy: 0.5 },
        { k: 'ad', a: 0, slot: { key: text(500) || 'k', name: text(500), gid: random() < 0.5 ? text(500) : undefined, sel: text(1000), x: 0, y: 0, w: 300, h: 250 }, imp: randomUUID(), ev: 'impression' },
      ];
      beacons.push(beacon(site, events, { u }));
    }
    // Ten at a time, as readers' beacons arrive: they share group-commit writes, where one beacon the event store
    // refuses (a lone surrogate did) fails the others with it.
    const send = async (payloads: CollectPayload[], what: string) => {
      for (let i = 0; i < payloads.length; i += 10) {
        const group = payloads.slice(i, i + 10);
        const answers = await Promise.all(group.map((payload) => collect(t.app, payload)));
        answers.forEach((answer, n) => {
          if (answer.statusCode !== 200 || !answer.json().ok) failures.push(`${what}: ${answer.statusCode} ${answer.body.slice(0, 100)} for ${JSON.stringify(group[n]).slice(0, 300)}`);
        });
      }
    };
    await send(beacons, 'first');
    await send(
      beacons.map((payload) => ({ ...payload, e: [...payload.e.filter((e) => e.k === 'ad'), { k: 'eng' as const, a: 0, ms: 500, sd: 20, pd: -1, dh: 4000 }] })),
      'later',
    );
    expect(failures).toEqual([]);
    const pages = await t.app.metadata.db.selectFrom('pages').select(['url_path', 'title']).where('website_id', '=', site.id).execute();
    expect(pages).toHaveLength(beacons.length);
    for (const page of pages) expect(`${page.url_path}${page.title}`).not.toMatch(CONTROLS);
    await t.app.ingest.flush();
    const [row] = await t.app.events.query<{ n: string }>('SELECT count() AS n FROM foldline.engagement WHERE website_id = {websiteId:UUID}', { websiteId: site.id });
    expect(Number(row!.n)).toBe(beacons.length);
  }, 180_000);
});

/** A small deterministic generator (the collector fuzz test's), so a failing case can be reproduced. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}
