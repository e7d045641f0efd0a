// The demo plugin: the demo site answers on news.localhost only, and seeding creates the account, stores events
// through the ingest pipeline, and does not seed again on a second start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readSeedState, writeSeedState } from '@foldline/demo/seed/seed-state';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-demo-'));
const start = async () => {
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' }), { logger: false, serveWebApp: false });
  await app.ready();
  return app;
};
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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

      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@foldline.local', password: 'foldline-demo' } });
      expect(login.statusCode).toBe(200);
      const [row] = await app.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews');
      expect(Number(row?.n)).toBeGreaterThan(100);
    } finally {
      await app.close();
    }

    const again = await start();
    try {
      const before = await again.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews');
      const second = await again.demo.seed({ days: 2 });
      expect(second.outcome).toBe('already-seeded');
      const after = await again.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews');
      expect(after).toEqual(before);
    } finally {
      await again.close();
    }
  });

  it('resumes an interrupted seed without counting the rewritten days twice in the rollups', async () => {
    const resumeDir = mkdtempSync(path.join(tmpdir(), 'foldline-demo-resume-'));
    const open = async () => {
      const app = await buildApp(loadConfig({ DATA_DIR: resumeDir, DEMO: '1', LOG_LEVEL: 'silent' }), { logger: false, serveWebApp: false });
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
      const first = await open();
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

      const second = await open();
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
