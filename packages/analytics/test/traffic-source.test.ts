// Traffic sources (issue 26): the rules on referrers and UTM tags readers arrive with, and the ClickHouse expression
// agreeing with the function on every one of them (chDB, no table needed); the segmented heatmap statement reads raw
// rows of the segment's pageviews, the unsegmented one stays on the rollups.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openChdbStore, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCellsQuery } from '../src/heatmaps/heatmap-cells.ts';
import { hostPattern, trafficSourceOf, trafficSourceSql, type PageviewReferral } from '../src/heatmaps/traffic-source.ts';

const CASES: [Partial<PageviewReferral>, string][] = [
  [{}, 'direct'],
  [{ referrerHost: 'google.com' }, 'search'],
  [{ referrerHost: 'google.co.uk' }, 'search'],
  [{ referrerHost: 'google.com.au' }, 'search'],
  [{ referrerHost: 'news.google.de' }, 'search'],
  [{ referrerHost: 'bing.com' }, 'search'],
  [{ referrerHost: 'cn.bing.com' }, 'search'],
  [{ referrerHost: 'duckduckgo.com' }, 'search'],
  [{ referrerHost: 'search.yahoo.co.jp' }, 'search'],
  [{ referrerHost: 'yahoo.com' }, 'referral'],
  [{ referrerHost: 'l.facebook.com' }, 'social'],
  [{ referrerHost: 'm.facebook.com' }, 'social'],
  [{ referrerHost: 't.co' }, 'social'],
  [{ referrerHost: 'news.ycombinator.com' }, 'social'],
  [{ referrerHost: 'pinterest.co.uk' }, 'social'],
  // Names that only look alike.
  [{ referrerHost: 'notgoogle.com' }, 'referral'],
  [{ referrerHost: 'google.com.evil.example' }, 'referral'],
  [{ referrerHost: 'facebook.com.example.org' }, 'referral'],
  [{ referrerHost: 'example.org' }, 'referral'],
  // Tags decide over the referrer.
  [{ utmSource: 'newsletter' }, 'referral'],
  [{ utmSource: 'newsletter', referrerHost: 'google.com' }, 'referral'],
  [{ utmSource: 'Google', utmMedium: 'cpc' }, 'search'],
  [{ utmSource: 'bing.com' }, 'search'],
  [{ utmMedium: 'organic' }, 'search'],
  [{ utmSource: 'facebook', utmMedium: 'cpc' }, 'social'],
  [{ utmSource: 'newsletter', utmMedium: 'Social' }, 'social'],
  [{ utmSource: ' ig ' }, 'social'],
  [{ utmSource: 'l.instagram.com' }, 'social'],
  [{ utmMedium: 'email' }, 'referral'],
];

const referral = (partial: Partial<PageviewReferral>): PageviewReferral => ({ referrerHost: '', utmSource: '', utmMedium: '', ...partial });

describe('traffic source', () => {
  it('follows the rules: tags first, then the referrer host, else direct', () => {
    for (const [input, source] of CASES) expect(trafficSourceOf(referral(input)), JSON.stringify(input)).toBe(source);
  });

  it('matches a host entry, its subdomains and, for a name with .*, its country domains only', () => {
    const pattern = new RegExp(hostPattern(['example.com', 'search.*']));
    expect(['example.com', 'a.b.example.com', 'search.de', 'www.search.co.uk'].every((host) => pattern.test(host))).toBe(true);
    expect(['example.co', 'myexample.com', 'example.com.au', 'search.example.org'].some((host) => pattern.test(host))).toBe(false);
  });
});

describe('traffic source in ClickHouse', () => {
  let dir: string;
  let store: EventStore;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'foldline-traffic-'));
    store = openChdbStore(dir);
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('classifies every case as the function does', async () => {
    const params: Record<string, unknown> = {
      hosts: CASES.map(([input]) => referral(input).referrerHost),
      sources: CASES.map(([input]) => referral(input).utmSource),
      mediums: CASES.map(([input]) => referral(input).utmMedium),
    };
    const rows = await store.query<{ source: string }>(
      `SELECT ${trafficSourceSql(params)} AS source
       FROM (SELECT arrayJoin(arrayEnumerate({hosts:Array(String)})) AS i, {hosts:Array(String)}[i] AS referrer_host,
               {sources:Array(String)}[i] AS utm_source, {mediums:Array(String)}[i] AS utm_medium)
       ORDER BY i`,
      params,
    );
    expect(rows.map((row) => row.source)).toEqual(CASES.map(([, source]) => source));
  });
});

describe('segmented heatmap statement', () => {
  const request = {
    websiteId: '0b7c0e5e-5d8f-4a53-9a43-3f1f1d0c9a11',
    pageId: '7d8f2c1a-2b3c-4d5e-8f90-1a2b3c4d5e6f',
    device: 'desktop' as const,
    range: { start: new Date('2026-11-15T10:17:30.250Z'), end: new Date('2026-11-22T10:17:30.250Z') },
    detail: ['click'] as const,
    totals: ['fold', 'doc'] as const,
  };

  it('reads the raw rows of the segment pageviews, over the same whole hours, and no rollup', () => {
    const { sql, params } = compileCellsQuery({ ...request, segment: { source: 'search', browser: 'Chrome' } });
    expect(sql).not.toMatch(/heatmap_cells_(hourly|daily)/);
    expect(sql).toMatch(/FROM foldline\.clicks WHERE .* AND pageview_id IN \(SELECT pageview_id FROM foldline\.pageviews/s);
    expect(sql).toMatch(/FROM foldline\.pageviews WHERE .* AND lowerUTF8\(browser\) = \{segmentBrowser:String\}/s);
    expect(params).toMatchObject({ from: '2026-11-15 10:00:00.000', to: '2026-11-22 11:00:00.000', segmentFrom: '2026-11-14 10:00:00.000', segmentBrowser: 'chrome', segmentSource: 'search' });
  });

  it('keeps an empty segment on the rollups', () => {
    expect(compileCellsQuery({ ...request, segment: {} })).toEqual(compileCellsQuery(request));
    expect(compileCellsQuery(request).sql).toMatch(/heatmap_cells_daily/);
  });
});
