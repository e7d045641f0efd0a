// A website's kept ad-experience rows (ad-days.ts) as a process holds them: in columns of numbers, not one object per
// row. As objects (four strings, thirteen numbers and three histograms each) a year of the bench's busiest website,
// 75,711 rows, took 106 MB of heap after a collection; in columns, with the slot and page ids kept once each, a row
// is some 130 bytes plus its histograms' pairs. Summing them is a loop over typed arrays too.
//
// A table is never changed once built: days kept later make a new one (withDays), so a sum under way, given back to
// the event loop in slices, reads the rows it began with.
import type { DeviceType } from '@foldline/contracts';
import { NIL_UUID } from '@foldline/event-store';
import { forEachInSlices, forIndexInSlices } from '../event-loop.ts';
import { DAY_MS } from '../settled-days.ts';

/** The kept row's sums, as its table's columns (event-store migration 028) and the counting statements name them. */
export const SUMS = ['impressions', 'impression_rows', 'empty', 'in_view_ms', 'in_view_all_ms', 'viewable', 'viewable_in_view_ms', 'long_views', 'pageviews', 'renders', 'unseen_refreshes', 'measured', 'shifting'] as const;
/** Its histograms: the statements' sumMap column, and the table's column of counts beside its keys. */
export const HISTOGRAMS = [
  ['heights', 'height_counts'],
  ['shifts', 'shift_counts'],
  ['other_shifts', 'other_counts'],
] as const;

/** A shift's histogram key: its score in ten-thousandths (the precision the screens show). */
export const SHIFT_SCALE = 10_000;

export type Row = Record<string, unknown>;

/** One slot's counts over the days asked about. */
export interface SlotCounts {
  /** Impressions that rendered, and the impression rows (the Ad Units tab's count). */
  impressions: number;
  impressionRows: number;
  empty: number;
  /** Time in view of the rendered impressions, and of every time-in-view row (the Ad Units tab's). */
  inViewMs: number;
  inViewAllMs: number;
  viewable: number;
  viewableInViewMs: number;
  longViews: number;
  /** Pageviews in which the slot rendered or stayed empty, its renders in them, and renders after the first that were
   * never in view. */
  pageviews: number;
  renders: number;
  unseenRefreshes: number;
  /** Creative height → rendered impressions. */
  heights: Map<number, number>;
  /** Measured pageviews (layout-shift browsers) in which it rendered, those in which it shifted the content, and the
   * histogram of its non-zero shifts (ten-thousandths → pageviews). */
  measured: number;
  shifting: number;
  shifts: Map<number, number>;
}

/** The pages' counts: pageviews, measured pageviews, and histograms of each measured pageview's shift from ads and
 * from everything else (non-zero only). */
export interface PageCounts {
  pageviews: number;
  measured: number;
  ads: Map<number, number>;
  other: Map<number, number>;
}

/** Every slot's and every page's counts. */
export interface DayTotals {
  slots: Map<string, SlotCounts>;
  pages: Map<string, PageCounts>;
}

/** SlotCounts' number fields in SUMS' order. */
const SLOT_FIELDS = ['impressions', 'impressionRows', 'empty', 'inViewMs', 'inViewAllMs', 'viewable', 'viewableInViewMs', 'longViews', 'pageviews', 'renders', 'unseenRefreshes', 'measured', 'shifting'] as const satisfies readonly (keyof SlotCounts)[];
const PAGEVIEWS = SUMS.indexOf('pageviews');
const MEASURED = SUMS.indexOf('measured');
const WIDTH = SUMS.length;
const HISTOGRAM_COUNT = HISTOGRAMS.length;
const DEVICES = ['', 'desktop', 'tablet', 'mobile'];

export const emptySlot = (): SlotCounts => ({
  impressions: 0,
  impressionRows: 0,
  empty: 0,
  inViewMs: 0,
  inViewAllMs: 0,
  viewable: 0,
  viewableInViewMs: 0,
  longViews: 0,
  pageviews: 0,
  renders: 0,
  unseenRefreshes: 0,
  heights: new Map(),
  measured: 0,
  shifting: 0,
  shifts: new Map(),
});

export const emptyPage = (): PageCounts => ({ pageviews: 0, measured: 0, ads: new Map(), other: new Map() });

/** A sumMap's (keys, counts), as the engines answer it (numbers, or strings for 64-bit counts), as two number arrays. */
export function pairOf(value: unknown): [number[], number[]] {
  const [keys, counts] = Array.isArray(value) ? (value as [unknown[], unknown[]]) : [[], []];
  return [(keys ?? []).map(Number), (counts ?? []).map(Number)];
}

/** Sums two histograms' keys and counts into the first. */
export function addHistogram(into: Map<number, number>, histogram: ReadonlyMap<number, number>): void {
  for (const [key, count] of histogram) into.set(key, (into.get(key) ?? 0) + count);
}

