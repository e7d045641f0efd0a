// GET /api/analytics/timeseries: pageviews, impressions, viewability and CTR per hour (day period) or per day,
// days cut in the website's timezone. Buckets without data are present with zeros so charts keep their time axis.
import type { Period, TimeseriesPoint, TimeseriesResponse } from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { periodWindows, timeRangeOf } from '../periods.ts';
import type { TimeWindow } from '../query.ts';
import { websitesInScope } from '../scope.ts';

const HOUR = 3_600_000;

export async function timeseries(context: AnalyticsContext, params: { period: Period; websiteId?: string | undefined }): Promise<TimeseriesResponse> {
  const websites = await websitesInScope(context.db, context.userId, params.websiteId);
  const windows = periodWindows(params.period, context.now);
  const interval = params.period === 'day' ? 'hour' : 'day';
  // Several websites share a day boundary only when they share a timezone; otherwise days are cut in UTC.
  const zones = [...new Set(websites.map((w) => w.timezone))];
  const timezone = zones.length === 1 ? zones[0]! : 'UTC';
  const rows = await runQuery(context.events, {
    metrics: ['pageviews', 'impressions', 'viewability', 'ctr'],
    dimensions: [interval],
    filters: { websiteIds: websites.map((w) => w.id) },
    range: windows.current,
    timezone,
  });
  const byBucket = new Map(rows.map((row) => [row.dimensions[interval] ?? '', row.metrics]));
  const buckets = interval === 'hour' ? hourBuckets(windows.current) : dayBuckets(windows.current, timezone);
  const points: TimeseriesPoint[] = buckets.map((time) => {
    const m = byBucket.get(time);
    return { time, pageviews: m?.pageviews ?? 0, impressions: m?.impressions ?? 0, viewability: m?.viewability ?? 0, ctr: m?.ctr ?? 0 };
  });
  return { interval, timezone, timeRange: timeRangeOf(windows, context.now), points };
}

function hourBuckets(window: TimeWindow): string[] {
  const buckets: string[] = [];
  for (let t = Math.floor(window.start.getTime() / HOUR) * HOUR; t < window.end.getTime(); t += HOUR) buckets.push(new Date(t).toISOString());
  return buckets;
}

/** Every calendar date (YYYY-MM-DD in the zone) the window touches. */
export function dayBuckets(window: TimeWindow, timezone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const dates = new Set<string>();
  // Stepping by an hour catches every date even across daylight-saving changes.
  for (let t = window.start.getTime(); t < window.end.getTime(); t += HOUR) dates.add(format.format(new Date(t)));
  dates.add(format.format(new Date(window.end.getTime() - 1)));
  return [...dates];
}
