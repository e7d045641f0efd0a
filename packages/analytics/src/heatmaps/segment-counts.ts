// GET /api/analytics/heatmap-segments (issue 26): what the heatmap card's Source and Browser selectors offer — the
// pageviews of the page on the device in the period per traffic source and per browser family, counted over the same
// whole hours as the maps, so a segment's count is its map's `meta.pageviews`.
import { heatmapDevice, MAX_SEGMENT_BROWSERS, TRAFFIC_SOURCES, type DeviceFilter, type HeatmapPeriod, type HeatmapSegmentsResponse, type TrafficSource } from '@foldline/contracts';
import { toEventTime } from '@foldline/event-store';
import type { AnalyticsContext } from '../context.ts';
import { periodWindows, wholeHours } from '../periods.ts';
import { pageInScope } from '../scope.ts';
import { PAGEVIEW_SEGMENTS } from './heatmap-segment.ts';

const MAX_EXECUTION_TIME = 10;

export async function heatmapSegments(
  context: AnalyticsContext,
  params: { pageId: string; period: HeatmapPeriod; deviceType: DeviceFilter },
): Promise<HeatmapSegmentsResponse> {
  const page = await pageInScope(context.db, context.userId, params.pageId);
  const range = wholeHours(periodWindows(params.period, context.now).current);
  const values: Record<string, unknown> = {
    websiteId: page.website_id,
    pageId: page.id,
    device: heatmapDevice(params.deviceType),
    from: toEventTime(range.start),
    to: toEventTime(range.end),
  };
  const rows = await context.events.query<Record<string, unknown>>(
    `SELECT source, browser, count() AS pageviews
     FROM ${PAGEVIEW_SEGMENTS}
     WHERE website_id = {websiteId:UUID} AND page_id = {pageId:UUID} AND device = {device:String}
       AND ts >= {from:DateTime64(3, 'UTC')} AND ts < {to:DateTime64(3, 'UTC')}
     GROUP BY source, browser`,
    values,
    { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME },
  );
  const bySource = new Map<TrafficSource, number>(TRAFFIC_SOURCES.map((source) => [source, 0]));
  const byBrowser = new Map<string, number>();
  let pageviews = 0;
  for (const row of rows) {
    const count = Number(row.pageviews);
    pageviews += count;
    const source = row.source as TrafficSource;
    bySource.set(source, (bySource.get(source) ?? 0) + count);
    const browser = String(row.browser);
    if (browser) byBrowser.set(browser, (byBrowser.get(browser) ?? 0) + count);
  }
  const browsers = [...byBrowser]
    .map(([browser, count]) => ({ browser, pageviews: count }))
    .sort((a, b) => b.pageviews - a.pageviews || a.browser.localeCompare(b.browser))
    .slice(0, MAX_SEGMENT_BROWSERS);
  return { data: { pageviews, sources: [...bySource].map(([source, count]) => ({ source, pageviews: count })), browsers } };
}