/** Adds one slot's counts into another's. */
export function addSlotCounts(into: SlotCounts, counts: SlotCounts): void {
  for (const field of SLOT_FIELDS) into[field] += counts[field];
  addHistogram(into.heights, counts.heights);
  addHistogram(into.shifts, counts.shifts);
}

/** Adds one page's counts into another's. */
export function addPageCounts(into: PageCounts, counts: PageCounts): void {
  into.pageviews += counts.pageviews;
  into.measured += counts.measured;
  addHistogram(into.ads, counts.ads);
  addHistogram(into.other, counts.other);
}

/** Growable columns of the rows being built. */
class Columns {
  length = 0;
  slot = new Int32Array(64);
  page = new Int32Array(64);
  device = new Uint8Array(64);
  day = new Int32Array(64);
  sums = new Float64Array(64 * WIDTH);
  /** Per row and histogram, where its pairs start in the pool and how many. */
  histogramAt = new Int32Array(64 * HISTOGRAM_COUNT * 2);
  pairs = 0;
  keys = new Uint32Array(256);
  counts = new Float64Array(256);

  reserve(rows: number, pairs: number): void {
    if (this.length + rows > this.slot.length) {
      const size = Math.max(this.slot.length * 2, this.length + rows);
      this.slot = grown(this.slot, size);
      this.page = grown(this.page, size);
      this.device = grown(this.device, size);
      this.day = grown(this.day, size);
      this.sums = grown(this.sums, size * WIDTH);
      this.histogramAt = grown(this.histogramAt, size * HISTOGRAM_COUNT * 2);
    }
    if (this.pairs + pairs > this.keys.length) {
      const size = Math.max(this.keys.length * 2, this.pairs + pairs);
      this.keys = grown(this.keys, size);
      this.counts = grown(this.counts, size);
    }
  }

  /** Puts row i's histogram h: its (keys, counts) pairs appended to the pool (room reserved before). */
  putPairs(i: number, h: number, keys: ArrayLike<number>, counts: ArrayLike<number>): void {
    const at = (i * HISTOGRAM_COUNT + h) * 2;
    this.histogramAt[at] = this.pairs;
    this.histogramAt[at + 1] = keys.length;
    this.keys.set(keys, this.pairs);
    this.counts.set(counts, this.pairs);
    this.pairs += keys.length;
  }

  /** The columns without their room to grow: a table is built once and held long. */
  trimmed(): Columns {
    const c = new Columns();
    c.length = this.length;
    c.slot = this.slot.slice(0, this.length);
    c.page = this.page.slice(0, this.length);
    c.device = this.device.slice(0, this.length);
    c.day = this.day.slice(0, this.length);
    c.sums = this.sums.slice(0, this.length * WIDTH);
    c.histogramAt = this.histogramAt.slice(0, this.length * HISTOGRAM_COUNT * 2);
    c.pairs = this.pairs;
    c.keys = this.keys.slice(0, this.pairs);
    c.counts = this.counts.slice(0, this.pairs);
    return c;
  }
}

function grown<T extends Int32Array | Uint8Array | Uint32Array | Float64Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}

/** The day of a row of the store's sums: in every range and device. */
const NO_DAY = -1;

/** Rows of counts per slot, page, device and day (built by `of`, `ofSums` and `withDays`). */
export class HeldAdDays {
  constructor(
    /** Slot and page ids, each once; a row names them by index. */
    private readonly ids: readonly string[],
    private readonly columns: Columns,
  ) {}

  /** The rows as the counting statements or the kept table answer them, with a slot, page, device and day each. */
  static async of(rows: readonly Row[]): Promise<HeldAdDays> {
    const builder = new Builder([]);
    await forEachInSlices(rows, (row) => builder.addRow(row));
    return builder.done();
  }

  /** Rows summed over days and devices (the store's sums of kept rows, per slot, and per page for the pages' rows):
   * counted whatever the days or device asked about. */
  static ofSums(rows: readonly Row[]): HeldAdDays {
    const builder = new Builder([]);
    for (const row of rows) builder.addRow({ ...row, device: '', day: null });
    return builder.done();
  }

  /** Held rows. */
  get size(): number {
    return this.columns.length;
  }

  /** A new table: these rows, with the days of [first, end) replaced by `rows` (counted afresh for the whole website). */
  withDays(first: number, end: number, rows: readonly Row[]): HeldAdDays {
    const builder = new Builder([...this.ids]);
    const c = this.columns;
    const [from, to] = [first / DAY_MS, end / DAY_MS];
    for (let i = 0; i < c.length; i++) if (c.day[i]! < from || c.day[i]! >= to) builder.copyRow(c, i);
    for (const row of rows) builder.addRow(row);
    return builder.done();
  }

