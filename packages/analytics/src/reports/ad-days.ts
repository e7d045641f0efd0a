// What only an ad unit's raw ad events tell (issue 24) — fill, time in view, refreshes, creative heights, the layout
// shift it caused, and the page's layout shift from ads and from the rest — counted per day and kept for settled days.
// Page analytics' Ad experience card (ad-experience.ts) and the Ad Units tab's figures (ad-unit-figures.ts) read it.
//
// Counting these means grouping a page's ad events per impression and per pageview; over a quarter of the bench's
// 10 M events that took some 220 ms a call. A settled day (settled-days.ts) takes no more events, so it is counted
// once for the whole website, in two statements over that day (countDays), and kept in `foldline.ad_experience_days` (event-store
// migration 028) for every process and the next start; a call then sums the kept rows of its slots and reads raw
// events only for the window's first, partial day and its last one or two open days. A website's first look answers
// from raw events as before while its settled days are counted in the background, a week per statement; a day that
// settles later is counted by the next look. A writer of past days other than the collector (the demo's history)
// discards what is kept (discardAdDays).
//
// Per day means an impression or a pageview open across midnight UTC counts in both days, each with its own events:
// its time in view is all counted, its render once; it adds a pageview of the slot on its second day (a few in a
// thousand at most). The 75th percentiles are exact over any number of days: each day keeps a histogram of its
// non-zero shifts in ten-thousandths (the precision the screens show), and the measured pageviews it lacks are zeros.
import { LONG_VIEW_MS, type DeviceType } from '@foldline/contracts';
import { inBackground, NIL_UUID, type EventStore } from '@foldline/event-store';
import type { TimeWindow } from '../query.ts';
import { touched, withinBudget } from '../held-budget.ts';
import { queryTogether } from '../together.ts';
import { DAY_MS, dayOf, deleteKeptDays, settledDays } from '../settled-days.ts';
import { countFromRawRows, rawRowsScope } from './ad-days-raw.ts';
import {
  addPageCounts,
  addSlotCounts,
  emptyPage,
  emptySlot,
  HeldAdDays,
  HISTOGRAMS,
  pairOf,
  SHIFT_SCALE,
  SUMS,
  type DayTotals,
  type PageCounts,
  type Row,
  type SlotCounts,
} from './held-ad-days.ts';

const TABLE = 'foldline.ad_experience_days';
const MAX_EXECUTION_TIME = 20;

export interface AdDaysScope {
  websiteId: string;
  range: TimeWindow;
  /** The slots asked about, and the pages they sit on (their pageviews are the measured ones read). */
  slots: readonly string[];
  pageIds: readonly string[];
  device?: DeviceType | undefined;
  /** Whether the pages' own counts are wanted, and every figure of the slots (page analytics' card); without, only
   * their impressions, time in view and layout shift (the Ad Units tab's figures), which the open days read in a
   * statement of one grouping instead of three (on the embedded engine, planning the full one costs some 20 ms). */
  withPages?: boolean;
}

/** Per slot asked about, its counts over the range (a slot with none is absent); with `withPages`, the pages' counts. */
export async function adDayCounts(events: EventStore, scope: AdDaysScope): Promise<{ slots: Map<string, SlotCounts>; pages: PageCounts }> {
  if (scope.slots.length === 0 && !scope.withPages) return { slots: new Map(), pages: emptyPage() };
  const { first, end } = settledDays(scope.range);
  const kept = first < end && (await settledKept(events, scope.websiteId, first, end));
  // Settled days from what is kept, the rest from raw events: the window's head before its first whole settled day,
  // and its tail (or the whole window when its settled days are not all kept yet).
  const live = kept ? [{ start: scope.range.start, end: new Date(first) }, { start: new Date(end), end: scope.range.end }] : [scope.range];
  const [keptTotals, counted] = await Promise.all([
    kept ? keptSums(events, scope, first, end) : undefined,
    countOpenDays(events, { ...scope, windows: live.filter((window) => window.start < window.end) }),
  ]);
  const liveTotals = await (await HeldAdDays.of([...counted.units, ...counted.pages])).totals();
  const slots = new Map<string, SlotCounts>();
  const pages = emptyPage();
  for (const totals of keptTotals ? [keptTotals, liveTotals] : [liveTotals]) {
    for (const slot of scope.slots) {
      const counts = totals.slots.get(slot);
      if (!counts) continue;
      let into = slots.get(slot);
      if (!into) slots.set(slot, (into = emptySlot()));
      addSlotCounts(into, counts);
    }
    for (const page of scope.withPages ? scope.pageIds : []) {
      const counts = totals.pages.get(page);
      if (counts) addPageCounts(pages, counts);
    }
  }
  return { slots, pages };
}

