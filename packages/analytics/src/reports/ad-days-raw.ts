// Page analytics' look at its open days of the ad experience (ad-days.ts), counted in this process from the raw rows
// instead of by the engine. The days a look reads raw (its window's partial first day and its last one or two) hold few
// events of one page (at 10 M events, some 1,500 ad events of the bench's busiest page), but the engine's counting
// statement groups them three times over with some thirty aggregates: on the embedded engine, planning it cost some
// 65 ms of its 85, against some 40 ms to read the rows themselves (raw-rows.ts). So the rows are read (up to
// RAW_ROWS_MAX of each kind; more, and the engine counts them as before) and counted here, exactly as ad-days.ts's
// statements count them, into rows of the same shape. A test (ad-days-raw.test.ts) holds the two countings equal. The
// Ad Units tab's figures (slots alone, over every page of their units: some 8,000 ad events) stay with the engine, whose
// lean statement for them is one grouping: reading and counting that many rows here cost more (70 ms to read, 25 to
// count).
import { LONG_VIEW_MS } from '@foldline/contracts';
import { NIL_UUID, toEventTime, type EventStore } from '@foldline/event-store';
import type { TimeWindow } from '../query.ts';
import { createTooMany, hoursOf } from '../raw-rows.ts';
import { queryTogether } from '../together.ts';
import { DAY_MS, dayOf } from '../settled-days.ts';
import { LAYOUT_SHIFT_BROWSERS } from './ad-layout-shift.ts';
import { SHIFT_SCALE, SUMS, type Row } from './held-ad-days.ts';
import type { AdDaysScope } from './ad-days.ts';

/** Rows of each kind read at most: past this, reading and counting them here costs more than the engine's plan
 * (measured: 8,000 ad events cost 70 ms to read and 25 to count, the engine's statement some 85 ms for any few). */
export const RAW_ROWS_MAX = 5_000;
const MAX_EXECUTION_TIME = 20;
const tooMany = createTooMany();

interface AdEvent {
  at: number;
  ad_unit_id: string;
  impression_id: string;
  pageview_id: string;
  page_id: string;
  device: string;
  kind: string;
  height: number;
  in_view_ms: number;
  layout_shift: number;
}

interface PageviewRow {
  at: number;
  pageview_id: string;
  page_id: string;
  device: string;
  chromium: number | boolean;
}

/**
 * The counts of the scope's slots and its pages over its windows, per day, slot, page and device (units) and per day,
 * page and device (pages), as ad-days.ts's counting statements answer them with `withPages`; undefined when a kind of
 * row is more than RAW_ROWS_MAX (the caller has the engine count them).
 */
export async function countFromRawRows(
  events: EventStore,
  scope: AdDaysScope & { windows: readonly TimeWindow[] },
): Promise<{ units: Row[]; pages: Row[] } | undefined> {
  if (scope.windows.length === 0) return { units: [], pages: [] };
  const shape = `${scope.websiteId}|${scope.device ?? ''}|${scope.pageIds.length}|${scope.slots.length}|${hoursOf(scope.windows)}`;
  if (tooMany.isKnown(events, shape)) return undefined;
  const { where, adWhere, params } = rawRowsScope(scope);
  const limit = `LIMIT ${RAW_ROWS_MAX + 1}`;
  const statements = [
    // Every pageview: the pages' counts, and which pageviews are measured (a browser that reports layout shifts).
    { sql: `SELECT toUnixTimestamp64Milli(ts) AS at, pageview_id, page_id, device, browser IN {browsers:Array(String)} AS chromium FROM foldline.pageviews WHERE ${where} ${limit}`, params },
    ...(scope.slots.length > 0
      ? [
          {
            sql: `SELECT toUnixTimestamp64Milli(ts) AS at, ad_unit_id, impression_id, pageview_id, page_id, device, kind, height, in_view_ms, layout_shift
                  FROM foldline.ad_events WHERE ${adWhere} ${limit}`,
            params,
          },
        ]
      : []),
    // The page's whole layout shift per pageview, only where it has one.
    { sql: `SELECT pageview_id, sum(layout_shift) AS total FROM foldline.engagement WHERE ${where} AND layout_shift > 0 GROUP BY pageview_id ${limit}`, params },
  ];
  const read = await queryTogether(events, statements, { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME });
  if (read.some((rows) => rows.length > RAW_ROWS_MAX)) {
    tooMany.note(events, shape);
    return undefined;
  }
  const pageviews = read[0] as unknown as PageviewRow[];
  const ads = (scope.slots.length > 0 ? read[1] : []) as unknown as AdEvent[];
  const shifts = read.at(-1) as unknown as { pageview_id: string; total: number }[];
  const measured = new Set(pageviews.filter((pageview) => Boolean(pageview.chromium)).map((pageview) => pageview.pageview_id));
  return {
    units: scope.slots.length > 0 ? unitRows(ads, measured) : [],
    pages: pageRows(pageviews, ads, shifts),
  };
}

