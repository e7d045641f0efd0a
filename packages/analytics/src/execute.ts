// Runs a compiled analytics query on the event store: read-only, time-limited, rows typed back into numbers.
import type { EventStore } from '@foldline/event-store';
import { compileQuery } from './compile.ts';
import type { AnalyticsQuery, Dimension, Metric, ResultRow } from './query.ts';

/** Seconds before the engine stops an analytics query. */
const MAX_EXECUTION_TIME = 10;

export async function runQuery(events: EventStore, query: AnalyticsQuery): Promise<ResultRow[]> {
  // No website in scope means no data: never send a query that could read beyond the user's websites.
  if (query.filters.websiteIds.length === 0 || query.filters.pageIds?.length === 0) return [];
  const { sql, params } = compileQuery(query);
  return resultRows(query, await events.query<Record<string, unknown>>(sql, params, QUERY_OPTIONS));
}

/** How an analytics statement runs: read-only, time-limited (also for one sent with others: together.ts). */
export const QUERY_OPTIONS = { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME } as const;

/** A compiled query's rows as the engine gave them, typed. */
export function resultRows(query: AnalyticsQuery, rows: readonly Record<string, unknown>[]): ResultRow[] {
  return rows.map((row) => ({
    period: row.period === 'previous' ? 'previous' : 'current',
    dimensions: Object.fromEntries((query.dimensions ?? []).map((d) => [d, dimensionValue(d, row[d])])) as Partial<Record<Dimension, string>>,
    // 64-bit integers arrive as JSON strings.
    metrics: Object.fromEntries(query.metrics.map((m) => [m, Number(row[m] ?? 0)])) as Record<Metric, number>,
  }));
}

function dimensionValue(dimension: Dimension, value: unknown): string {
  const text = String(value);
  // Hours come back as 'YYYY-MM-DD hh:mm:ss' in UTC.
  if (dimension === 'hour') return `${text.slice(0, 10)}T${text.slice(11, 19)}.000Z`;
  return text;
}
