// The engagement map's figures (issue 26): where readers' viewports stood and their pointers rested, as each reader's
// share of its own time, averaged over the readers — "readers spent on average 30 % of their time here" — so one long
// reader no longer paints the page. A reader is a pageview on a UTC day, so each day's sums stand alone and the
// settled days' are kept (sharesRead, kept-sums.ts). A share needs the reader's total, which the heatmap rollups
// (summed per hour over every pageview) do not hold: the statement reads the page's raw viewport spans and pointer rests
// of the device and whole hours (one range of each table's order key), segmented or not; a look's open days are read as
// plain rows and summed here (open-rows.ts). Two forms of one definition: the function (engagementSumsOf, for those
// rows, tests and reading) and the SQL (compileEngagementQuery); tests hold them equal.
import type { DeviceType, HeatmapSegment } from '@foldline/contracts';
import { toEventTime, type EventStore } from '@foldline/event-store';
import type { TimeWindow } from '../query.ts';
import { wholeHours } from '../periods.ts';
import { QUERY_OPTIONS } from '../execute.ts';
import { readKeeping, type RangePart } from '../kept-sums.ts';
import type { Statement } from '../together.ts';
import { openRowsRead, rawTimes, type OpenRows } from './open-rows.ts';
import { isSegmented, segmentPageviewsSql, type SegmentPageviews } from './heatmap-segment.ts';

/** Pointer-rest cells read at most: the hottest ones. A map carries at most MAX_POINTS (4,000) points, so the faintest
 * rests beyond these could not stand out on it; the bound keeps a busy page's answer small (at 45,000 pageviews and as
 * many rests, reading every cell took twice as long, most of it sending them). */
export const MAX_REST_CELLS = 4_000;

/** Rests are summed per cell of this many px of the reader's own layout (the map bins at 10 px too). */
export const REST_CELL_PX = 10;

export interface EngagementRequest {
  websiteId: string;
  pageId: string;
  device: DeviceType;
  range: TimeWindow;
  segment?: HeatmapSegment | undefined;
  /** The segment's pageviews when the request has read them (readSegmentPageviews, over the same whole hours). */
  segmentPageviews?: SegmentPageviews | undefined;
  /** Count the clicks of the same scope too (the map's click total), in the same statement: on the embedded engine a
   * statement costs some 15–25 ms before it reads anything. */
  withClicks?: boolean;
  /** Whole UTC days of the range not read: the caller keeps their sums (kept-sums.ts). */
  skip?: TimeWindow;
  /** Every rest cell, not only the hottest MAX_REST_CELLS: the sums of a part of the range, to be added to another's. */
  everyRest?: boolean;
}

/** A viewport span as stored (foldline.viewport_spans); `ts` (ms) places it in its UTC day, when given. */
export interface SpanRow {
  pageview_id: string;
  ts?: number;
  scroll_y: number;
  viewport_h: number;
  doc_h: number;
  duration_ms: number;
}

/** A pointer rest as stored (foldline.attention); `ts` (ms) places it in its UTC day, when given. */
export interface RestRow {
  pageview_id: string;
  ts?: number;
  x: number;
  y: number;
  viewport_w: number;
  doc_h: number;
  weight_ms: number;
}

/** Where a pointer rested, in the reader's own layout, and the average share of a reader's time it rested there. */
export interface RestShare {
  /** The reader's viewport width (px) and the middle of the REST_CELL_PX cell across it. */
  viewportWidth: number;
  x: number;
  /** Per mille of the reader's document height. */
  yPerMille: number;
  share: number;
}

export interface EngagementShares {
  /** Pageviews with measured time (a viewport span or a pointer rest in the period), each counted once per UTC day it
   * had some (a pageview open across midnight is a reader of each day, with each day's share of that day's time): the
   * shares are averaged over them. So each day's sums stand alone, and a kept day's add to the others' (kept-sums.ts). */
  readers: number;
  /** Per 1 % band of the page (100): the average share of a reader's time the band was on their screen, 0–1. Bands
   * overlap in time (a screen shows many at once), so they do not add up to 1. */
  bands: number[];
  /** Pointer rests, hottest first, at most MAX_REST_CELLS. */
  rests: RestShare[];
  /** The clicks of the scope, when asked for (withClicks). */
  clicks?: number;
}

/** The 1 % bands a span's viewport covered, first and last (the rollups' definition, migration 017); null for a span
 * that says nothing (no page height, no viewport, below the page). */