  /**
   * Every slot's and page's counts over the rows of the days [first, end) (every day without) on the device (every
   * device without; a row of the store's sums is in every range), given back to the event loop in slices.
   */
  async totals(device?: DeviceType, days?: { first: number; end: number }): Promise<DayTotals> {
    const c = this.columns;
    const [from, to] = days ? [days.first / DAY_MS, days.end / DAY_MS] : [-Infinity, Infinity];
    const wantedDevice = device === undefined ? -1 : DEVICES.indexOf(device);
    const slots: (SlotCounts | undefined)[] = [];
    const pages: (PageCounts | undefined)[] = [];
    const nil = this.ids.indexOf(NIL_UUID);
    await forIndexInSlices(c.length, (i) => {
      const day = c.day[i]!;
      if (day !== NO_DAY && (day < from || day >= to || (wantedDevice >= 0 && c.device[i] !== wantedDevice))) return;
      const at = i * WIDTH;
      if (c.slot[i] === nil) {
        const page = (pages[c.page[i]!] ??= emptyPage());
        page.pageviews += c.sums[at + PAGEVIEWS]!;
        page.measured += c.sums[at + MEASURED]!;
        this.addPairs(page.ads, i, 1);
        this.addPairs(page.other, i, 2);
        return;
      }
      const slot = (slots[c.slot[i]!] ??= emptySlot());
      for (let s = 0; s < WIDTH; s++) slot[SLOT_FIELDS[s]!] += c.sums[at + s]!;
      this.addPairs(slot.heights, i, 0);
      this.addPairs(slot.shifts, i, 1);
    });
    const totals: DayTotals = { slots: new Map(), pages: new Map() };
    slots.forEach((counts, index) => counts && totals.slots.set(this.ids[index]!, counts));
    pages.forEach((counts, index) => counts && totals.pages.set(this.ids[index]!, counts));
    return totals;
  }

  private addPairs(into: Map<number, number>, row: number, histogram: number): void {
    const c = this.columns;
    const at = (row * HISTOGRAM_COUNT + histogram) * 2;
    const start = c.histogramAt[at]!;
    const end = start + c.histogramAt[at + 1]!;
    for (let p = start; p < end; p++) into.set(c.keys[p]!, (into.get(c.keys[p]!) ?? 0) + c.counts[p]!);
  }
}

class Builder {
  private readonly index = new Map<string, number>();
  private readonly columns = new Columns();

  constructor(private readonly ids: string[]) {
    ids.forEach((id, i) => this.index.set(id, i));
  }

  private idOf(id: string): number {
    let found = this.index.get(id);
    if (found === undefined) {
      found = this.ids.push(id) - 1;
      this.index.set(id, found);
    }
    return found;
  }

  addRow(row: Row): void {
    const c = this.columns;
    const histograms = HISTOGRAMS.map(([keys]) => pairOf(row[keys]));
    c.reserve(1, histograms.reduce((sum, [keys]) => sum + keys.length, 0));
    const i = c.length++;
    c.slot[i] = this.idOf(String(row.slot));
    c.page[i] = this.idOf(String(row.page));
    c.device[i] = Math.max(0, DEVICES.indexOf(String(row.device ?? '')));
    c.day[i] = row.day == null ? NO_DAY : Date.parse(`${String(row.day)}T00:00:00Z`) / DAY_MS;
    SUMS.forEach((column, s) => (c.sums[i * WIDTH + s] = Number(row[column] ?? 0)));
    histograms.forEach(([keys, counts], h) => c.putPairs(i, h, keys, counts));
  }

  /** Row i of another table with the same ids (and maybe more). */
  copyRow(from: Columns, i: number): void {
    const c = this.columns;
    let pairs = 0;
    for (let h = 0; h < HISTOGRAM_COUNT; h++) pairs += from.histogramAt[(i * HISTOGRAM_COUNT + h) * 2 + 1]!;
    c.reserve(1, pairs);
    const j = c.length++;
    c.slot[j] = from.slot[i]!;
    c.page[j] = from.page[i]!;
    c.device[j] = from.device[i]!;
    c.day[j] = from.day[i]!;
    c.sums.set(from.sums.subarray(i * WIDTH, (i + 1) * WIDTH), j * WIDTH);
    for (let h = 0; h < HISTOGRAM_COUNT; h++) {
      const at = (i * HISTOGRAM_COUNT + h) * 2;
      const [start, end] = [from.histogramAt[at]!, from.histogramAt[at]! + from.histogramAt[at + 1]!];
      c.putPairs(j, h, from.keys.subarray(start, end), from.counts.subarray(start, end));
    }
  }

  done(): HeldAdDays {
    return new HeldAdDays(this.ids, this.columns.trimmed());
  }
}
