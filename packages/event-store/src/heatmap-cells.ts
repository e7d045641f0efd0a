// The heatmap cells of events (migration 017 defines each kind): writers add them next to the events they write, in
// the same write, as they do the page counts — a materialized view per source table would write a part of its own on
// every insert. The SQL form (the migration's own, for bulk loads and rebuilds) and this one must agree row for row;
// test/heatmap-cells.test.ts holds them to it.
import { CELL_COLUMNS, CELL_SELECTS } from './migrations/017-heatmap-cells.ts';

export const HEATMAP_CELLS_TABLE = 'foldline.heatmap_cells_hourly';
export const HEATMAP_DAILY_TABLE = 'foldline.heatmap_cells_daily';

export type HeatmapCellKind = 'click' | 'attention' | 'dwell' | 'reach' | 'fold' | 'doc';
type CellSource = keyof typeof CELL_SELECTS;

type Row = Record<string, unknown>;
/** Which cell of a page's map: the kind and the place (migration 017 says what each column means per kind). Types,
 * not interfaces: rows must fit Record<string, unknown> where they are inserted. */
export type HeatmapCellPosition = { kind: HeatmapCellKind; selector: string; ox: number; oy: number; x: number; y: number };
type Cell = HeatmapCellPosition & { website_id: unknown; hour: string; page_id: unknown; device: unknown; value: number };

const num = (value: unknown) => Number(value);
/** Integer per mille as the SQL's intDiv: floor, capped at 1000. */
const perMille = (value: unknown, of: unknown) => Math.min(1000, Math.floor((num(value) * 1000) / Math.max(1, num(of))));
/** Offsets are stored as Float32: round through it so both forms floor the same number. */
const percentFloor = (share: unknown) => Math.min(100, Math.floor(Math.fround(num(share)) * 100));

/** 'YYYY-MM-DD hh:mm:ss.sss' → the start of its hour in the same format ClickHouse reads for DateTime. */
const hourOf = (ts: unknown) => `${String(ts).slice(0, 13)}:00:00`;

type CellOf = (row: Row, add: (kind: HeatmapCellKind, cell: Partial<Omit<HeatmapCellPosition, 'kind'>>, value: number) => void) => void;

const CELLS: Record<CellSource, CellOf> = {
  clicks: (row, add) =>
    add('click', { selector: String(row.selector), ox: percentFloor(row.offset_x), oy: percentFloor(row.offset_y), x: perMille(row.x, row.viewport_w), y: perMille(row.y, row.doc_h) }, 1),
  attention: (row, add) => {
    if (num(row.doc_h) > 0) add('attention', { x: perMille(row.x, row.viewport_w), y: perMille(row.y, row.doc_h) }, num(row.weight_ms));
  },
  viewport_spans: (row, add) => {
    const [top, height, doc] = [num(row.scroll_y), num(row.viewport_h), num(row.doc_h)];
    if (doc <= 0 || height <= 0 || top >= doc) return;
    const first = Math.floor((top * 100) / doc);
    const last = Math.min(99, Math.floor((Math.min(top + height, doc) * 100 - 1) / doc));
    add('dwell', { y: first * 10 }, num(row.duration_ms));
    if (last + 1 < 100) add('dwell', { y: (last + 1) * 10 }, -num(row.duration_ms));
  },
  engagement: (row, add) => {
    const first = num(row.is_first) === 1;
    const gain = num(row.scroll_gain);
    if (!first && gain <= 0) return;
    const depth = num(row.max_scroll_pct);
    const from = first ? 0 : depth - gain + 1;
    if (from <= 100) add('reach', { y: from }, 1);
    if (depth + 1 <= 100) add('reach', { y: depth + 1 }, -1);
  },
  pageviews: (row, add) => {
    add('fold', { y: Math.min(100, Math.floor((num(row.viewport_h) * 100) / Math.max(1, num(row.doc_h)))) }, 1);
    add('doc', { y: 0 }, num(row.doc_h));
  },
};

const isSource = (table: string): table is CellSource => Object.hasOwn(CELLS, table);

/** Heatmap cells of event rows given per table (`clicks` or `foldline.clicks`); rows of other tables are ignored.
 * Cells with the same key become one. */
export function heatmapCellsOf(rowsByTable: Readonly<Record<string, ReadonlyArray<Row>>>): Cell[] {
  const cells = new Map<string, Cell>();
  for (const [name, rows] of Object.entries(rowsByTable)) {
    const table = name.replace(/^foldline\./, '');
    if (!isSource(table)) continue;
    const cellOf = CELLS[table];
    for (const row of rows) {
      const hour = hourOf(row.ts);
      cellOf(row, (kind, { selector = '', ox = 0, oy = 0, x = 0, y = 0 }, value) => {
        const key = `${String(row.website_id)}|${hour}|${String(row.page_id)}|${String(row.device)}|${kind}|${selector}|${ox}|${oy}|${x}|${y}`;
        const cell = cells.get(key);
        if (cell) cell.value += value;
        else cells.set(key, { website_id: row.website_id, hour, page_id: row.page_id, device: row.device, kind, selector, ox, oy, x, y, value });
      });
    }
  }
  return [...cells.values()];
}

/** The same in SQL, for bulk loads written with INSERT … SELECT and for rebuilds: the cells of every row of `table`,
 * or of those whose cell matches `where` (a condition on the cell's columns, e.g. website_id and hour, values bound). */
export function heatmapCellsInsertSql(table: CellSource, where?: string): string {
  const select = where ? `SELECT ${CELL_COLUMNS} FROM (${CELL_SELECTS[table]}) WHERE ${where}` : CELL_SELECTS[table];
  return `INSERT INTO ${HEATMAP_CELLS_TABLE} (${CELL_COLUMNS}) ${select}`;
}

export const HEATMAP_SOURCE_TABLES = Object.keys(CELLS) as CellSource[];

/** The event table each kind of cell is made from. */
export const HEATMAP_CELL_SOURCES: Readonly<Record<HeatmapCellKind, CellSource>> = {
  click: 'clicks',
  attention: 'attention',
  dwell: 'viewport_spans',
  reach: 'engagement',
  fold: 'pageviews',
  doc: 'pageviews',
};

/** The hourly cells (CELL_COLUMNS) of the rows `rows` selects from `table` — a query over it with all its columns, such
 * as one page's rows of some pageviews — by the rollups' own definition: a segmented heatmap reads raw rows through it
 * (packages/analytics/src/heatmaps/heatmap-cells.ts). */
export function heatmapCellsOfRowsSql(table: CellSource, rows: string): string {
  const from = new RegExp(`FROM foldline\\.${table}(?=\\s|$)`, 'g');
  const select = CELL_SELECTS[table];
  if (select.match(from)?.length !== 1) throw new Error(`The cells of ${table} are not read from one FROM foldline.${table}`);
  return select.replace(from, () => `FROM (${rows})`);
}
