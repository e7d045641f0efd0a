// The demo plugin: the demo site answers on news.localhost only, and seeding creates the account, stores events
// through the ingest pipeline, and does not seed again on a second start. The account's password is no fixed one:
// generated per installation (or DEMO_PASSWORD), logged once, kept in DATA_DIR/demo-password, never reset by a restart.
// Once seeded and listening, simulated readers keep arriving in real time until the server closes (issue 22).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readSeedState, writeSeedState } from '@foldline/demo/seed/seed-state';
import { toEventTime } from '@foldline/event-store';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { hashPassword, PASSWORD_COST } from '../src/auth/passwords.ts';
import { loadConfig } from '../src/config.ts';
import { copyMigratedStore } from '../../../packages/event-store/test/support/migrated-store.ts';
import { TEST_PASSWORD_COST } from './password-cost.ts';

const DEMO_EMAIL = 'demo@foldline.local';
/** What every demo account had before passwords were generated: it was published. */
const PUBLISHED_PASSWORD = 'foldline-demo';

const dirs: string[] = [];
const newDataDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `foldline-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A new data directory's event store starts migrated (migrated-store.ts); a restart finds its own. */
async function withMigratedEvents(dataDir: string): Promise<void> {
  const events = path.join(dataDir, 'events');
  if (!existsSync(events)) await copyMigratedStore(events);
}
afterEach(() => {
  vi.restoreAllMocks();
});

/** The messages the app logs (its logger is off in tests, but the calls are made), captured before it starts. Only
 * the text: the objects beside it are inject's raw requests here, which pino's serializers would reduce to their URL. */
function captureLog(app: FastifyInstance): string[] {
  const lines: string[] = [];
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(app.log, level).mockImplementation(((...args: unknown[]) => {
      lines.push(args.filter((arg) => typeof arg === 'string').join(' '));
    }) as never);
  }
  return lines;
}

const open = async (dataDir: string, env: Record<string, string> = {}) => {
  await withMigratedEvents(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...env });
  const app = await buildApp(config, { logger: false, serveWebApp: false, passwordCost: TEST_PASSWORD_COST });
  const log = captureLog(app);
  await app.ready();
  return { app, log };
};

/** The password as the quick-start user finds it once the log has scrolled. */
const passwordFile = (dataDir: string) => path.join(dataDir, 'demo-password');
const filePassword = (dataDir: string) => readFileSync(passwordFile(dataDir), 'utf8').trim();

const login = (app: FastifyInstance, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_EMAIL, password } });

const dataDir = newDataDir('demo');
const start = async () => (await open(dataDir)).app;

describe('demo', () => {
  it('serves the demo site on news.localhost and not on other hosts, seeds once', async () => {
    const app = await start();
    try {
      const first = await app.demo.seed({ days: 2 });
      expect(first.outcome).toBe('seeded');
      expect(first.stored).toBeGreaterThan(1000);

      const home = await app.inject({ url: '/', headers: { host: 'news.localhost:3000' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('div-gpt-ad-home-top-970x90');
      expect(home.body).toContain('class="adsbygoogle"');
      const code = await app.demo.trackingCode();
      expect(home.body).toContain(`<script defer src="http://localhost:3000/api/tracker.js" data-site="${code}"></script>`);
      const article = await app.inject({ url: '/local/tram-extension-approved', headers: { host: 'news.localhost' } });
      expect(article.statusCode).toBe(200);
      expect((await app.inject({ url: '/ads/gpt.js', headers: { host: 'news.localhost' } })).body).toContain('impressionViewable');
      // Another host never sees the demo site; the API stays reachable on the demo host.
      const other = await app.inject({ url: '/local/tram-extension-approved', headers: { host: 'localhost:3000' } });
      expect(other.body).not.toContain('Daily Gazette');
      expect((await app.inject({ url: '/api/health', headers: { host: 'news.localhost' } })).statusCode).toBe(200);

      expect((await login(app, filePassword(dataDir))).statusCode).toBe(200);
      const [row] = await app.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews');
      expect(Number(row?.n)).toBeGreaterThan(100);
    } finally {
      await app.close();
    }

    const { app: again, log } = await open(dataDir);
    try {
      const before = await again.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews');
      const second = await again.demo.seed({ days: 2 });
      expect(second.outcome).toBe('already-seeded');
      const after = await again.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews');
      expect(after).toEqual(before);
      // Listening logs where the demo is; the seed it starts finds the history done.
      await again.listen({ host: '127.0.0.1', port: 0 });
    } finally {
      await again.close();
    }
    const password = filePassword(dataDir);
    expect(log).toContain(`Demo site: http://news.localhost:3000/ — demo account ${DEMO_EMAIL}, its first password in ${passwordFile(dataDir)}`);
    expect(log.filter((line) => line.includes(password))).toEqual([]);
  });

  it('gives each installation its own password, logged once and kept owner-only in DATA_DIR/demo-password', async () => {
    const passwords: string[] = [];
    for (const dir of [newDataDir('demo-a'), newDataDir('demo-b')]) {
      const { app, log } = await open(dir);
      try {
        expect((await app.demo.seed({ days: 0 })).outcome).toBe('seeded');
        const password = filePassword(dir);
        passwords.push(password);
        expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
        expect(statSync(passwordFile(dir)).mode & 0o777).toBe(0o600);
        expect(log.filter((line) => line.includes(password))).toEqual([
          `Demo account created: sign in as ${DEMO_EMAIL} with the password ${password} (also in ${passwordFile(dir)})`,
        ]);
        expect((await login(app, password)).statusCode).toBe(200);
        expect((await login(app, PUBLISHED_PASSWORD)).statusCode).toBe(401);
      } finally {
        await app.close();
      }
    }
    expect(passwords[0]).not.toBe(passwords[1]);
  });

  it('keeps the password over restarts, the first one and the one the user chose', async () => {
    const dir = newDataDir('demo-restart');
    const first = await open(dir);
    let password: string;
    try {
      await first.app.demo.seed({ days: 0 });
      password = filePassword(dir);
    } finally {
      await first.app.close();
    }

    const second = await open(dir);
    try {
      await second.app.demo.seed({ days: 0 });
      expect(filePassword(dir)).toBe(password);
      expect(second.log.filter((line) => line.includes(password))).toEqual([]);
      const session = (await login(second.app, password)).json() as { tokens: { accessToken: string }; user: { user_id: string } };
      const changed = await second.app.inject({
        method: 'PUT',
        url: `/api/users/${session.user.user_id}/password`,
        headers: { authorization: `Bearer ${session.tokens.accessToken}` },
        payload: { currentPassword: password, newPassword: 'the demo is mine now' },
      });
      expect(changed.statusCode).toBe(200);
    } finally {
      await second.app.close();
    }

    const third = await open(dir);
    try {
      await third.app.demo.seed({ days: 0 });
      expect((await login(third.app, 'the demo is mine now')).statusCode).toBe(200);
      expect((await login(third.app, password)).statusCode).toBe(401);
    } finally {
      await third.app.close();
    }
  }, 60_000);

  it('gives the account DEMO_PASSWORD when set, without logging it', async () => {
    const dir = newDataDir('demo-set');
    const { app, log } = await open(dir, { DEMO_PASSWORD: 'operator chosen 1' });
    try {
      await app.demo.seed({ days: 0 });
      expect((await login(app, 'operator chosen 1')).statusCode).toBe(200);
      expect(log).toContain(`Demo account created: sign in as ${DEMO_EMAIL} with the password set in DEMO_PASSWORD (also in ${passwordFile(dir)})`);
      expect(log.filter((line) => line.includes('operator chosen 1'))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('replaces the published password of an account made before, even with DEMO off, and ends its sign-ins', async () => {
    const dir = newDataDir('demo-published');
    const old = await open(dir);
    let refreshToken: string;
    try {
      await old.app.demo.seed({ days: 0 });
      // As an earlier version made it.
      await old.app.metadata.db.updateTable('users').set({ password_hash: await hashPassword(PUBLISHED_PASSWORD, PASSWORD_COST) }).where('email', '=', DEMO_EMAIL).execute();
      refreshToken = ((await login(old.app, PUBLISHED_PASSWORD)).json() as { tokens: { refreshToken: string } }).tokens.refreshToken;
    } finally {
      await old.app.close();
    }

    const upgraded = await open(dir, { DEMO: '0' });
    try {
      const password = filePassword(dir);
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect((await login(upgraded.app, PUBLISHED_PASSWORD)).statusCode).toBe(401);
      expect((await login(upgraded.app, password)).statusCode).toBe(200);
      expect((await upgraded.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } })).statusCode).toBe(401);
      expect(upgraded.log.filter((line) => line.includes(password))).toHaveLength(1);
    } finally {
      await upgraded.app.close();
    }
  }, 60_000);

  it('marks the demo website as the demo (is_demo) in every answer about it, and no other website on its host', async () => {
    const dir = newDataDir('demo-mark');
    const { app } = await open(dir);
    try {
      await app.demo.seed({ days: 0 });
      const demoAuth = { authorization: `Bearer ${((await login(app, filePassword(dir))).json() as { tokens: { accessToken: string } }).tokens.accessToken}` };
      const [listed] = (await app.inject({ url: '/api/websites', headers: demoAuth })).json().websites as { website_id: string; domain: string; is_demo: boolean }[];
      expect(listed).toMatchObject({ domain: 'news.localhost', is_demo: true });
      expect((await app.inject({ url: `/api/websites/${listed!.website_id}`, headers: demoAuth })).json().website.is_demo).toBe(true);
      // A page of it says so too (page analytics and its heatmaps read the page).
      const visit = await app.inject({
        method: 'POST',
        url: '/api/collect',
        headers: { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' },
        payload: JSON.stringify({ site: await app.demo.trackingCode(), u: 'http://news.localhost:3000/', pv: randomUUID(), sid: randomUUID(), e: [{ k: 'pv', a: 0, t: 'Home', r: '', vw: 1280, vh: 800, dh: 3000 }] }),
      });
      expect(visit.statusCode).toBeLessThan(300);
      const { pages } = (await app.inject({ url: `/api/websites/${listed!.website_id}`, headers: demoAuth })).json().website as { pages: { page_id: string }[] };
      expect((await app.inject({ url: `/api/pages/${pages[0]!.page_id}`, headers: demoAuth })).json().page.website).toMatchObject({ domain: 'news.localhost', is_demo: true });

      // Anybody may add the demo host to their own account: that website is theirs, not the demo.
      const other = (
        await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Someone', email: 'someone@example.com', password: 'correct-horse-42' } })
      ).json() as { tokens: { accessToken: string } };
      const otherAuth = { authorization: `Bearer ${other.tokens.accessToken}` };
      const created = await app.inject({ method: 'POST', url: '/api/websites', headers: otherAuth, payload: { name: 'Mine', domain: 'news.localhost' } });
      expect(created.json().data.website).toMatchObject({ domain: 'news.localhost', is_demo: false });
      expect((await app.inject({ url: '/api/websites', headers: otherAuth })).json().websites.map((w: { is_demo: boolean }) => w.is_demo)).toEqual([false]);
    } finally {
      await app.close();
    }
  });

  it('resumes an interrupted seed without counting the rewritten days twice in the rollups', async () => {
    const resumeDir = mkdtempSync(path.join(tmpdir(), 'foldline-demo-resume-'));
    const openResume = async () => {
      await withMigratedEvents(resumeDir);
      const app = await buildApp(loadConfig({ DATA_DIR: resumeDir, DEMO: '1', LOG_LEVEL: 'silent' }), { logger: false, serveWebApp: false, passwordCost: TEST_PASSWORD_COST });
      await app.ready();
      return app;
    };
    // Every rollup against the raw rows it sums, per day: equal unless a window was counted twice.
    const rollupsAgainstRaw = (app: FastifyInstance) =>
      app.events.query<Record<string, number>>(`SELECT
        (SELECT count() FROM foldline.pageviews) AS raw_pageviews,
        (SELECT sum(pageviews) FROM foldline.page_stats_daily) AS daily_pageviews,
        (SELECT sum(pageviews) FROM foldline.page_stats_hourly) AS hourly_pageviews,
        (SELECT sum(pageviews) FROM foldline.site_stats_hourly) AS site_pageviews,
        (SELECT sum(pageviews) FROM foldline.page_events_log) AS log_pageviews,
        (SELECT countIf(kind = 'impression') FROM foldline.ad_events) AS raw_impressions,
        (SELECT sum(impressions) FROM foldline.ad_stats_hourly) AS ad_hourly_impressions,
        (SELECT sum(impressions) FROM foldline.ad_stats_daily) AS ad_daily_impressions,
        (SELECT sum(impressions) FROM foldline.page_stats_daily) AS page_daily_impressions,
        (SELECT sum(scroll_gain) FROM foldline.engagement) AS raw_scroll,
        (SELECT sum(scroll_sum) FROM foldline.page_stats_daily) AS daily_scroll,
        (SELECT sum(scroll_sum) FROM foldline.page_stats_hourly) AS hourly_scroll,
        (SELECT sum(scroll_sum) FROM foldline.site_stats_hourly) AS site_scroll`);
    try {
      const first = await openResume();
      let complete: Record<string, number> | undefined;
      try {
        await first.demo.seed({ days: 3 });
        [complete] = await rollupsAgainstRaw(first);
      } finally {
        await first.close();
      }
      // As if the run had stopped in its second day, after writing part of it (here: all of it and the third).
      const state = readSeedState(resumeDir)!;
      writeSeedState(resumeDir, { ...state, completedDays: 1, done: false });

      const second = await openResume();
      try {
        expect((await second.demo.seed({ days: 3 })).outcome).toBe('seeded');
        const [resumed] = await rollupsAgainstRaw(second);
        const numbers = (row: Record<string, number> | undefined) => Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));
        // The same history as the uninterrupted run: the simulator is deterministic per day.
        expect(numbers(resumed)).toEqual(numbers(complete));
        const values = numbers(resumed);
        expect(values.raw_pageviews).toBeGreaterThan(100);
        for (const key of ['daily_pageviews', 'hourly_pageviews', 'site_pageviews', 'log_pageviews']) expect(values[key], key).toBe(values.raw_pageviews);
        for (const key of ['ad_hourly_impressions', 'ad_daily_impressions', 'page_daily_impressions']) expect(values[key], key).toBe(values.raw_impressions);
        expect(values.raw_scroll).toBeGreaterThan(0);
        for (const key of ['daily_scroll', 'hourly_scroll', 'site_scroll']) expect(values[key], key).toBe(values.raw_scroll);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(resumeDir, { recursive: true, force: true });
    }
    // Two three-day seeds: 8 s alone, past the default 30 s with another file and a benchmark on the other core.
  }, 120_000);
});