/** The ⌊level·n⌋-th smallest of n values (as ClickHouse's quantileExact picks it), from a histogram of the non-zero
 * ones in ten-thousandths and the count of all: those the histogram lacks are zeros. */
export function quantileOf(level: number, total: number, histogram: ReadonlyMap<number, number>): number {
  const index = Math.floor(level * total);
  let seen = total - [...histogram.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0 || index < seen) return 0;
  for (const key of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(key)!;
    if (index < seen) return key / SHIFT_SCALE;
  }
  return 0;
}

// ---- Counting days from raw events ------------------------------------------------------------------------------

export interface CountScope extends AdDaysScope {
  windows: readonly TimeWindow[];
}

/** A look's own windows: page analytics' rows counted in this process (ad-days-raw.ts) unless they are many; the Ad
 * Units tab's, and many, by the engine. */
async function countOpenDays(events: EventStore, scope: CountScope): Promise<{ units: Row[]; pages: Row[] }> {
  if (scope.withPages) {
    const counted = await countFromRawRows(events, scope);
    if (counted) return counted;
  }
  return countDays(events, scope);
}

/**
 * Per day, slot, page and device (units) and per day, page and device (pages), from raw events. Two reads, sent as one
 * statement whose parts the engine runs side by side (together.ts): the units' per impression first (its render, its
 * time in view over every time-in-view row, its shift), then per pageview of the slot (a render after the first is a
 * refresh; one never in view was wasted; of two renders at one instant the first is the one of the smaller impression
 * id, so a count does not depend on the engine's reading order; in a measured pageview, its shift); and the page's per
 * pageview, its shift from ads and from the rest. The units' shifts were a statement of their own, read from the same
 * rows: one statement fewer saves the embedded engine some 20 ms of planning a look. Without `windows`' filters of
 * slots and pages (`whole`), every slot and page of the website.
 */
export async function countDays(events: EventStore, scope: CountScope, whole = false): Promise<{ units: Row[]; pages: Row[] }> {
  if (scope.windows.length === 0) return { units: [], pages: [] };
  const { where, adWhere, params: values } = rawRowsScope(scope, whole);
  const options = { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME } as const;
  const wantsUnits = whole || scope.slots.length > 0;
  const wantsPages = whole || scope.withPages;
  // Both reads in one statement, whose parts the engine runs side by side (together.ts).
  const statements = [
    ...(wantsUnits ? [{ sql: wantsPages ? unitSql(adWhere, where) : leanUnitSql(adWhere, where), params: values }] : []),
    ...(wantsPages ? [{ sql: pageSql(adWhere, where), params: values }] : []),
  ];
  const read = (await queryTogether(events, statements, options)) as Row[][];
  return { units: wantsUnits ? read[0]! : [], pages: wantsPages ? read.at(-1)! : [] };
}

// floor(x + 0.5), not round(): ClickHouse rounds a float's halves to even, the screens (JavaScript) up.
const histogramSql = (value: string, condition: string) => `sumMapIf([toUInt32(floor(${value} * ${SHIFT_SCALE} + 0.5))], [toUInt64(1)], ${condition})`;