export function spanBands(span: Pick<SpanRow, 'scroll_y' | 'viewport_h' | 'doc_h'>): [number, number] | null {
  const { scroll_y: top, viewport_h: height, doc_h: doc } = span;
  if (!(doc > 0) || !(height > 0) || top >= doc) return null;
  return [Math.floor((top * 100) / doc), Math.min(99, Math.floor((Math.min(top + height, doc) * 100 - 1) / doc))];
}

/** Per mille of `of`, floored, capped at 1000: the rollups' integer division. */
const perMille = (value: number, of: number) => Math.min(1000, Math.floor((value * 1000) / Math.max(1, of)));

/** A row's reader: its pageview on its UTC day. */
const readerOf = (row: { pageview_id: string; ts?: number }) => (row.ts === undefined ? row.pageview_id : `${row.pageview_id}|${Math.floor(row.ts / 86_400_000)}`);

/**
 * The weighting, as a function: each reader's (pageview's on a day) time is its spans' duration (its visible time with
 * the viewport's place), or its pointer rests' if they add up to more (a beacon of spans outside the period); a band's
 * share of it is the time its spans covered the band over that total, a rest's its time over that total. Each reader's
 * shares are summed over readers and divided by their number: the average share of a reader's time.
 */
export function engagementSharesOf(spans: readonly SpanRow[], rests: readonly RestRow[]): EngagementShares {
  return sharesOfSums(engagementSumsOf(spans, rests));
}

/** engagementSharesOf's sums, before they are averaged (EngagementSums): also how a look's open days are counted from
 * their raw rows (open-rows.ts). */
export function engagementSumsOf(spans: readonly SpanRow[], rests: readonly RestRow[]): EngagementSums {
  const totals = new Map<string, { spans: number; rests: number }>();
  const total = (id: string) => totals.get(id) ?? totals.set(id, { spans: 0, rests: 0 }).get(id)!;
  const timed = spans.filter((span) => span.duration_ms > 0 && spanBands(span));
  const rested = rests.filter((rest) => rest.weight_ms > 0 && rest.doc_h > 0 && rest.viewport_w > 0);
  for (const span of timed) total(readerOf(span)).spans += span.duration_ms;
  for (const rest of rested) total(readerOf(rest)).rests += rest.weight_ms;
  const timeOf = (row: { pageview_id: string; ts?: number }) => Math.max(totals.get(readerOf(row))!.spans, totals.get(readerOf(row))!.rests);

  const differences = new Array<number>(101).fill(0);
  for (const span of timed) {
    const [first, last] = spanBands(span)!;
    const share = span.duration_ms / timeOf(span);
    differences[first]! += share;
    differences[last + 1]! -= share;
  }
  const cells = new Map<string, RestShare>();
  for (const rest of rested) {
    const cell = { viewportWidth: rest.viewport_w, x: restCellX(rest.x), yPerMille: perMille(rest.y, rest.doc_h) };
    const key = restKey(cell);
    const share = rest.weight_ms / timeOf(rest);
    const found = cells.get(key);
    if (found) found.share += share;
    else cells.set(key, { ...cell, share });
  }
  return { readers: totals.size, differences, rests: [...cells.values()] };
}

/** A rest cell's place, as one key. */
const restKey = (cell: Pick<RestShare, 'viewportWidth' | 'x' | 'yPerMille'>) => `${cell.viewportWidth}|${cell.x}|${cell.yPerMille}`;

/** The middle of a rest's REST_CELL_PX cell. */
const restCellX = (x: number) => Math.floor(x / REST_CELL_PX) * REST_CELL_PX + REST_CELL_PX / 2;

/** Sums of shares (band differences, rest cells) → averages over `readers` pageviews: the bands as a running sum. */
function averaged(readers: number, differences: readonly number[], rests: RestShare[]): EngagementShares {
  if (readers === 0) return { readers: 0, bands: new Array<number>(100).fill(0), rests: [] };
  let running = 0;
  // Float sums of +s and −s can leave a crumb such as 1e-17 where nothing stood.
  const bands = Array.from({ length: 100 }, (_, band) => ((running += differences[band] ?? 0), running > 1e-9 ? running / readers : 0));
  const hottest = rests
    .map((rest) => ({ ...rest, share: rest.share / readers }))
    .sort((a, b) => b.share - a.share || a.yPerMille - b.yPerMille || a.x - b.x)
    .slice(0, MAX_REST_CELLS);
  return { readers, bands, rests: hottest };
}

/** The statement and its bound parameters: the same figures as engagementSharesOf, summed in ClickHouse. Exported for
 * the snapshot test. */
