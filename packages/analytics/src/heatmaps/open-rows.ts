// A heatmap look's open part as raw rows. Once a map's settled days are kept (kept-sums.ts), what a look reads is the
// window's first part-day and the days still open: at 10 M events some 200 viewport spans, 50 pointer rests and as
// many clicks and engagement rows of the bench's busiest page. The statements that count them (the cells' groupings,
// the engagement shares' windows over readers) cost 20–35 ms of planning each on the embedded engine; plain reads of
// those rows cost 7–10 ms, and the rows are counted here by the functions the statements are held equal to
// (event-store heatmapCellsOf, engagementSumsOf). Past OPEN_ROWS_MAX rows of a table, the statement counts them, and
// the scope is left to it for a while (raw-rows.ts).
import type { DeviceType } from '@foldline/contracts';
import { toEventTime, type EventStore } from '@foldline/event-store';
import type { TimeWindow } from '../query.ts';
import { createTooMany, hoursOf } from '../raw-rows.ts';
import { withoutWindow } from '../segments.ts';
import type { Statement } from '../together.ts';

/** Rows of a table a look reads at most for its open part. */
export const OPEN_ROWS_MAX = 5_000;

/** The columns each definition reads of a table (heatmapCellsOf's, engagementSumsOf's), the time as milliseconds in
 * `at` (an alias named `ts` would stand for the column in the WHERE clause). */
const COLUMNS = {
  pageviews: 'pageview_id, viewport_h, doc_h',
  engagement: 'pageview_id, is_first, scroll_gain, max_scroll_pct',
  clicks: 'pageview_id, selector, offset_x, offset_y, x, y, viewport_w, doc_h',
  viewport_spans: 'pageview_id, toUnixTimestamp64Milli(ts) AS at, scroll_y, viewport_h, doc_h, duration_ms',
  attention: 'pageview_id, toUnixTimestamp64Milli(ts) AS at, x, y, viewport_w, doc_h, weight_ms',
} as const;

export type OpenTable = keyof typeof COLUMNS;
export type OpenRows = Partial<Record<OpenTable, Record<string, unknown>[]>>;

export interface OpenScope {
  websiteId: string;
  pageId: string;
  device: DeviceType;
  /** The look's whole hours. */
  range: TimeWindow;
  /** Its settled days, kept: not read. */
  skip: TimeWindow;
  /** A segment's pageviews (the request's read of them): only their rows count. */
  segmentIds?: ReadonlySet<string> | undefined;
}

const tooMany = createTooMany();

/** The raw rows' time condition: the range's whole hours ({from}, {to}, bound already), without the skipped days. */
export function rawTimes(skip: TimeWindow | undefined, params: Record<string, unknown>): string {
  if (!skip) return "ts >= {from:DateTime64(3, 'UTC')} AND ts < {to:DateTime64(3, 'UTC')}";
  params.skipFrom = toEventTime(skip.start);
  params.skipTo = toEventTime(skip.end);
  return `((ts >= {from:DateTime64(3, 'UTC')} AND ts < {skipFrom:DateTime64(3, 'UTC')}) OR (ts >= {skipTo:DateTime64(3, 'UTC')} AND ts < {to:DateTime64(3, 'UTC')}))`;
}

/**
 * The plain reads of `tables`' rows of the scope's open part, and those rows from their results (of the segment's
 * pageviews only, when it has one); undefined rows when a table had more than OPEN_ROWS_MAX, and no read at all
 * while the scope is known to have more.
 */
export function openRowsRead(
  events: EventStore,
  scope: OpenScope,
  tables: readonly OpenTable[],
): { statements: Statement[]; rows(results: readonly (readonly Record<string, unknown>[])[]): OpenRows | undefined } | undefined {
  const open = withoutWindow([scope.range], scope.skip);
  const shape = `${scope.websiteId}|${scope.pageId}|${scope.device}|${tables.join(',')}|${hoursOf(open)}`;
  if (tooMany.isKnown(events, shape)) return undefined;
  const statements = tables.map((table): Statement => {
    const params: Record<string, unknown> = { websiteId: scope.websiteId, pageId: scope.pageId, device: scope.device, from: toEventTime(scope.range.start), to: toEventTime(scope.range.end) };
    const where = `website_id = {websiteId:UUID} AND page_id = {pageId:UUID} AND device = {device:String} AND ${rawTimes(scope.skip, params)}`;
    return { sql: `SELECT ${COLUMNS[table]} FROM foldline.${table} WHERE ${where} LIMIT ${OPEN_ROWS_MAX + 1}`, params };
  });
  return {
    statements,
    rows: (results) => {
      if (results.some((rows) => rows.length > OPEN_ROWS_MAX)) {
        tooMany.note(events, shape);
        return undefined;
      }
      const { segmentIds } = scope;
      return Object.fromEntries(
        tables.map((table, i) => {
          const rows = results[i] ?? [];
          return [table, segmentIds ? rows.filter((row) => segmentIds.has(String(row.pageview_id))) : [...rows]];
        }),
      );
    },
  };
}