// Whether a slot's rows in a pageview count for its layout shift: its render and the time-in-view rows that carry a
// shift, in a pageview of a browser that reports layout shifts (pageviews told apart by a 64-bit hash of their id, a
// third cheaper to look up than the id: a collision among a million pageviews is about one chance in 30 million).
const SHIFT_ROW = "kind = 'impression' OR (kind = 'view_time' AND layout_shift > 0)";
const measuredPageview = (where: string) =>
  `cityHash64(pageview_id) IN (SELECT cityHash64(pageview_id) FROM foldline.pageviews WHERE ${where} AND browser IN {browsers:Array(String)})`;
const SHIFT_SUMS = `countIf(pv_measured) AS measured, countIf(pv_measured AND pv_shift > 0) AS shifting,
    ${histogramSql('pv_shift', 'pv_measured AND pv_shift > 0')} AS shifts`;

const unitSql = (adWhere: string, where: string) => `
  SELECT toString(ad_unit_id) AS slot, toString(slot_page) AS page, slot_device AS device, toString(day) AS day,
    sum(pv_impressions) AS impressions, sum(pv_rows) AS impression_rows, sum(pv_empty) AS empty, sum(pv_in_view) AS in_view_ms,
    sum(pv_in_view_all) AS in_view_all_ms, sum(pv_viewable) AS viewable, sum(pv_viewable_in_view) AS viewable_in_view_ms,
    sum(pv_long) AS long_views, count() AS pageviews, sum(pv_renders) AS renders, sum(pv_unseen_refreshes) AS unseen_refreshes,
    sumMap(pv_heights) AS heights, ${SHIFT_SUMS}
  FROM (
    SELECT day, ad_unit_id, pv, any(pv_page) AS slot_page, any(pv_device) AS slot_device,
      countIf(rendered) AS pv_impressions, sum(rows) AS pv_rows, countIf(blank) AS pv_empty, sumIf(in_view, rendered) AS pv_in_view,
      sum(in_view) AS pv_in_view_all, sumIf(in_view, rendered AND seen) AS pv_viewable_in_view, countIf(rendered AND seen) AS pv_viewable,
      countIf(rendered AND in_view >= ${LONG_VIEW_MS}) AS pv_long, count() AS pv_renders,
      toInt64(countIf(in_view = 0)) - if(argMin(in_view, (at, impression_id)) = 0, 1, 0) AS pv_unseen_refreshes,
      sumMapIf([toUInt32(creative_height)], [toUInt64(1)], rendered) AS pv_heights,
      sum(shift) AS pv_shift, sum(shift_rows) > 0 AND max(measured_pv) AS pv_measured
    FROM (
      SELECT toDate(ts) AS day, ad_unit_id, impression_id, any(pageview_id) AS pv, any(page_id) AS pv_page, any(device) AS pv_device, min(ts) AS at,
        countIf(kind = 'impression') AS rows, rows > 0 AS rendered, maxIf(height, kind = 'impression') AS creative_height,
        countIf(kind = 'empty') > 0 AS blank, countIf(kind = 'viewable') > 0 AS seen, sumIf(in_view_ms, kind = 'view_time') AS in_view,
        sumIf(layout_shift, ${SHIFT_ROW}) AS shift, countIf(${SHIFT_ROW}) AS shift_rows, max(${measuredPageview(where)}) AS measured_pv
      FROM foldline.ad_events WHERE ${adWhere} GROUP BY day, ad_unit_id, impression_id
    ) GROUP BY day, ad_unit_id, pv
  ) GROUP BY day, ad_unit_id, slot_page, slot_device`;

/** The Ad Units tab's part of unitSql: impression rows, every time-in-view row and the layout shift, per day, slot,
 * page and device, grouped per pageview of the slot only (not per impression first). */
