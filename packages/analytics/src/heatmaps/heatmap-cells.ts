// Reads one page's heatmap cells on one device for a period: whole days from the daily tier, the other hours from the
// hourly tier (event-store migration 017). The period is counted in whole hours, from the top of its first hour:
// heatmaps do not need the minute, and no raw event is read. A segmented map (issue 26) is the exception: the rollups
// carry no segment, so its cells are made from the raw rows of the segment's pageviews, by the rollups' own definition;
// its fold and doc cells, once a request has read the segment's pageviews, come from that read (heatmap-segment.ts).
// So is a click map narrowed to dead or rage clicks (rage-clicks.ts): the rollups carry neither. A look keeps its
// settled days' cells and counts its open days from their raw rows (cellsRead, kept-sums.ts, open-rows.ts).
import type { ClickFilter, DeviceType, HeatmapSegment } from '@foldline/contracts';
import {
  HEATMAP_CELL_SOURCES,
  HEATMAP_CELLS_TABLE,
  HEATMAP_DAILY_TABLE,
  heatmapCellsOf,
  heatmapCellsOfRowsSql,
  toEventTime,
  type EventStore,
  type HeatmapCellKind,
  type HeatmapCellPosition,
} from '@foldline/event-store';
import { QUERY_OPTIONS } from '../execute.ts';
import { readKeeping, type RangePart } from '../kept-sums.ts';
import { wholeHours } from '../periods.ts';
import type { Statement } from '../together.ts';
import type { TimeWindow } from '../query.ts';
import { splitSkipping } from '../segments.ts';
import { isSegmented, segmentPageviewRowsSql, segmentPageviewsSql, type SegmentPageviews } from './heatmap-segment.ts';
import { openRowsRead, rawTimes, type OpenRows } from './open-rows.ts';
import { filteredClicksSql } from './rage-clicks.ts';

/** A cell of the period: `value` the sum of its values; `yValue` the sum of y × value (with the fold rows summed
 * whole, the average fold). */
export type CellRow = HeatmapCellPosition & { value: number; yValue: number };

export interface CellsRequest {
  websiteId: string;
  pageId: string;
  device: DeviceType;
  range: TimeWindow;
  /** Kinds returned cell by cell. */
  detail: readonly HeatmapCellKind[];
  /** Kinds returned as one total row each (selector, offsets and position 0). */
  totals: readonly HeatmapCellKind[];
  /** Only these pageviews' cells, from raw rows; absent or empty: every pageview's, from the rollups. */
  segment?: HeatmapSegment;
  /** The segment's pageviews when the request has read them (readSegmentPageviews, over the same whole hours): their
   * fold and doc cells are theirs, the other kinds' statement binds their ids. */
  segmentPageviews?: SegmentPageviews;
  /** Only the dead clicks, or the clicks of rage bursts, as click cells (the other kinds keep every row); from raw rows. */
  only?: ClickFilter;
  /** Whole UTC days of the range not read: the caller keeps their cells (kept-sums.ts). Not with `only`. */
  skip?: TimeWindow;
}

const dateOf = (time: Date) => time.toISOString().slice(0, 10);
const hourOf = (time: Date) => `${time.toISOString().slice(0, 13).replace('T', ' ')}:00:00`;

/** The statement and its bound parameters. Exported for the snapshot test. */
export function compileCellsQuery(request: CellsRequest): { sql: string; params: Record<string, unknown> } {
  if (isSegmented(request.segment) || request.only) return compileRawCellsQuery(request);
  const { start, end } = wholeHours(request.range);
  const segments = splitSkipping([start, end], true, request.skip);
  const params: Record<string, unknown> = {
    websiteId: request.websiteId,
    pageId: request.pageId,
    device: request.device,
    kinds: [...request.detail, ...request.totals],
    detail: request.detail,
  };
  const where = 'website_id = {websiteId:UUID} AND page_id = {pageId:UUID} AND device = {device:String} AND kind IN {kinds:Array(String)}';
  const windows = (column: string, type: string, format: (time: Date) => string, list: TimeWindow[]) =>
    list
      .map((window, i) => {
        params[`${column}From${i}`] = format(window.start);
        params[`${column}To${i}`] = format(window.end);
        return `(${column} >= {${column}From${i}:${type}} AND ${column} < {${column}To${i}:${type}})`;
      })
      .join(' OR ');
  // splitSkipping leaves no raw segments: both ends are on the hour.
  const hours = [...segments.hour, ...segments.raw];
  const parts: string[] = [];
  const cell = 'kind, selector, ox, oy, x, y, value';
  if (segments.day.length) parts.push(`SELECT ${cell} FROM ${HEATMAP_DAILY_TABLE} WHERE ${where} AND (${windows('day', 'Date', dateOf, segments.day)})`);
  if (hours.length) parts.push(`SELECT ${cell} FROM ${HEATMAP_CELLS_TABLE} WHERE ${where} AND (${windows('hour', "DateTime('UTC')", hourOf, hours)})`);
  return { sql: sumCells(parts), params };
}

