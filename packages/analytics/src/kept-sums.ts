// Additive figures with their settled days read once and kept. A settled day (settled-days.ts) takes no more events,
// so a query's sums over its settled days stay true; a later look reads only the rest of its range (the window's first
// part-day and the days still open) and adds what is kept. On the embedded engine every statement's parts cost their
// planning, not their rows: at 10 M events top pages' figures over a quarter took 36 ms, their open part 14.
//
// What is kept is a query's rows over its settled days, under that query's own statement (so another website set,
// page set or day range is another entry), within one budget of rows per event store, the least recently used let go
// first. Writing a settled day's events (the demo's history, a deletion) must forget what is kept (forgetKeptSums).
import type { EventStore } from '@foldline/event-store';
import { compileQuery } from './compile.ts';
import { resultRows } from './execute.ts';
import { touched, withinBudget } from './held-budget.ts';
import { upToNow } from './periods.ts';
import { ADDITIVE_METRICS, type AnalyticsQuery, type ResultRow } from './query.ts';
import { settledDays } from './settled-days.ts';
import type { Statement } from './together.ts';

/** Rows kept per event store, all entries together: some 100 bytes each. */
const MAX_ROWS = 200_000;

const kept = new WeakMap<EventStore, Map<string, ResultRow[]>>();

export interface KeepingRead {
  /** What to send, with a caller's other statements (together.ts): the open part of the range, then the settled days'
   * unless they are kept. None when the query's scope is empty. */
  statements: Statement[];
  /** The settled days' rows when they were kept before this read; undefined when they are among `statements`. */
  settled: readonly ResultRow[] | undefined;
  /** The query's rows over its whole range from `statements`' results, in their order; keeps the settled days'. */
  rows(results: readonly (readonly Record<string, unknown>[])[]): ResultRow[];
}

/**
 * `query` over its range, its settled days from what is kept. Only additive metrics (ADDITIVE_METRICS), no comparison.
 * Rows come in no particular order.
 */
export function readKeepingSettledDays(events: EventStore, query: AnalyticsQuery, now: Date): KeepingRead {
  const other = query.metrics.find((metric) => !ADDITIVE_METRICS.has(metric));
  if (other || query.comparison) throw new Error(`Only additive figures of one period can keep their settled days (${other ?? 'comparison'})`);
  // No website or page in scope means no data: nothing is sent that could read beyond them.
  if (query.filters.websiteIds.length === 0 || query.filters.pageIds?.length === 0) return { statements: [], settled: [], rows: () => [] };
  const { first, end } = settledDays(upToNow(query.range, now));
  if (first >= end) {
    const whole = compileQuery(query);
    return { statements: [whole], settled: [], rows: ([rows]) => resultRows(query, rows ?? []) };
  }
  const days = { start: new Date(first), end: new Date(end) };
  const settledQuery = { ...query, range: days };
  const settledStatement = compileQuery(settledQuery);
  const key = `${settledStatement.sql}\n${JSON.stringify(settledStatement.params)}`;
  const entries = kept.get(events) ?? new Map<string, ResultRow[]>();
  kept.set(events, entries);
  const found = touched(entries, key);
  const open = compileQuery({ ...query, skip: days });
  return {
    statements: found ? [open] : [open, settledStatement],
    settled: found,
    rows: ([openRows, settledRows]) => {
      let settled = found;
      if (!settled) {
        settled = resultRows(settledQuery, settledRows ?? []);
        entries.set(key, settled);
        withinBudget(entries, (rows) => rows.length, MAX_ROWS, key, (name) => entries.delete(name));
      }
      return added(query, settled, resultRows(query, openRows ?? []));
    },
  };
}

/** Forgets every kept day of this event store: a settled day's events were written or deleted. */
export function forgetKeptSums(events: EventStore): void {
  kept.delete(events);
}

/** Two reads' rows of the same query over disjoint windows, as one: the metrics of rows with the same keys added. */
function added(query: AnalyticsQuery, a: readonly ResultRow[], b: readonly ResultRow[]): ResultRow[] {
  const dimensions = query.dimensions ?? [];
  const byKey = new Map<string, ResultRow>();
  for (const row of [...a, ...b]) {
    const key = dimensions.map((dimension) => row.dimensions[dimension]).join('\n');
    const found = byKey.get(key);
    if (!found) {
      byKey.set(key, { period: row.period, dimensions: row.dimensions, metrics: { ...row.metrics } });
      continue;
    }
    for (const metric of query.metrics) found.metrics[metric] += row.metrics[metric];
  }
  return [...byKey.values()];
}