const leanUnitSql = (adWhere: string, where: string) => `
  SELECT toString(ad_unit_id) AS slot, toString(pv_page) AS page, pv_device AS device, toString(day) AS day,
    sum(pv_rows) AS impression_rows, sum(pv_in_view_all) AS in_view_all_ms, ${SHIFT_SUMS}
  FROM (
    SELECT toDate(ts) AS day, ad_unit_id, cityHash64(pageview_id) AS pv, any(page_id) AS pv_page, any(device) AS pv_device,
      countIf(kind = 'impression') AS pv_rows, sumIf(in_view_ms, kind = 'view_time') AS pv_in_view_all,
      sumIf(layout_shift, ${SHIFT_ROW}) AS pv_shift, countIf(${SHIFT_ROW}) > 0 AND max(${measuredPageview(where)}) AS pv_measured
    FROM foldline.ad_events WHERE ${adWhere} AND kind IN ('impression', 'view_time')
    GROUP BY day, ad_unit_id, pv
  ) GROUP BY day, ad_unit_id, pv_page, pv_device`;

// Every pageview of the page once; of the shifts only the rows that carry one (a pageview without is 0 through the
// join), which lets the engine read the layout_shift column first and skip the rest.
const pageSql = (adWhere: string, where: string) => `
  SELECT '${NIL_UUID}' AS slot, toString(pv.page_id) AS page, pv.device AS device, toString(pv.day) AS day,
    count() AS pageviews, countIf(chromium) AS measured,
    ${histogramSql('ads', 'chromium AND ads > 0')} AS shifts,
    ${histogramSql('greatest(total - ads, 0)', 'chromium AND total - ads > 0')} AS other_shifts
  FROM (SELECT toDate(ts) AS day, page_id, device, pageview_id, browser IN {browsers:Array(String)} AS chromium FROM foldline.pageviews WHERE ${where}) AS pv
  LEFT JOIN (SELECT pageview_id, sum(layout_shift) AS total FROM foldline.engagement WHERE ${where} AND layout_shift > 0 GROUP BY pageview_id) AS e ON e.pageview_id = pv.pageview_id
  LEFT JOIN (SELECT pageview_id, sum(layout_shift) AS ads FROM foldline.ad_events WHERE ${adWhere} AND layout_shift > 0 GROUP BY pageview_id) AS a ON a.pageview_id = pv.pageview_id
  GROUP BY pv.day, pv.page_id, pv.device`;

// ---- Keeping settled days ---------------------------------------------------------------------------------------

/** What this process knows of a website's kept days, per event store. */
interface KeptWebsite {
  /** Settled days known to be kept (day starts). */
  days: Set<number>;
  /** The count of settled days under way: whether it runs in the background, and the days it is to count (looks that
   * find it running widen them, so a look at the year after one at the month is counted too). */
  count?: { done: Promise<void>; background: boolean; wanted: { first: number; end: number } };
  /** The kept rows (by slot, page, device and day) as read once, made anew with the days this process keeps later: a
   * look sums them in memory, no statement (the store's sum cost some 25 ms, mostly planning). Undefined until read
   * (the read runs in the background; looks meanwhile sum in the store), null for a website with more than
   * MAX_WEBSITE_ROWS. */
  rows?: HeldAdDays | null;
  /** The read of the rows under way. */
  reading?: Promise<void>;
  /** Totals of the held rows per device and days (keptTotals), valid while `rows` is the table they were summed from. */
  totals?: { rows: HeldAdDays; byKey: Map<string, Promise<DayTotals>> };
  /** Bumped whenever rows are kept or found kept elsewhere: a read of the rows begun before is out of date. */
  epoch: number;
}

const records = new WeakMap<EventStore, Map<string, KeptWebsite>>();
/** Websites remembered per store (each up to 400 day numbers, and its rows); the least recently looked at go first. */
const MAX_KNOWN_WEBSITES = 10_000;
/** Kept rows held per store, all websites together, in columns (held-ad-days.ts): a year of the bench's busiest website,
 * 120 slots on 40 pages, is 75,711 rows held in some 12 MB (measured; 106 MB as objects), so at most some 160 MB; the
 * least recently looked at go first. A website's rows are read at once as objects before they are held in columns, so
 * one with more is summed by the store instead. */