/** The cells of `parts` (each selecting kind, selector, ox, oy, x, y, value) summed: the detail kinds cell by cell,
 * the others as one total each. */
function sumCells(parts: readonly string[]): string {
  const detail = 'kind IN {detail:Array(String)}';
  // Aliases differ from the column names: an alias that shadows its column would feed back into sum(y * value).
  return `SELECT kind,
    if(${detail}, selector, '') AS cell_selector, if(${detail}, ox, 0) AS cell_ox, if(${detail}, oy, 0) AS cell_oy,
    if(${detail}, x, 0) AS cell_x, if(${detail}, y, 0) AS cell_y,
    sum(value) AS total, sum(toInt64(y) * value) AS y_total
  FROM (${parts.join('\n  UNION ALL\n  ')})
  GROUP BY kind, cell_selector, cell_ox, cell_oy, cell_x, cell_y
  HAVING total != 0`;
}

/** A segment's cells, or a filter's: each kind's event table, its rows of the page, device and whole hours (whose
 * pageview is in the segment; clicks the filter keeps), made into cells by the rollups' definition (event-store
 * heatmapCellsOfRowsSql), then summed as above. */
function compileRawCellsQuery(request: CellsRequest): { sql: string; params: Record<string, unknown> } {
  if (request.skip && request.only) throw new Error('A filtered click map reads its whole range');
  const segment = isSegmented(request.segment) ? request.segment : undefined;
  const range = wholeHours(request.range);
  const kinds = [...request.detail, ...request.totals].filter((kind) => !(segment && request.segmentPageviews && OF_PAGEVIEWS.has(kind)));
  const params: Record<string, unknown> = {
    websiteId: request.websiteId,
    pageId: request.pageId,
    device: request.device,
    kinds,
    detail: request.detail,
    from: toEventTime(range.start),
    to: toEventTime(range.end),
  };
  const scope = `website_id = {websiteId:UUID} AND page_id = {pageId:UUID} AND device = {device:String} AND ${rawTimes(request.skip, params)}`;
  const tables = [...new Set(kinds.map((kind) => HEATMAP_CELL_SOURCES[kind]))];
  const parts = tables.map((table) => {
    // A segment's pageviews are rows of pageview_segments; the other tables' rows are those of its pageviews.
    const inSegment = segment && table !== 'pageviews' ? ` AND ${segmentPageviewsSql(segment, range, params, request.segmentPageviews?.ids)}` : '';
    const rows =
      segment && table === 'pageviews'
        ? segmentPageviewRowsSql(segment, scope, params)
        : table === 'clicks' && request.only
          ? filteredClicksSql(`${scope}${inSegment}`, request.only)
          : `SELECT * FROM foldline.${table} WHERE ${scope}${inSegment}`;
    return `SELECT kind, selector, ox, oy, x, y, value FROM (${heatmapCellsOfRowsSql(table, rows)}) WHERE kind IN {kinds:Array(String)}`;
  });
  return { sql: sumCells(parts), params };
}

/** The kinds made from the pageviews table alone: a segment's read of its pageviews has them. */
const OF_PAGEVIEWS: ReadonlySet<HeatmapCellKind> = new Set(['fold', 'doc']);

export async function readCells(events: EventStore, request: CellsRequest): Promise<CellRow[]> {
  const read = cellsRead(events, request);
  return read.cells(await Promise.all(read.statements.map(({ sql, params }) => events.query<Record<string, unknown>>(sql, params, QUERY_OPTIONS))));
}

/**
 * readCells for a caller that sends the statements with others (together.ts): the statements (none when the segment's
 * read has every kind asked), and the cells from their results. With `now`, the settled days' cells are kept
 * (kept-sums.ts) and only the rest of the range is read, except for a click map of dead or rage clicks.
 */
export function cellsRead(events: EventStore, request: CellsRequest, now?: Date): { statements: Statement[]; cells(results: readonly (readonly Record<string, unknown>[])[]): Promise<CellRow[]> } {
  const read = isSegmented(request.segment) ? request.segmentPageviews : undefined;
  const known = read ? segmentCells(request, read) : [];
  if (read && [...request.detail, ...request.totals].every((kind) => OF_PAGEVIEWS.has(kind))) return { statements: [], cells: () => Promise.resolve(known) };
  if (!now || request.only) return { statements: [compileCellsQuery(request)], cells: ([rows]) => Promise.resolve([...known, ...cellRows(rows ?? [])]) };
  const range = wholeHours(request.range);
  const segmented = isSegmented(request.segment);
  const kinds = [...request.detail, ...request.totals].filter((kind) => !(read && OF_PAGEVIEWS.has(kind)));
  const keeping = readKeeping<CellRow[]>(events, {
    range,
    now,
    statement: (part) => compileCellsQuery(partOf(request, part)),
    parse: cellRows,
    add: addCells,
    rows: (cells) => cells.length,
    // A segment's rows are told by its pageviews as the request read them; without that read, the statement selects them.
    openRows: (skip) => {
      if (segmented && !read) return undefined;
      const tables = [...new Set(kinds.map((kind) => HEATMAP_CELL_SOURCES[kind]))];
      const rowsRead = openRowsRead(events, { websiteId: request.websiteId, pageId: request.pageId, device: request.device, range, skip, segmentIds: read && new Set(read.ids) }, tables);
      const totals = request.totals.filter((kind) => kinds.includes(kind));
      return (
        rowsRead && {
          statements: rowsRead.statements,
          value: (results) => {
            const rows = rowsRead.rows(results);
            return rows && cellsOfRows(rows, request.detail, totals);
          },
        }
      );
    },
  });
  return { statements: keeping.statements, cells: async (results) => [...known, ...(await keeping.value(results))] };
}

