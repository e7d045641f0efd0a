// The page events log, which answers the partial hours at a period's edges for page-level events and ad figures,
// against the raw tables it is fed from: after the real ingest pipeline every event is there once, at its exact
// millisecond, so a window cut anywhere (even one millisecond after an event) counts the same from both.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPageviews, HOUR, insertWebsite, sendPageview } from './analytics-fixture.ts';
import { createTestApp, signUp, type TestApp } from './test-app.ts';

const TIME = "DateTime64(3, 'UTC')";
const WINDOW = `ts >= {from:${TIME}} AND ts < {to:${TIME}}`;
const KEYS = 'website_id, page_id, device, toStartOfHour(ts) AS hour';

const RAW_SQL = `SELECT ${KEYS}, count() AS events, countIf(source = 'pageviews') AS pageviews,
    countIf(kind = 'impression') AS impressions, countIf(kind = 'viewable') AS viewable, countIf(kind = 'click') AS clicks
  FROM (
    ${['pageviews', 'engagement', 'viewport_spans', 'clicks', 'attention']
      .map((table) => `SELECT website_id, page_id, device, ts, '${table}' AS source, '' AS kind FROM foldline.${table}`)
      .join('\n    UNION ALL ')}
    UNION ALL SELECT website_id, page_id, device, ts, 'ad_events' AS source, toString(kind) AS kind FROM foldline.ad_events
  )
  WHERE ${WINDOW}
  GROUP BY website_id, page_id, device, hour
  ORDER BY website_id, page_id, device, hour`;

const LOG_SQL = `SELECT ${KEYS}, sum(events) AS events, sum(pageviews) AS pageviews,
    sum(impressions) AS impressions, sum(viewable) AS viewable, sum(clicks) AS clicks
  FROM foldline.page_events_log
  WHERE ${WINDOW}
  GROUP BY website_id, page_id, device, hour
  ORDER BY website_id, page_id, device, hour`;

const iso = (time: number) => new Date(time).toISOString().replace('T', ' ').slice(0, 23);

describe('page events log', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let now: number;

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    const owner = await signUp(app);
    const site = await insertWebsite(app, owner.user.user_id, { name: 'Edges' });
    now = Date.now();
    const pages = [
      { website: site, path: '/', title: 'Home' },
      { website: site, path: '/a', title: 'A' },
    ];
    await Promise.all(buildPageviews(now, pages, 90, 21).map((pv) => sendPageview(app, pv)));
  });
  afterAll(() => t.close());

  const both = async (from: number, to: number) => {
    const params = { from: iso(from), to: iso(to) };
    const [raw, log] = await Promise.all([app.events.query(RAW_SQL, params), app.events.query(LOG_SQL, params)]);
    return { raw, log };
  };

  it('holds every raw event, per page, device and hour', async () => {
    const { raw, log } = await both(now - 400 * 24 * HOUR, now + HOUR);
    expect(raw.length).toBeGreaterThan(10);
    expect(log).toEqual(raw);
  });

  it('has the combined page stats rollups agree with the raw rows per day and per hour', async () => {
    const params = { from: iso(now - 400 * 24 * HOUR), to: iso(now + HOUR) };
    for (const [table, time] of [
      ['page_stats_daily', 'day'],
      ['page_stats_hourly', 'hour'],
    ] as const) {
      const bucket = time === 'day' ? 'toDate(ts)' : 'toStartOfHour(ts)';
      const raw = await app.events.query(RAW_SQL.replace('toStartOfHour(ts) AS hour', `${bucket} AS bucket`).replaceAll(', hour', ', bucket'), params);
      const rollup = await app.events.query(
        `SELECT website_id, page_id, device, ${time} AS bucket, sum(events) AS events, sum(pageviews) AS pageviews,
           sum(impressions) AS impressions, sum(viewable) AS viewable, sum(clicks) AS clicks
         FROM foldline.${table} GROUP BY website_id, page_id, device, bucket ORDER BY website_id, page_id, device, bucket`,
      );
      expect(raw.length).toBeGreaterThan(5);
      expect(rollup).toEqual(raw);
    }
  });

  it('cuts a window exactly where the raw rows cut it, to the millisecond', async () => {
    const times = (await app.events.query<{ ts: string }>('SELECT DISTINCT toString(ts) AS ts FROM foldline.ad_events ORDER BY ts LIMIT 8')).map(
      (row) => Date.parse(`${row.ts.replace(' ', 'T')}Z`),
    );
    expect(times.length).toBeGreaterThan(3);
    for (const time of times) {
      for (const [from, to] of [
        [time, time + HOUR],
        [time + 1, time + HOUR],
        [time - HOUR, time],
        [time - HOUR, time + 1],
      ] as const) {
        const { raw, log } = await both(from, to);
        expect(log).toEqual(raw);
      }
    }
  });
});