const MAX_MEMORY_ROWS = 1_000_000;
const MAX_WEBSITE_ROWS = 100_000;
/** Days lacking that a look counts itself before answering (a day settles every day); more are counted in the
 * background while looks answer from raw events, so a first look costs what it did before days were kept. */
const INLINE_DAYS = 2;
/** Days counted per statement in the background: the embedded engine runs one statement at a time, so each must be
 * short for the looks queued behind it (a week of a website with a million pageviews a week is some 0.3 s). */
const CHUNK_DAYS = 7;

/** The website's record, made most recently looked at (and made if new). */
function recordOf(events: EventStore, websiteId: string): KeptWebsite {
  let websites = records.get(events);
  if (!websites) records.set(events, (websites = new Map()));
  const found = touched(websites, websiteId);
  const record = found ?? { days: new Set<number>(), epoch: 0 };
  if (!found) {
    websites.set(websiteId, record);
    for (const [key, other] of websites) {
      if (websites.size <= MAX_KNOWN_WEBSITES) break;
      if (!other.count) websites.delete(key);
    }
  }
  return record;
}

/** Whether the record is still the website's: one forgotten meanwhile (its events deleted, its past written) must not
 * keep what it counted, which may be out of date. */
const isCurrent = (events: EventStore, websiteId: string, record: KeptWebsite) => records.get(events)?.get(websiteId) === record;

/**
 * Whether every settled day of [first, end) of the website is kept: after counting up to INLINE_DAYS lacking days,
 * or not while more are counted in the background (started here if no count runs). One count per website at a time.
 */
async function settledKept(events: EventStore, websiteId: string, first: number, end: number): Promise<boolean> {
  const record = recordOf(events, websiteId);
  const allKept = () => lackingDays(record.days, first, end).length === 0;
  if (!record.count && !allKept()) await readKeptDays(events, websiteId, record, first, end);
  // A count under way (maybe begun by another look meanwhile): one in the background is widened to this look's days
  // while it answers from raw events; one inline is waited for.
  const running = record.count;
  if (running?.background) {
    running.wanted.first = Math.min(running.wanted.first, first);
    running.wanted.end = Math.max(running.wanted.end, end);
    return false;
  }
  if (running) {
    await running.done;
    return allKept();
  }
  if (allKept()) return true;
  const lacking = lackingDays(record.days, first, end);
  const background = lacking.length > INLINE_DAYS;
  const wanted = { first, end };
  // A count that fails loses nothing but time: the looks answer from raw events, and the next one counts again. One in
  // the background begins after this look's own statements are queued (the embedded engine takes them in turn), and
  // goes on while looks meanwhile have widened the days wanted.
  // In the background its statements give way to the looks' (event-store background.ts).
  const count = async () => {
    for (let left = lacking; left.length > 0 && isCurrent(events, websiteId, record); left = lackingDays(record.days, wanted.first, wanted.end)) {
      await keepDays(events, websiteId, record, left);
    }
  };
  const done = (background ? inBackground(() => new Promise((resolve) => setImmediate(resolve)).then(count)) : Promise.resolve().then(count))
    .catch(() => {})
    .finally(() => delete record.count);
  record.count = { done, background, wanted };
  if (background) return false;
  await done;
  return allKept();
}

/** Adds the days of [first, end) kept by another process, or by this one before a restart, to what the record knows;
 * rows held without them are read again. */
async function readKeptDays(events: EventStore, websiteId: string, record: KeptWebsite, first: number, end: number): Promise<void> {
  const stored = await events.query<{ counted: string }>(
    `SELECT DISTINCT toString(day) AS counted FROM ${TABLE} WHERE website_id = {websiteId:UUID} AND ad_unit_id = {zero:UUID} AND page_id = {zero:UUID} AND day >= {first:Date} AND day < {end:Date}`,
    { websiteId, zero: NIL_UUID, first: dayOf(first), end: dayOf(end) },
    { readonly: true },
  );
  const before = record.days.size;
  for (const row of stored) record.days.add(Date.parse(`${row.counted}T00:00:00Z`));
  if (record.days.size > before) {
    record.rows = undefined;
    record.epoch++;
  }
}

