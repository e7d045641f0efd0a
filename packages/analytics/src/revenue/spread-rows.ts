// The rows of imported-revenue spread writes, held in memory so that a report sums them without a statement.
//
// A write of a website's spread (imported-spread.ts) is named by its version and writer, and its rows never change
// after it is finished: whatever process reads them, they are the same, so holding them is safe across processes.
// The read of the spread was the fourth statement of top pages and one of every revenue figure's; on the embedded
// engine each statement costs some 15-25 ms of planning whatever it reads. A write's rows are read once, after the
// look that first needs them (which the store answers meanwhile), and let go when the website's version changes (a
// new import, new rates, or the hourly rewrite of recent days) or memory is short.
import type { EventStore } from '@foldline/event-store';
import { touched, withinBudget } from '../held-budget.ts';
import type { SpreadPlan, SpreadWrite } from './imported-spread.ts';

/** A spread row as stored (migration 025). */
interface SpreadRow {
  grain: string;
  key_id: string;
  day: string;
  page_id: string;
  device: string;
  unit_key: string;
  currency: string;
  revenue: number;
}

/** The read's sums per key, website, unit and currency, as the statement answers them. */
export interface SpreadSum {
  key: string;
  website: string;
  unit_key: string;
  currency: string;
  current: number | string;
  previous: number | string;
  converted?: number | boolean;
}

/** Rows held per store, all writes together (a quarter of the bench's importing website is some 57,000 rows, about
 * 10 MB); a write with more is summed by the store. The least recently used go first. */
const MAX_HELD_ROWS = 400_000;
const MAX_WRITE_ROWS = 200_000;
const MAX_EXECUTION_TIME = 20;

interface HeldWrite {
  /** Undefined while being read; null for a write with more than MAX_WRITE_ROWS. */
  rows?: SpreadRow[] | null;
}

/** Per store, per website, its write held (one per website: a new version replaces the old). */
const held = new WeakMap<EventStore, Map<string, { name: string; write: HeldWrite }>>();

const nameOf = (spread: SpreadWrite) => `${spread.version}\n${spread.writer}`;

/** Every website's rows when all of them are held; otherwise undefined, and the reads of those not held are begun
 * (after the caller's own statement is queued). */
export function heldSpreadRows(events: EventStore, spreads: ReadonlyMap<string, SpreadWrite>): Map<string, SpreadRow[]> | undefined {
  let websites = held.get(events);
  if (!websites) held.set(events, (websites = new Map()));
  const found = new Map<string, SpreadRow[]>();
  for (const [websiteId, spread] of spreads) {
    const name = nameOf(spread);
    const entry = touched(websites, websiteId);
    if (entry?.name === name) {
      if (entry.write.rows) found.set(websiteId, entry.write.rows);
      continue;
    }
    const write: HeldWrite = {};
    websites.set(websiteId, { name, write });
    void readWrite(events, websiteId, spread, write);
  }
  return found.size === spreads.size ? found : undefined;
}

async function readWrite(events: EventStore, websiteId: string, spread: SpreadWrite, write: HeldWrite): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  try {
    // Aliases unlike the columns' names: the WHERE clause would read an alias of a column's name instead of it.
    const rows = await events.query<Record<'g' | 'k' | 'd' | 'p' | 'dv' | 'u' | 'c' | 'r', string>>(
      `SELECT grain AS g, toString(key_id) AS k, toString(day) AS d, toString(page_id) AS p, device AS dv, unit_key AS u, currency AS c, revenue AS r
       FROM foldline.imported_revenue_spread
       WHERE website_id = {websiteId:UUID} AND version = {version:String} AND writer = {writer:UUID} AND day > toDate(0)
       LIMIT ${MAX_WRITE_ROWS + 1}`,
      { websiteId, version: spread.version, writer: spread.writer },
      { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME },
    );
    write.rows =
      rows.length > MAX_WRITE_ROWS
        ? null
        : rows.map((row) => ({ grain: row.g, key_id: row.k, day: row.d, page_id: row.p, device: row.dv, unit_key: row.u, currency: row.c, revenue: Number(row.r) }));
  } catch {
    // Read again by the next look.
    const websites = held.get(events);
    if (websites?.get(websiteId)?.write === write) websites.delete(websiteId);
    return;
  }
  const websites = held.get(events);
  if (websites) withinBudget(websites, (entry) => entry.write.rows?.length ?? 0, MAX_HELD_ROWS, websiteId, (key) => websites.delete(key));
}

/** Forgets the rows held for this store: a website's events, and its spread with them, were deleted. */
export function forgetSpreadRows(events: EventStore): void {
  held.delete(events);
}

/** What the statement of importedSpreadSql answers, from the rows held: the same filters, shares and day rates. */
export function sumSpreadRows(rows: ReadonlyMap<string, readonly SpreadRow[]>, plan: SpreadPlan): SpreadSum[] {
  const sums = new Map<string, SpreadSum & { current: number; previous: number }>();
  const shareOf = (day: string, shares: NonNullable<SpreadPlan['previous']>) =>
    day >= shares.first && day < shares.after ? 1 : (shares.edges.get(day) ?? 0);
  for (const [websiteId, writeRows] of rows) {
    for (const row of writeRows) {
      if (row.grain !== plan.grain || row.day < plan.first || row.day >= plan.after) continue;
      let passes = true;
      if (plan.pageIds && !plan.pageIds.has(plan.grain === 'page' ? row.key_id : row.page_id)) passes = false;
      if (plan.device !== undefined && row.device !== plan.device) passes = false;
      if (plan.spreadOnly && row.unit_key !== '') passes = false;
      if (!passes && !(plan.unspread && row.unit_key !== '')) continue;
      const dayRate = plan.dayRates?.get(`${websiteId}|${row.day}|${row.currency}`) ?? 0;
      const factor = dayRate > 0 ? dayRate : 1;
      const key = plan.perWebsite ? websiteId : row.key_id;
      const converted = plan.dayRates ? dayRate > 0 : undefined;
      const id = `${key}\n${row.unit_key}\n${row.currency}\n${String(converted)}`;
      let sum = sums.get(id);
      if (!sum) {
        sum = { key, website: websiteId, unit_key: row.unit_key, currency: row.currency, current: 0, previous: 0, ...(converted === undefined ? {} : { converted }) };
        sums.set(id, sum);
      }
      sum.current += row.revenue * shareOf(row.day, plan.current) * factor;
      if (plan.previous) sum.previous += row.revenue * shareOf(row.day, plan.previous) * factor;
    }
  }
  return [...sums.values()];
}