/**
 * The condition on the raw rows of the scope's windows, pages and device (`where`; only website and windows when
 * `whole`), the same with its slots for ad events (`adWhere`), and their parameters: both countings read these rows
 * (this module's, and ad-days.ts's statements).
 */
export function rawRowsScope(scope: AdDaysScope & { windows: readonly TimeWindow[] }, whole = false): { where: string; adWhere: string; params: Record<string, unknown> } {
  const times = scope.windows.map((_, i) => `(ts >= {start${i}:DateTime64(3, 'UTC')} AND ts < {end${i}:DateTime64(3, 'UTC')})`).join(' OR ');
  const device = scope.device ? 'AND device = {device:String}' : '';
  const where = whole ? `website_id = {websiteId:UUID} AND (${times})` : `website_id = {websiteId:UUID} AND (${times}) AND page_id IN {pages:Array(UUID)} ${device}`;
  // Ad events are sorted by website, day and slot: naming the slots reads a few ranges per day.
  const adWhere = whole ? where : `${where} AND ad_unit_id IN {slots:Array(UUID)}`;
  const params: Record<string, unknown> = { websiteId: scope.websiteId, pages: [...scope.pageIds], slots: [...scope.slots], browsers: LAYOUT_SHIFT_BROWSERS };
  if (scope.device) params.device = scope.device;
  scope.windows.forEach((window, i) => {
    params[`start${i}`] = toEventTime(window.start);
    params[`end${i}`] = toEventTime(window.end);
  });
  return { where, adWhere, params };
}

/** The UTC day ('YYYY-MM-DD') of a time in milliseconds, as toDate(ts) gives it. */
const dayAt = (ms: number) => dayOf(Math.floor(ms / DAY_MS) * DAY_MS);

/** A histogram's key for a shift: floor(x + 0.5), as the statements round (ClickHouse's round() takes halves to
 * even). */
const shiftKey = (shift: number) => Math.floor(shift * SHIFT_SCALE + 0.5);

/** The rows whose shift counts: an impression's render, and a time-in-view row that carries one. */
const isShiftRow = (event: AdEvent) => event.kind === 'impression' || (event.kind === 'view_time' && event.layout_shift > 0);

/** The order of two impressions rendered at one instant: ClickHouse compares UUIDs by their last 64 bits first. */
const uuidOrder = (id: string) => id.slice(19) + id.slice(0, 18);

interface Impression {
  day: string;
  slot: string;
  pageview: string;
  page: string;
  device: string;
  at: number;
  order: string;
  rows: number;
  height: number;
  blank: boolean;
  seen: boolean;
  inView: number;
  shift: number;
  shiftRows: number;
  measured: boolean;
}

/** Per slot, page, device and day: unitSql of ad-days.ts, per impression, then per pageview of the slot, then
 * summed. */