/** The request for a part of its range. The settled days' statement selects the segment's pageviews itself (from the
 * days' start less the lookback: their own period), and leaves out the kinds the request's read of them gives. */
function partOf(request: CellsRequest, part: RangePart): CellsRequest {
  if (part.part === 'whole') return request;
  if (part.part === 'open') return { ...request, skip: part.skip };
  const { segmentPageviews, ...rest } = request;
  const notRead = (kinds: readonly HeatmapCellKind[]) => kinds.filter((kind) => !OF_PAGEVIEWS.has(kind));
  return { ...rest, range: part.window, ...(segmentPageviews && isSegmented(request.segment) ? { detail: notRead(request.detail), totals: notRead(request.totals) } : {}) };
}

/** The statement's rows as cells. 64-bit sums arrive as JSON strings. */
export function cellRows(rows: readonly Record<string, unknown>[]): CellRow[] {
  return rows.map((row) => ({
    kind: row.kind as HeatmapCellKind,
    selector: String(row.cell_selector),
    ox: Number(row.cell_ox),
    oy: Number(row.cell_oy),
    x: Number(row.cell_x),
    y: Number(row.cell_y),
    value: Number(row.total),
    yValue: Number(row.y_total),
  }));
}

/** A cell's kind and place, as one key. */
const cellKey = (cell: HeatmapCellPosition) => `${cell.kind}|${cell.selector}|${cell.ox}|${cell.oy}|${cell.x}|${cell.y}`;

/** The cells of raw rows as the statement sums them (sumCells): made by the rollups' own definition (event-store
 * heatmapCellsOf), the detail kinds cell by cell, the others one total each, with the sum of y × value. */
export function cellsOfRows(rows: OpenRows, detail: readonly HeatmapCellKind[], totals: readonly HeatmapCellKind[]): CellRow[] {
  // One page, device and hour for all: the cells come out summed per position.
  const placeless = Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, list.map((row) => ({ ...row, ts: '', website_id: '', page_id: '', device: '' }))]));
  const cells = new Map<string, CellRow>();
  for (const cell of heatmapCellsOf(placeless)) {
    const isDetail = detail.includes(cell.kind);
    if (!isDetail && !totals.includes(cell.kind)) continue;
    const position = isDetail ? { selector: cell.selector, ox: cell.ox, oy: cell.oy, x: cell.x, y: cell.y } : { selector: '', ox: 0, oy: 0, x: 0, y: 0 };
    const key = cellKey({ kind: cell.kind, ...position });
    const row = cells.get(key) ?? cells.set(key, { kind: cell.kind, ...position, value: 0, yValue: 0 }).get(key)!;
    row.value += cell.value;
    row.yValue += cell.y * cell.value;
  }
  return [...cells.values()].filter((row) => row.value !== 0);
}

/** Cells of two disjoint parts of a range as the range's: the same cell's values added, cells that come to 0 left out
 * (as the statement's HAVING leaves them). */
export function addCells(a: readonly CellRow[], b: readonly CellRow[]): CellRow[] {
  const cells = new Map<string, CellRow>();
  for (const cell of [...a, ...b]) {
    const key = cellKey(cell);
    const found = cells.get(key);
    if (!found) cells.set(key, { ...cell });
    else {
      found.value += cell.value;
      found.yValue += cell.yValue;
    }
  }
  return [...cells.values()].filter((cell) => cell.value !== 0);
}

/** The fold and doc cells asked for, from the segment's pageviews as read: summed as sumCells sums them. */
function segmentCells(request: CellsRequest, pageviews: SegmentPageviews): CellRow[] {
  const cells = new Map<string, CellRow>();
  for (const cell of pageviews.cells) {
    const detail = request.detail.includes(cell.kind);
    if (!detail && !request.totals.includes(cell.kind)) continue;
    const y = detail ? cell.y : 0;
    const key = `${cell.kind}|${y}`;
    const row = cells.get(key) ?? cells.set(key, { kind: cell.kind, selector: '', ox: 0, oy: 0, x: 0, y, value: 0, yValue: 0 }).get(key)!;
    row.value += cell.value;
    row.yValue += cell.y * cell.value;
  }
  return [...cells.values()].filter((row) => row.value !== 0);
}