export function compileEngagementQuery(request: EngagementRequest): { sql: string; params: Record<string, unknown> } {
  const range = wholeHours(request.range);
  const params: Record<string, unknown> = {
    websiteId: request.websiteId,
    pageId: request.pageId,
    device: request.device,
    from: toEventTime(range.start),
    to: toEventTime(range.end),
    cellPx: REST_CELL_PX,
  };
  let scope = `website_id = {websiteId:UUID} AND page_id = {pageId:UUID} AND device = {device:String} AND ${rawTimes(request.skip, params)}`;
  if (isSegmented(request.segment)) scope += ` AND ${segmentPageviewsSql(request.segment, range, params, request.segmentPageviews?.ids)}`;
  // Each span or rest as its cells with its time: a span's +ms at its first band and −ms past its last (a running sum
  // over bands gives each band's), a rest's ms at its cell. Grouped by reader (pageview and UTC day) for its time (the
  // larger of its spans' and its rests'), each cell's ms over that time is its share; summed per cell over the readers,
  // whose number comes once (a window over the readers, one row each).
  let shares = `SELECT cell.1 AS cell_kind, cell.2 AS cell_width, cell.3 AS cell_x, cell.4 AS cell_y, sum(cell.5 / pageview_ms) AS share, any(readers) AS pageviews
  FROM (
    SELECT pageview_id, day, greatest(sumIf(ms, is_rest = 0), sumIf(ms, is_rest = 1)) AS pageview_ms, groupArrayArray(cells) AS pageview_cells,
      count() OVER () AS readers
    FROM (
      SELECT pageview_id, toDate(ts) AS day, 0 AS is_rest, toInt64(duration_ms) AS ms,
        [('band', toUInt16(0), toUInt32(0), toUInt16(intDiv(toUInt64(scroll_y) * 100, doc_h)), ms),
         ('band', toUInt16(0), toUInt32(0), toUInt16(least(99, intDiv(toUInt64(least(scroll_y + viewport_h, doc_h)) * 100 - 1, doc_h)) + 1), -ms)] AS cells
      FROM foldline.viewport_spans
      WHERE ${scope} AND doc_h > 0 AND viewport_h > 0 AND scroll_y < doc_h AND duration_ms > 0
      UNION ALL
      SELECT pageview_id, toDate(ts) AS day, 1 AS is_rest, toInt64(weight_ms) AS ms,
        [('rest', viewport_w, toUInt32(intDiv(x, {cellPx:UInt32}) * {cellPx:UInt32} + intDiv({cellPx:UInt32}, 2)), toUInt16(least(1000, intDiv(toUInt64(y) * 1000, doc_h))), ms)] AS cells
      FROM foldline.attention
      WHERE ${scope} AND doc_h > 0 AND viewport_w > 0 AND weight_ms > 0
    )
    GROUP BY pageview_id, day
  )
  ARRAY JOIN pageview_cells AS cell
  GROUP BY cell_kind, cell_width, cell_x, cell_y`;
  if (!request.everyRest) {
    params.maxRests = MAX_REST_CELLS;
    shares += `
  ORDER BY cell_kind, share DESC, cell_y, cell_x
  LIMIT {maxRests:UInt32} BY cell_kind`;
  }
  // The clicks, asked for, as one more row: kind 'click', their number as its share.
  const sql = request.withClicks
    ? `SELECT * FROM (${shares})
  UNION ALL
  SELECT 'click', 0, 0, 0, toFloat64(count()), 0 FROM foldline.clicks WHERE ${scope}`
    : shares;
  return { sql, params };
}

/** A part of a range's shares as sums, before they are averaged over its readers: parts of a range add up. */
export interface EngagementSums {
  readers: number;
  /** Per band boundary (101): the sum of readers' shares starting there minus those ending before it. */
  differences: number[];
  /** Per rest cell: the sum of readers' shares. */
  rests: RestShare[];
  clicks?: number;
}

/** The statement's rows as sums. */
export function engagementSums(rows: readonly Record<string, unknown>[]): EngagementSums {
  const differences = new Array<number>(101).fill(0);
  const rests: RestShare[] = [];
  let readers = 0;
  let clicks: number | undefined;
  for (const row of rows) {
    if (row.cell_kind === 'click') {
      clicks = Number(row.share);
      continue;
    }
    readers = Number(row.pageviews);
    if (row.cell_kind === 'band') differences[Number(row.cell_y)]! += Number(row.share);
    else rests.push({ viewportWidth: Number(row.cell_width), x: Number(row.cell_x), yPerMille: Number(row.cell_y), share: Number(row.share) });
  }
  return { readers, differences, rests, ...(clicks === undefined ? {} : { clicks }) };
}