function unitRows(ads: readonly AdEvent[], measured: ReadonlySet<string>): Row[] {
  const impressions = new Map<string, Impression>();
  for (const event of ads) {
    const day = dayAt(event.at);
    const key = `${day}|${event.ad_unit_id}|${event.impression_id}`;
    let impression = impressions.get(key);
    if (!impression) {
      const { ad_unit_id: slot, pageview_id: pageview, page_id: page, device, at } = event;
      const order = uuidOrder(event.impression_id);
      impression = { day, slot, pageview, page, device, at, order, rows: 0, height: 0, blank: false, seen: false, inView: 0, shift: 0, shiftRows: 0, measured: false };
      impressions.set(key, impression);
    }
    impression.at = Math.min(impression.at, event.at);
    if (event.kind === 'impression') {
      impression.rows++;
      impression.height = Math.max(impression.height, Number(event.height));
    } else if (event.kind === 'empty') impression.blank = true;
    else if (event.kind === 'viewable') impression.seen = true;
    else if (event.kind === 'view_time') impression.inView += Number(event.in_view_ms);
    if (isShiftRow(event)) {
      impression.shift += Number(event.layout_shift);
      impression.shiftRows++;
    }
    if (measured.has(event.pageview_id)) impression.measured = true;
  }

  // Per pageview of the slot.
  const pageviews = new Map<string, Impression[]>();
  for (const impression of impressions.values()) {
    const key = `${impression.day}|${impression.slot}|${impression.pageview}`;
    const list = pageviews.get(key);
    if (list) list.push(impression);
    else pageviews.set(key, [impression]);
  }
  const rows = new Map<string, Row & { heights: Map<number, number>; shifts: Map<number, number> }>();
  for (const list of pageviews.values()) {
    const [head] = list;
    const key = `${head!.day}|${head!.slot}|${head!.page}|${head!.device}`;
    let row = rows.get(key);
    if (!row) {
      row = { slot: head!.slot, page: head!.page, device: head!.device, day: head!.day, heights: new Map(), shifts: new Map() };
      for (const column of SUMS) row[column] = 0;
      rows.set(key, row);
    }
    const add = (column: string, value: number) => (row![column] = (row![column] as number) + value);
    let first = head!;
    let shift = 0;
    let shiftRows = 0;
    let isMeasured = false;
    let unseen = 0;
    for (const impression of list) {
      const rendered = impression.rows > 0;
      if (impression.at < first.at || (impression.at === first.at && impression.order < first.order)) first = impression;
      add('impression_rows', impression.rows);
      add('in_view_all_ms', impression.inView);
      add('renders', 1);
      if (impression.blank) add('empty', 1);
      if (impression.inView === 0) unseen++;
      if (rendered) {
        add('impressions', 1);
        add('in_view_ms', impression.inView);
        if (impression.seen) {
          add('viewable', 1);
          add('viewable_in_view_ms', impression.inView);
        }
        if (impression.inView >= LONG_VIEW_MS) add('long_views', 1);
        row.heights.set(impression.height, (row.heights.get(impression.height) ?? 0) + 1);
      }
      shift += impression.shift;
      shiftRows += impression.shiftRows;
      isMeasured ||= impression.measured;
    }
    // A render after the pageview's first is a refresh; one never in view was wasted.
    add('unseen_refreshes', unseen - (first.inView === 0 ? 1 : 0));
    add('pageviews', 1);
    if (shiftRows > 0 && isMeasured) {
      add('measured', 1);
      if (shift > 0) {
        add('shifting', 1);
        row.shifts.set(shiftKey(shift), (row.shifts.get(shiftKey(shift)) ?? 0) + 1);
      }
    }
  }
  return [...rows.values()].map((row) => ({ ...row, heights: pairs(row.heights), shifts: pairs(row.shifts) }));
}

/** Per page, device and day: pageSql of ad-days.ts, each pageview's shift from the slots asked about and from the
 * rest. */
function pageRows(pageviews: readonly PageviewRow[], ads: readonly AdEvent[], shifts: readonly { pageview_id: string; total: number }[]): Row[] {
  const fromAds = new Map<string, number>();
  for (const event of ads) if (event.layout_shift > 0) fromAds.set(event.pageview_id, (fromAds.get(event.pageview_id) ?? 0) + Number(event.layout_shift));
  const totals = new Map(shifts.map((row) => [row.pageview_id, Number(row.total)]));
  const rows = new Map<string, { page: string; device: string; day: string; pageviews: number; measured: number; shifts: Map<number, number>; other: Map<number, number> }>();
  for (const pageview of pageviews) {
    const day = dayAt(pageview.at);
    const key = `${day}|${pageview.page_id}|${pageview.device}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { page: pageview.page_id, device: pageview.device, day, pageviews: 0, measured: 0, shifts: new Map(), other: new Map() }));
    row.pageviews++;
    if (!pageview.chromium) continue;
    row.measured++;
    const ads = fromAds.get(pageview.pageview_id) ?? 0;
    const other = Math.max((totals.get(pageview.pageview_id) ?? 0) - ads, 0);
    if (ads > 0) row.shifts.set(shiftKey(ads), (row.shifts.get(shiftKey(ads)) ?? 0) + 1);
    if (other > 0) row.other.set(shiftKey(other), (row.other.get(shiftKey(other)) ?? 0) + 1);
  }
  return [...rows.values()].map((row) => ({ slot: NIL_UUID, page: row.page, device: row.device, day: row.day, pageviews: row.pageviews, measured: row.measured, shifts: pairs(row.shifts), other_shifts: pairs(row.other) }));
}

/** A histogram as a sumMap answers it: its keys ascending, and their counts. */
function pairs(histogram: ReadonlyMap<number, number>): [number[], number[]] {
  const keys = [...histogram.keys()].sort((a, b) => a - b);
  return [keys, keys.map((key) => histogram.get(key)!)];
}