/** Counts the lacking days (ascending) for the whole website and keeps them, in spans of up to CHUNK_DAYS from a day
 * lacking (a day in between already kept is written again; a read takes one row per key), each kept once counted. */
async function keepDays(events: EventStore, websiteId: string, record: KeptWebsite, lacking: readonly number[]): Promise<void> {
  for (let i = 0; i < lacking.length; ) {
    const from = lacking[i]!;
    let to = from + DAY_MS;
    for (i++; i < lacking.length && lacking[i]! < from + CHUNK_DAYS * DAY_MS; i++) to = lacking[i]! + DAY_MS;
    const span = { start: new Date(from), end: new Date(to) };
    const counted = await countDays(events, { websiteId, range: span, slots: [], pageIds: [], windows: [span] }, true);
    if (!isCurrent(events, websiteId, record)) return;
    const markers: Row[] = [];
    for (let day = from; day < to; day += DAY_MS) markers.push({ slot: NIL_UUID, page: NIL_UUID, device: '', day: dayOf(day) });
    record.epoch++;
    await events.insert(TABLE, [...counted.units, ...counted.pages, ...markers].map(storedRow(websiteId)));
    record.epoch++;
    if (record.rows) record.rows = record.rows.withDays(from, to, [...counted.units, ...counted.pages]);
    delete record.totals;
    for (let day = from; day < to; day += DAY_MS) record.days.add(day);
  }
}

/** Resolves once this store's counts and reads of kept rows under way have ended (tests, the bench). */
export async function adDaysCounted(events: EventStore): Promise<void> {
  await Promise.all([...(records.get(events)?.values() ?? [])].flatMap((record) => [record.count?.done, record.reading]));
}

function lackingDays(days: ReadonlySet<number>, first: number, end: number): number[] {
  const lacking: number[] = [];
  for (let day = first; day < end; day += DAY_MS) if (!days.has(day)) lacking.push(day);
  return lacking;
}

/** A counted row as the table stores it. */
const storedRow = (websiteId: string) => (row: Row) => {
  const stored: Row = { website_id: websiteId, ad_unit_id: row.slot, page_id: row.page, device: row.device, day: row.day };
  for (const column of SUMS) stored[column] = Number(row[column] ?? 0);
  for (const [keys, counts] of HISTOGRAMS) {
    const [k, c] = pairOf(row[keys]);
    stored[keys] = k;
    stored[counts] = c;
  }
  return stored;
};

/** Every slot's and page's counts over the settled days [first, end): from the rows held (their totals worked out once
 * per device and days, as a dashboard asks the same days again and again: summing a year of a busy website's rows cost
 * a look some 100 ms), else those asked about summed by the store while the rows are read in the background. */
async function keptSums(events: EventStore, scope: AdDaysScope, first: number, end: number): Promise<DayTotals> {
  const record = recordOf(events, scope.websiteId);
  if (!record.rows) {
    if (record.rows === undefined) holdRows(events, scope.websiteId, record);
    return HeldAdDays.ofSums(await readKept(events, scope, first, end)).totals();
  }
  return keptTotals(record, record.rows, scope.device, first, end);
}

/** Totals held per record, device and days: a website's screens ask for a few periods and devices. */
const MAX_TOTALS = 32;

/** Every slot's and page's totals over the held rows of [first, end) on the device (all without), kept with the rows
 * they were summed from, once for looks at the same days at once. Their counts are shared: a caller adds them into
 * its own. */