describe('live readers', () => {
  const LIVE = { intervalMs: 200, visitsPerMinute: 30 };
  const openLive = async (dataDir: string, env: Record<string, string> = {}) => {
    await withMigratedEvents(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...env });
    const app = await buildApp(config, { logger: false, serveWebApp: false, demoLiveReaders: LIVE, passwordCost: TEST_PASSWORD_COST });
    captureLog(app);
    await app.ready();
    return app;
  };
  const eventsSince = async (app: FastifyInstance, since: number) =>
    Number(
      (await app.events.query<{ n: string }>(`SELECT count() AS n FROM foldline.pageviews WHERE ts >= {since:DateTime64(3, 'UTC')}`, { since: toEventTime(since) }))[0]?.n,
    );
  const pageviews = async (app: FastifyInstance) => Number((await app.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews'))[0]?.n);

  it('keep simulated readers arriving after the seed while the server runs, through the ingest, and stop on close', async () => {
    const dir = newDataDir('demo-live');
    const app = await openLive(dir);
    const accept = vi.spyOn(app.ingest, 'accept');
    try {
      // A history that ended ten minutes ago: on its own, nobody is on the site now.
      await app.demo.seed({ days: 1, end: Date.now() - 10 * 60_000 });
      const session = (await login(app, filePassword(dir))).json() as { tokens: { accessToken: string } };
      const headers = { authorization: `Bearer ${session.tokens.accessToken}` };
      const [demo] = (await app.inject({ url: '/api/websites', headers })).json().websites as { website_id: string; tracking_code: string }[];
      const visitorsNow = async () => (await app.inject({ url: `/api/analytics/realtime?websiteId=${demo!.website_id}`, headers })).json().visitors as number;
      expect(await visitorsNow()).toBe(0);
      expect(await eventsSince(app, Date.now() - 60_000)).toBe(0);
      // From here on, what reaches the pipeline is the live readers'.
      accept.mockClear();

      // Listening starts the seed, which finds the history done, and then the readers.
      await app.listen({ host: '127.0.0.1', port: 0 });
      await expect.poll(visitorsNow, { timeout: 10_000, interval: 250 }).toBeGreaterThan(0);
      await expect.poll(() => eventsSince(app, Date.now() - 60_000), { timeout: 10_000, interval: 250 }).toBeGreaterThan(0);
      // The demo website's own traffic: its tracking code, its pages on the demo host, a reader's browser.
      const [sent, meta] = accept.mock.calls.at(-1)!;
      const payload = sent as { site: string; u: string };
      expect(payload.site).toBe(demo!.tracking_code);
      expect(new URL(payload.u).host).toBe('news.localhost:3000');
      expect(meta.userAgent).not.toMatch(/HeadlessChrome|bot/i);
      // No event of theirs lies in the future.
      const [latest] = await app.events.query<{ ts: string }>('SELECT toString(max(ts)) AS ts FROM foldline.pageviews');
      expect(Date.parse(`${latest!.ts.replace(' ', 'T')}Z`)).toBeLessThanOrEqual(Date.now());
    } finally {
      await app.close();
    }
    // Closed: the timer is gone, nothing more reaches the pipeline.
    const calls = accept.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, LIVE.intervalMs * 5));
    expect(accept.mock.calls.length).toBe(calls);

    // With DEMO off, the same data directory gets no readers.
    const off = await openLive(dir, { DEMO: '0' });
    try {
      await off.listen({ host: '127.0.0.1', port: 0 });
      const before = await pageviews(off);
      await new Promise((resolve) => setTimeout(resolve, LIVE.intervalMs * 5));
      expect(await pageviews(off)).toBe(before);
    } finally {
      await off.close();
    }
  }, 90_000);
});