/** Raw rows' sums (engagementSumsOf), with their clicks when asked. */
function sumsOfRows(rows: OpenRows, withClicks: boolean): EngagementSums {
  const sums = engagementSumsOf((rows.viewport_spans ?? []).map(spanOf), (rows.attention ?? []).map(restOf));
  return withClicks ? { ...sums, clicks: rows.clicks?.length ?? 0 } : sums;
}

const spanOf = (row: Record<string, unknown>): SpanRow => ({
  pageview_id: String(row.pageview_id),
  ts: Number(row.at),
  scroll_y: Number(row.scroll_y),
  viewport_h: Number(row.viewport_h),
  doc_h: Number(row.doc_h),
  duration_ms: Number(row.duration_ms),
});

const restOf = (row: Record<string, unknown>): RestRow => ({
  pageview_id: String(row.pageview_id),
  ts: Number(row.at),
  x: Number(row.x),
  y: Number(row.y),
  viewport_w: Number(row.viewport_w),
  doc_h: Number(row.doc_h),
  weight_ms: Number(row.weight_ms),
});

/** The sums of two disjoint parts of a range as the range's (readers are per day, so none is in both). */
export function addEngagementSums(a: EngagementSums, b: EngagementSums): EngagementSums {
  const cells = new Map<string, RestShare>();
  for (const rest of [...a.rests, ...b.rests]) {
    const key = restKey(rest);
    const found = cells.get(key);
    if (found) found.share += rest.share;
    else cells.set(key, { ...rest });
  }
  const clicks = a.clicks === undefined && b.clicks === undefined ? undefined : (a.clicks ?? 0) + (b.clicks ?? 0);
  return {
    readers: a.readers + b.readers,
    differences: a.differences.map((difference, i) => difference + b.differences[i]!),
    rests: [...cells.values()],
    ...(clicks === undefined ? {} : { clicks }),
  };
}

/** The shares from their sums: averaged over the readers, the hottest rests. */
export function sharesOfSums(sums: EngagementSums): EngagementShares {
  return { ...averaged(sums.readers, sums.differences, sums.rests), ...(sums.clicks === undefined ? {} : { clicks: sums.clicks }) };
}

/** Reads the page's engagement shares on the device in the period (of the segment's pageviews if one is given). */
export async function readEngagementShares(events: EventStore, request: EngagementRequest): Promise<EngagementShares> {
  const { sql, params } = compileEngagementQuery(request);
  const rows = await events.query<Record<string, unknown>>(sql, params, QUERY_OPTIONS);
  return sharesOfSums(engagementSums(rows));
}

/** readEngagementShares for a caller that sends the statements with others (together.ts), the settled days' sums kept
 * (kept-sums.ts): the statements, and the shares from their results. The settled days' statement selects the
 * segment's pageviews itself (from the days' start less the lookback: their own period). */
export function sharesRead(events: EventStore, request: EngagementRequest, now: Date): { statements: Statement[]; shares(results: readonly (readonly Record<string, unknown>[])[]): Promise<EngagementShares> } {
  const partOf = (part: RangePart): EngagementRequest => {
    if (part.part === 'whole') return request;
    if (part.part === 'open') return { ...request, skip: part.skip, everyRest: true };
    const { segmentPageviews: _read, ...rest } = request;
    return { ...rest, range: part.window, everyRest: true };
  };
  const keeping = readKeeping<EngagementSums>(events, {
    range: wholeHours(request.range),
    now,
    statement: (part) => compileEngagementQuery(partOf(part)),
    parse: engagementSums,
    add: addEngagementSums,
    rows: (sums) => sums.rests.length + sums.differences.length,
    // A segment's rows are told by its pageviews as the request read them; without that read, the statement selects them.
    openRows: (skip) => {
      const segmented = isSegmented(request.segment);
      if (segmented && !request.segmentPageviews) return undefined;
      const ids = segmented ? new Set(request.segmentPageviews!.ids) : undefined;
      const tables = request.withClicks ? (['viewport_spans', 'attention', 'clicks'] as const) : (['viewport_spans', 'attention'] as const);
      const rowsRead = openRowsRead(events, { websiteId: request.websiteId, pageId: request.pageId, device: request.device, range: wholeHours(request.range), skip, segmentIds: ids }, tables);
      return (
        rowsRead && {
          statements: rowsRead.statements,
          value: (results) => {
            const rows = rowsRead.rows(results);
            return rows && sumsOfRows(rows, request.withClicks === true);
          },
        }
      );
    },
  });
  return { statements: keeping.statements, shares: async (results) => sharesOfSums(await keeping.value(results)) };
}
