// The generated SQL per query kind, as snapshots (PostHog's habit): a change in any statement shows in review.
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../src/compile.ts';
import { periodWindows } from '../src/periods.ts';
import type { AnalyticsQuery } from '../src/query.ts';

const WEBSITE = '0b7c0e5e-5d8f-4a53-9a43-3f1f1d0c9a11';
const PAGE = '7d8f2c1a-2b3c-4d5e-8f90-1a2b3c4d5e6f';
// 10:17:30.250 UTC: not on the hour, so every kind shows its raw edges.
const NOW = new Date('2026-11-22T10:17:30.250Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const day = { start: ago(24), end: NOW };
const previousDay = { start: ago(48), end: ago(24) };

const kinds: Record<string, AnalyticsQuery> = {
  'dashboard kpi (ads per unit and device, with comparison)': {
    metrics: ['impressions', 'viewable_impressions', 'ad_clicks'],
    dimensions: ['website_id', 'ad_unit_id', 'device'],
    filters: { websiteIds: [WEBSITE] },
    range: day,
    comparison: previousDay,
  },
  'top pages (every source, ordered and limited)': {
    metrics: ['sessions', 'events', 'avg_engagement_ms', 'avg_scroll_depth', 'viewability', 'ctr', 'ad_clicks'],
    dimensions: ['page_id'],
    filters: { websiteIds: [WEBSITE] },
    range: { start: ago(24 * 30), end: NOW },
    orderBy: [{ field: 'sessions', direction: 'desc' }],
    limit: 10,
  },
  'page metrics (one page, one device)': {
    metrics: ['sessions', 'avg_engagement_ms', 'avg_scroll_depth'],
    filters: { websiteIds: [WEBSITE], pageIds: [PAGE], device: 'mobile' },
    range: { start: ago(24 * 7), end: NOW },
  },
  'ad performance (units of a page)': {
    metrics: ['impressions', 'viewability', 'ctr'],
    dimensions: ['ad_unit_id'],
    filters: { websiteIds: [WEBSITE], pageIds: [PAGE] },
    range: { start: ago(24 * 7), end: NOW },
  },
  'time series by day in a timezone': {
    metrics: ['pageviews', 'impressions', 'viewability', 'ctr'],
    dimensions: ['day'],
    filters: { websiteIds: [WEBSITE] },
    range: { start: ago(24 * 30), end: NOW },
    timezone: 'Europe/Paris',
  },
  'time series by hour': {
    metrics: ['pageviews', 'impressions'],
    dimensions: ['hour'],
    filters: { websiteIds: [WEBSITE] },
    range: day,
  },
  'prebid revenue per unit and currency (with comparison, one device)': {
    metrics: ['prebid_revenue', 'prebid_auctions', 'prebid_wins', 'empty_renders'],
    dimensions: ['website_id', 'ad_unit_id', 'currency'],
    filters: { websiteIds: [WEBSITE], device: 'mobile' },
    range: { start: ago(24 * 30), end: NOW },
    comparison: { start: ago(24 * 60), end: ago(24 * 30) },
  },
  'page figures of a quarter, its settled days skipped (hours only, one branch: no outer level)': {
    metrics: ['pageviews', 'events', 'engaged_pageviews', 'engaged_ms', 'scroll_sum', 'impressions', 'viewable_impressions', 'ad_clicks'],
    dimensions: ['page_id'],
    filters: { websiteIds: [WEBSITE] },
    range: periodWindows('quarter', NOW).current,
    skip: { start: new Date('2026-08-25T00:00:00Z'), end: new Date('2026-11-21T00:00:00Z') },
  },
  'realtime visitors (raw only)': {
    metrics: ['active_visitors'],
    filters: { websiteIds: [WEBSITE] },
    range: { start: new Date(NOW.getTime() - 5 * 60_000), end: NOW },
  },
};

describe('compileQuery', () => {
  for (const [kind, query] of Object.entries(kinds)) {
    it(`compiles ${kind}`, () => {
      const compiled = compileQuery(query);
      expect(compiled.sql).toMatchSnapshot();
      expect(compiled.params).toMatchSnapshot();
      // Values never appear in the text: every id and time is a bound parameter.
      expect(compiled.sql).not.toContain(WEBSITE);
      expect(compiled.sql).not.toContain('2026-');
    });
  }

  it('rejects what is not on the allowlists', () => {
    const base = kinds['page metrics (one page, one device)']!;
    expect(() => compileQuery({ ...base, metrics: ['sessions; DROP TABLE x' as never] })).toThrow(/Unknown metric/);
    expect(() => compileQuery({ ...base, dimensions: ['url' as never] })).toThrow(/Unknown dimension/);
    expect(() => compileQuery({ ...base, dimensions: ['ad_unit_id'] })).toThrow(/cannot be split by ad_unit_id/);
    expect(() => compileQuery({ ...base, orderBy: [{ field: 'impressions', direction: 'desc' }] })).toThrow(/not selected/);
    expect(() => compileQuery({ ...base, comparison: { start: ago(400), end: ago(300) } })).toThrow(/must end where/);
  });

  it('skips only whole days inside the range, of additive metrics, without a comparison', () => {
    const base = kinds['page figures of a quarter, its settled days skipped (hours only, one branch: no outer level)']!;
    const { sql, params } = compileQuery(base);
    expect(sql).not.toContain('_daily');
    expect(params).toMatchObject({ t0: '2026-08-24 11:00:00', t1: '2026-08-25 00:00:00', t2: '2026-11-21 00:00:00', t3: '2026-11-22 11:00:00' });
    const skip = base.skip!;
    expect(() => compileQuery({ ...base, metrics: ['sessions'] })).toThrow(/not additive/);
    expect(() => compileQuery({ ...base, metrics: ['viewability'] })).toThrow(/not additive/);
    expect(() => compileQuery({ ...base, skip: { ...skip, start: new Date('2026-08-25T01:00:00Z') } })).toThrow(/whole UTC days/);
    expect(() => compileQuery({ ...base, skip: { ...skip, start: new Date('2026-08-20T00:00:00Z') } })).toThrow(/inside the range/);
    const day = { start: new Date('2026-11-20T00:00:00Z'), end: new Date('2026-11-21T00:00:00Z') };
    expect(() => compileQuery({ ...base, range: day, skip: day })).toThrow(/some of its range/);
    expect(() => compileQuery({ ...base, range: { start: skip.start, end: NOW }, comparison: { start: new Date('2026-05-01T00:00:00Z'), end: skip.start } })).toThrow(/compare/);
  });

  it('reads whole days and hours from rollups and only the edges from raw rows', () => {
    const { sql, params } = compileQuery(kinds['time series by hour']!);
    expect(sql).toContain('FROM foldline.site_stats_hourly');
    expect(params).toMatchObject({ t0: '2026-11-21 11:00:00', t1: '2026-11-22 10:00:00' });
    const aligned = compileQuery({ ...kinds['time series by hour']!, range: { start: new Date('2026-11-21T10:00:00Z'), end: new Date('2026-11-22T10:00:00Z') } });
    expect(aligned.sql).not.toContain('FROM foldline.ad_events');
    const pages = compileQuery(kinds['top pages (every source, ordered and limited)']!);
    // Events and ad figures of pages: one read per tier of the combined page stats, the edges from the page events log.
    expect(pages.sql).toContain('FROM foldline.page_stats_daily');
    expect(pages.sql).toContain('FROM foldline.page_stats_hourly');
    expect(pages.sql).toContain('FROM foldline.page_events_log');
    expect(pages.sql).not.toContain('FROM foldline.page_events_daily');
    expect(pages.sql).not.toContain('FROM foldline.ad_stats_daily');
    expect(pages.sql.match(/FROM foldline\.page_stats_daily/g)).toHaveLength(1);
    expect(pages.params).toMatchObject({ t2: '2026-10-24', t3: '2026-11-22' });
    // Engagement averages are sums in the same rollups: no per-pageview pass over raw engagement rows.
    expect(pages.sql).not.toContain('foldline.engagement');
  });

  it('reads ad units from the ad-unit rollups and their edges from raw ad events (the log keeps pages, not units)', () => {
    const { sql } = compileQuery(kinds['dashboard kpi (ads per unit and device, with comparison)']!);
    expect(sql).toContain('FROM foldline.ad_stats_hourly');
    expect(sql).toContain('FROM foldline.ad_events');
    expect(sql).not.toContain('page_events_log');
    expect(sql).not.toContain('page_stats');
  });

  it('reads Prebid revenue from the revenue rollups and the edges from bid and empty rows, split by currency only there', () => {
    const { sql } = compileQuery({ ...kinds['prebid revenue per unit and currency (with comparison, one device)']!, range: day, comparison: previousDay });
    expect(sql).toContain('FROM foldline.ad_revenue_hourly');
    expect(sql).toContain("kind IN ('bid', 'empty')");
    expect(sql).not.toContain('ad_stats');
    // A period of a week or more is whole hours (periods.ts), so it reads no raw events; the same month ending at
    // 10:17:30 reads its partial hours from them, as every shorter window does.
    const revenueQuery = kinds['prebid revenue per unit and currency (with comparison, one device)']!;
    const windows = periodWindows('month', NOW);
    const month = compileQuery({ ...revenueQuery, range: windows.current, comparison: windows.previous });
    expect(month.sql).toContain('FROM foldline.ad_revenue_daily');
    expect(month.sql).not.toContain('ad_events');
    expect(month.params).toMatchObject({ current_start: '2026-10-23 11:00:00.000' });
    expect(compileQuery(revenueQuery).sql).toContain("kind IN ('bid', 'empty')");
    // A website's total from the per-website tier: a few rows per hour instead of every page's and unit's.
    const site = compileQuery({ ...kinds['time series by hour']!, metrics: ['prebid_revenue'] }).sql;
    expect(site).toContain('FROM foldline.site_revenue_hourly');
    expect(site).not.toContain('ad_revenue_');
    // Beside other figures in one statement: theirs come under no currency (three days: the edges are read).
    const mixed = compileQuery({ ...kinds['ad performance (units of a page)']!, range: { start: ago(72), end: NOW }, metrics: ['impressions', 'prebid_revenue'], dimensions: ['ad_unit_id', 'currency'] }).sql;
    expect(mixed).toContain("SELECT ad_unit_id, '' AS currency, sum(impressions) AS c_impressions, toFloat64(0) AS c_prebid_revenue\n  FROM foldline.ad_stats_daily");
    expect(mixed).toContain('SELECT ad_unit_id, currency, toUInt64(0) AS c_impressions, sum(revenue) AS c_prebid_revenue\n  FROM foldline.ad_revenue_daily');
    // The edges of both from one read of ad_events, each kind counted where it belongs.
    expect(mixed.split('FROM foldline.ad_events').length - 1).toBe(1);
    expect(mixed).toContain("SELECT ad_unit_id, currency, countIf(kind = 'impression') AS c_impressions, sumIf(cpm, kind = 'bid') / 1000 AS c_prebid_revenue");
    expect(mixed).toContain("kind IN ('impression', 'bid')");
  });
});
