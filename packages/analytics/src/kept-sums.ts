// Additive figures with their settled days read once and kept. A settled day (settled-days.ts) takes no more events,
// so a query's sums over its settled days stay true; a later look reads only the rest of its range (the window's first
// part-day and the days still open) and adds what is kept. On the embedded engine every statement's parts cost their
// planning, not their rows: at 10 M events top pages' figures over a quarter took 36 ms, their open part 14.
//
// What is kept is a read's figures over its settled days, under that read's own statement (so another website set,
// page, segment or day range is another entry), within one budget of rows per event store, the least recently used
// let go first. Writing a settled day's events (the demo's history, a deletion) must forget what is kept
// (forgetKeptSums). readKeeping serves any figures that add up over disjoint windows (the heatmaps' cells and shares);
// readKeepingSettledDays the query model's additive metrics.
import type { EventStore } from '@foldline/event-store';
import { compileQuery } from './compile.ts';
import { QUERY_OPTIONS, resultRows } from './execute.ts';
import { touched, withinBudget } from './held-budget.ts';
import { upToNow } from './periods.ts';
import { ADDITIVE_METRICS, type AnalyticsQuery, type ResultRow, type TimeWindow } from './query.ts';
import { settledDays } from './settled-days.ts';
import type { Statement } from './together.ts';

/** Rows kept per event store, all entries together (a row of figures or a heatmap cell: some 100 bytes). */
const MAX_ROWS = 200_000;

interface Entry {
  value: unknown;
  rows: number;
}

const kept = new WeakMap<EventStore, Map<string, Entry>>();

/** Which part of a range a statement reads: all of it (no settled day in it), its settled days, or the rest. */
export type RangePart = { part: 'whole'; window: TimeWindow } | { part: 'settled'; window: TimeWindow } | { part: 'open'; window: TimeWindow; skip: TimeWindow };

/** How to read, add and size a kind of figures. */
export interface KeepingSpec<T> {
  range: TimeWindow;
  now: Date;
  statement(part: RangePart): Statement;
  parse(rows: readonly Record<string, unknown>[]): T;
  /** The figures of two disjoint parts as the figures of both. */
  add(settled: T, open: T): T;
  /** Its rows, against the budget. */
  rows(value: T): number;
  /** The open part read as plain rows and counted in the process (raw-rows.ts), where the figures can be: the read's
   * statements, and the figures from their results (undefined when a table had more rows than the read takes: the
   * open part's statement is then sent after). Undefined: the open part's statement is sent at once. */
  openRows?(skip: TimeWindow): { statements: Statement[]; value(results: readonly (readonly Record<string, unknown>[])[]): T | undefined } | undefined;
}

export interface Keeping<T> {
  /** What to send, with a caller's other statements (together.ts): the open part of the range, then the settled days'
   * unless they are kept; or the whole range when none of it is settled. */
  statements: Statement[];
  /** The settled days' figures when they were kept before this read. */
  settled: T | undefined;
  /** The range's figures from `statements`' results, in their order; keeps the settled days'. */
  value(results: readonly (readonly Record<string, unknown>[])[]): Promise<T>;
}

/** Figures over `spec.range`, its settled days' from what is kept when they are (see the header). */
export function readKeeping<T>(events: EventStore, spec: KeepingSpec<T>): Keeping<T> {
  const { first, end } = settledDays(upToNow(spec.range, spec.now));
  if (first >= end) {
    const whole = spec.statement({ part: 'whole', window: spec.range });
    return { statements: [whole], settled: undefined, value: ([rows]) => Promise.resolve(spec.parse(rows ?? [])) };
  }
  const days = { start: new Date(first), end: new Date(end) };
  const settledStatement = spec.statement({ part: 'settled', window: days });
  const key = `${settledStatement.sql}\n${JSON.stringify(settledStatement.params)}`;
  const entries = kept.get(events) ?? new Map<string, Entry>();
  kept.set(events, entries);
  const found = touched(entries, key);
  const openPart: RangePart = { part: 'open', window: spec.range, skip: days };
  const rowsRead = spec.openRows?.(days);
  const open = rowsRead?.statements ?? [spec.statement(openPart)];
  return {
    statements: found ? open : [...open, settledStatement],
    settled: found?.value as T | undefined,
    value: async (results) => {
      let settled = found?.value as T | undefined;
      if (settled === undefined) {
        settled = spec.parse(results[open.length] ?? []);
        entries.set(key, { value: settled, rows: spec.rows(settled) });
        withinBudget(entries, (entry) => entry.rows, MAX_ROWS, key, (name) => entries.delete(name));
      }
      const openResults = results.slice(0, open.length);
      let openValue = rowsRead ? rowsRead.value(openResults) : spec.parse(openResults[0] ?? []);
      if (openValue === undefined) {
        const { sql, params } = spec.statement(openPart);
        openValue = spec.parse(await events.query<Record<string, unknown>>(sql, params, QUERY_OPTIONS));
      }
      return spec.add(settled, openValue);
    },
  };
}

/** readKeepingSettledDays' answer: what to send, the settled days' rows when kept before, the range's rows. */
export interface KeepingRead {
  statements: Statement[];
  /** The settled days' rows when they were kept before this read. */
  settled: readonly ResultRow[] | undefined;
  rows(results: readonly (readonly Record<string, unknown>[])[]): Promise<ResultRow[]>;
}

/**
 * `query` over its range, its settled days from what is kept. Only additive metrics (ADDITIVE_METRICS), no comparison.
 * Rows come in no particular order.
 */
export function readKeepingSettledDays(events: EventStore, query: AnalyticsQuery, now: Date): KeepingRead {
  const other = query.metrics.find((metric) => !ADDITIVE_METRICS.has(metric));
  if (other || query.comparison) throw new Error(`Only additive figures of one period can keep their settled days (${other ?? 'comparison'})`);
  // No website or page in scope means no data: nothing is sent that could read beyond them.
  if (query.filters.websiteIds.length === 0 || query.filters.pageIds?.length === 0) return { statements: [], settled: [], rows: () => Promise.resolve([]) };
  const partQuery = (part: RangePart): AnalyticsQuery => (part.part === 'open' ? { ...query, skip: part.skip } : { ...query, range: part.window });
  const read = readKeeping<ResultRow[]>(events, {
    range: query.range,
    now,
    statement: (part) => compileQuery(partQuery(part)),
    parse: (rows) => resultRows(query, rows),
    add: (a, b) => added(query, a, b),
    rows: (rows) => rows.length,
  });
  return { statements: read.statements, settled: read.settled, rows: read.value };
}

/** Forgets every kept day of this event store: a settled day's events were written or deleted. A read under way keeps
 * what it read in the entries it began with, which no later look finds. */
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