function keptTotals(record: KeptWebsite, rows: HeldAdDays, device: DeviceType | undefined, first: number, end: number): Promise<DayTotals> {
  if (record.totals?.rows !== rows) record.totals = { rows, byKey: new Map() };
  const key = `${device ?? ''}|${first}|${end}`;
  const found = record.totals.byKey.get(key);
  if (found) return found;
  const summing = rows.totals(device, { first, end });
  if (record.totals.byKey.size >= MAX_TOTALS) record.totals.byKey.clear();
  record.totals.byKey.set(key, summing);
  return summing;
}

const KEPT_ROWS_SQL = `
  SELECT toString(ad_unit_id) AS slot, toString(page_id) AS page, device, toString(day) AS day, ${SUMS.join(', ')},
    ${HISTOGRAMS.map(([keys, counts]) => `(${keys}, ${counts}) AS ${keys}`).join(', ')}
  FROM ${TABLE} WHERE website_id = {websiteId:UUID} AND NOT (ad_unit_id = {zero:UUID} AND page_id = {zero:UUID})
  LIMIT 1 BY ad_unit_id, page_id, device, day LIMIT ${MAX_WEBSITE_ROWS + 1}`;

function holdRows(events: EventStore, websiteId: string, record: KeptWebsite): void {
  if (record.reading) return;
  const epoch = record.epoch;
  // Begun after the look's own statements are queued (the embedded engine takes them in turn).
  record.reading = new Promise((resolve) => setImmediate(resolve))
    .then(() => events.query<Row>(KEPT_ROWS_SQL, { websiteId, zero: NIL_UUID }, { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME }))
    .then(async (rows) => {
      const held = rows.length > MAX_WEBSITE_ROWS ? null : await HeldAdDays.of(rows);
      // Days kept meanwhile, or the website forgotten: this read may lack them.
      if (record.epoch !== epoch || !isCurrent(events, websiteId, record)) return;
      record.rows = held;
      withinBudget(records.get(events)!, (other) => other.rows?.size ?? 0, MAX_MEMORY_ROWS, websiteId, (_, other) => (other.rows = undefined));
    })
    .catch(() => {})
    .finally(() => delete record.reading);
}

/** The kept rows of the settled days [first, end) asked about, summed per slot and per page (the pages' rows, of the
 * zero slot), by the store: for a website with too many to hold. */
async function readKept(events: EventStore, scope: AdDaysScope, first: number, end: number): Promise<Row[]> {
  const pages = scope.withPages ? 'OR (ad_unit_id = {zero:UUID} AND page_id IN {pages:Array(UUID)})' : '';
  return events.query<Row>(
    `SELECT toString(ad_unit_id) AS slot, toString(if(ad_unit_id = {zero:UUID}, page_id, {zero:UUID})) AS page, ${SUMS.map((column) => `sum(${column}) AS ${column}`).join(', ')},
       ${HISTOGRAMS.map(([keys, counts]) => `sumMap(${keys}, ${counts}) AS ${keys}`).join(', ')}
     FROM (
       SELECT * FROM ${TABLE}
       WHERE website_id = {websiteId:UUID} AND day >= {first:Date} AND day < {end:Date} AND (ad_unit_id IN {slots:Array(UUID)} ${pages})
         ${scope.device ? 'AND device = {device:String}' : ''}
       LIMIT 1 BY ad_unit_id, page_id, device, day
     ) GROUP BY slot, page`,
    { websiteId: scope.websiteId, first: dayOf(first), end: dayOf(end), slots: [...scope.slots], pages: [...scope.pageIds], zero: NIL_UUID, ...(scope.device ? { device: scope.device } : {}) },
    { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME },
  );
}

/** Forgets the days this process knows are kept for this store (what is stored stays). */
export function forgetAdDays(events: EventStore): void {
  records.delete(events);
}

/** Forgets and deletes the kept days of these websites: their past was written (the demo's history). */
export async function discardAdDays(events: EventStore, websiteIds: readonly string[]): Promise<void> {
  forgetAdDays(events);
  await deleteKeptDays(events, TABLE, websiteIds);
}
