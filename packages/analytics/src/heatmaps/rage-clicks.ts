// Rage and dead clicks as the element list and the click map read them (issue 26), from raw clicks: the heatmap rollups
// carry neither. A rage burst is RAGE_CLICKS clicks of one pageview within RAGE_WINDOW_MS, each within RAGE_RADIUS_PX of
// the burst's last, told by a window over the pageview's clicks in time order: `rage` marks the click that completes a
// burst (and each later one that completes another), `in_rage` every click of a burst. Dead clicks are the tracker's
// flag, stored per click (event-store migration 027).
import { RAGE_CLICKS, RAGE_RADIUS_PX, RAGE_WINDOW_MS, type ClickFilter } from '@foldline/contracts';

/** A pageview's clicks in time order; position breaks a tie of two clicks in one millisecond, the same in both windows. */
const IN_ORDER = 'PARTITION BY pageview_id ORDER BY ts, x, y';

const lagged = (column: string, by: number) => `lagInFrame(${column}, ${by}) OVER burst`;
const apart = (column: string, by: number) => `abs(toInt64(${column}) - toInt64(${lagged(column, by)}))`;

/** Whether a click completes a rage burst, over `WINDOW burst` (rageWindowSql). */
export const RAGE_SQL =
  `row_number() OVER burst >= ${RAGE_CLICKS}
             AND toUnixTimestamp64Milli(ts) - toUnixTimestamp64Milli(${lagged('ts', RAGE_CLICKS - 1)}) <= ${RAGE_WINDOW_MS}
             AND greatest(${apart('x', 1)}, ${apart('y', 1)},
                          ${apart('x', RAGE_CLICKS - 1)}, ${apart('y', RAGE_CLICKS - 1)}) <= ${RAGE_RADIUS_PX}`;

/** The window RAGE_SQL reads. */
export const RAGE_WINDOW_SQL = `WINDOW burst AS (${IN_ORDER} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`;

/**
 * Every column of the clicks `where` picks, with `rage` and `in_rage`: a click is in a burst when it, or one of the
 * RAGE_CLICKS - 1 clicks after it, completes one. Rows of the pageviews' clicks outside `where` take no part: `where`
 * should hold whole pageviews' clicks of the period (page, device, time, a segment's pageviews).
 */
export function clicksWithRageSql(where: string): string {
  return `SELECT *, max(rage) OVER (${IN_ORDER} ROWS BETWEEN CURRENT ROW AND ${RAGE_CLICKS - 1} FOLLOWING) AS in_rage
    FROM (SELECT *, ${RAGE_SQL} AS rage FROM foldline.clicks WHERE ${where} ${RAGE_WINDOW_SQL})`;
}

/** The condition a filter keeps a click by, on clicksWithRageSql's rows (dead also on the table's own). */
export function clickFilterSql(only: ClickFilter): string {
  return only === 'dead' ? 'dead = 1' : 'in_rage = 1';
}

/** The clicks of `where` a filter keeps, with every column of the clicks table (and rage, in_rage for rage): rows for
 * the heatmap cells' definition (event-store heatmapCellsOfRowsSql). */
export function filteredClicksSql(where: string, only: ClickFilter): string {
  return only === 'dead'
    ? `SELECT * FROM foldline.clicks WHERE ${where} AND dead = 1`
    : `SELECT * FROM (${clicksWithRageSql(where)}) WHERE in_rage = 1`;
}
