// From heatmap cells (relative to each visitor's layout) to points on the reference layout: clicks re-anchored on the
// element they were recorded on, everything else scaled; then binned so a map carries at most a few thousand points.
// Pure functions: the report feeds them the rows of the rollup and the screenshot's element map.
import type { ContentOutline } from '@foldline/contracts/content-outline';

/** A box in document px of the reference layout: x, y, width, height. */
export type Box = readonly [number, number, number, number];

export interface ReferenceLayout {
  width: number;
  /** Height of the whole page in the reference layout, px. */
  documentHeight: number;
  /** Selector (the tracker's selector function) → the element's box; empty when no screenshot could be taken. */
  elements: Readonly<Record<string, Box>>;
  /** The page's content block by block (the recommendations' places); absent from renderings taken before it was
   * recorded, null where the page has no column of content. */
  outline?: ContentOutline | null;
  /** The tag and readable name of links, buttons, images and headings by selector; absent from older renderings. */
  labels?: Readonly<Record<string, readonly [string, string]>>;
}

export interface ClickCell {
  selector: string;
  /** Offset in the element, percent of its box, floored. */
  ox: number;
  oy: number;
  /** Per mille of the visitor's viewport width and document height. */
  x: number;
  y: number;
  count: number;
}

export interface WeightedPoint {
  x: number;
  y: number;
  value: number;
}

/** At most this many points leave the server; the grid coarsens until the map fits. */
export const MAX_POINTS = 4000;

/** Places clicks on the reference layout. A click whose element is in the layout lands on it at its recorded offset
 * (the middle of the 1 % offset cell); the others fall back to their position scaled to the reference page. */
export function placeClicks(cells: readonly ClickCell[], layout: ReferenceLayout): { points: WeightedPoint[]; anchored: number } {
  const points: WeightedPoint[] = [];
  let anchored = 0;
  for (const cell of cells) {
    const box = Object.hasOwn(layout.elements, cell.selector) ? layout.elements[cell.selector] : undefined;
    // A box without area is an element this layout hides (a phone menu on desktop): the click cannot land on it.
    if (box && box[2] > 0 && box[3] > 0) {
      points.push({ x: box[0] + (Math.min(cell.ox, 99) + 0.5) / 100 * box[2], y: box[1] + (Math.min(cell.oy, 99) + 0.5) / 100 * box[3], value: cell.count });
      anchored += cell.count;
    } else {
      points.push(scaled(cell.x, cell.y, cell.count, layout));
    }
  }
  return { points, anchored };
}

/** A point given per mille of the visitor's viewport width and document height, on the reference layout. */
export function scaled(xPerMille: number, yPerMille: number, value: number, layout: Pick<ReferenceLayout, 'width' | 'documentHeight'>): WeightedPoint {
  return { x: (xPerMille / 1000) * layout.width, y: (yPerMille / 1000) * layout.documentHeight, value };
}

/** Spacing of the grid of points that carries the bands' figures over the content, px: well under the engagement map's
 * radius (50), so the field it draws is even and its colour follows the figure: at 40 px a band at the map's top figure
 * is red throughout (alpha 0.97–1), at half of it yellow-green (0.71–0.75), where points 64 px across and a 1 % band
 * apart (80 px on an 8,000 px page) drew red dots in yellow, stripes and empty rows. */
const DWELL_SPACING = 40;

/** The grid widens past DWELL_SPACING to keep the bands within this many points (a tall page with no outline). */
const MAX_DWELL_POINTS = 3000;

/**
 * The bands (per 1 % of the page: the average share of a reader's time it was on screen) as an even grid of points over
 * the page's content (`across`: its columns' horizontal extent, from the rendering's outline; the whole width without
 * one): readers read the content, not the empty margins beside it (issue 26). Each point carries the figure of the band
 * under it, not a part of it, so the map's top value is a figure the legend can state.
 */
export function dwellPoints(
  bands: readonly number[],
  layout: Pick<ReferenceLayout, 'width' | 'documentHeight'>,
  across: { x: number; width: number } = { x: 0, width: layout.width },
): WeightedPoint[] {
  const height = layout.documentHeight;
  if (!(height > 0) || !(across.width > 0)) return [];
  const spacing = Math.max(DWELL_SPACING, Math.sqrt((across.width * height) / MAX_DWELL_POINTS));
  const columns = Math.max(1, Math.round(across.width / spacing));
  const rows = Math.max(1, Math.round(height / spacing));
  const points: WeightedPoint[] = [];
  for (let row = 0; row < rows; row++) {
    const y = ((row + 0.5) / rows) * height;
    const value = bands[Math.min(99, Math.floor((y / height) * 100))] ?? 0;
    if (value > 0) for (let column = 0; column < columns; column++) points.push({ x: across.x + ((column + 0.5) / columns) * across.width, y, value });
  }
  return points;
}

/** A pointer rest in the reader's own layout: x px of a viewport `viewportWidth` wide, y per mille of the page. */
export interface RestCell {
  viewportWidth: number;
  x: number;
  yPerMille: number;
  value: number;
}

/**
 * Pointer rests on the reference layout, on the page's content only. With the content known: a reader whose viewport
 * held the content's width saw it as the reference does, centred (a fixed column, as most publishers' pages are), so
 * the rest keeps its distance from the middle; a narrower reader's whole width held a narrowed content, so the rest
 * keeps its place across that width. A rest outside the content (a pointer parked in the margin) is left out: it says
 * nothing about what was read. Without the content, rests are scaled to the reference width as before.
 */
export function placeRests(cells: readonly RestCell[], layout: Pick<ReferenceLayout, 'width' | 'documentHeight'>, content?: { x: number; width: number }): WeightedPoint[] {
  const points: WeightedPoint[] = [];
  for (const cell of cells) {
    const y = (cell.yPerMille / 1000) * layout.documentHeight;
    if (!content) {
      points.push({ x: (cell.x / Math.max(1, cell.viewportWidth)) * layout.width, y, value: cell.value });
      continue;
    }
    const x = cell.viewportWidth >= content.width ? cell.x + (layout.width - cell.viewportWidth) / 2 : content.x + (cell.x / cell.viewportWidth) * content.width;
    if (x >= content.x && x <= content.x + content.width) points.push({ x, y, value: cell.value });
  }
  return points;
}

/** The horizontal extent of the page's content: its main and side columns together; undefined without an outline. */
export function contentExtent(layout: Pick<ReferenceLayout, 'outline' | 'width'>): { x: number; width: number } | undefined {
  const outline = layout.outline;
  if (!outline) return undefined;
  const boxes = [outline.main.box, ...outline.sides.map((side) => side.box)];
  const left = Math.max(0, Math.min(...boxes.map((box) => box[0])));
  const right = Math.min(layout.width, Math.max(...boxes.map((box) => box[0] + box[2])));
  return right > left ? { x: left, width: right - left } : undefined;
}

/**
 * Sums points into square cells of `grid` px, each represented by its value-weighted centre, doubling the grid until at
 * most `maxPoints` remain. Points outside the page are dropped. Sorted hottest first.
 */
export function binPoints(points: readonly WeightedPoint[], grid: number, layout: Pick<ReferenceLayout, 'width' | 'documentHeight'>, maxPoints = MAX_POINTS): WeightedPoint[] {
  const inside = points.filter((p) => p.value > 0 && p.x >= 0 && p.y >= 0 && p.x <= layout.width && p.y <= layout.documentHeight);
  for (let size = Math.max(1, grid); ; size *= 2) {
    const cells = new Map<number, { sx: number; sy: number; value: number }>();
    const columns = Math.ceil(layout.width / size) + 1;
    for (const p of inside) {
      const key = Math.floor(p.y / size) * columns + Math.floor(p.x / size);
      const cell = cells.get(key);
      if (cell) {
        cell.sx += p.x * p.value;
        cell.sy += p.y * p.value;
        cell.value += p.value;
      } else {
        cells.set(key, { sx: p.x * p.value, sy: p.y * p.value, value: p.value });
      }
    }
    if (cells.size <= maxPoints) {
      return [...cells.values()]
        .map((c) => ({ x: Math.round(c.sx / c.value), y: Math.round(c.sy / c.value), value: c.value }))
        .sort((a, b) => b.value - a.value);
    }
  }
}

/** Running sums of differences given at integer positions 0 … length - 1. */
function runningSums(differences: ReadonlyArray<{ at: number; delta: number }>, length: number): number[] {
  const delta = new Array<number>(length).fill(0);
  for (const d of differences) if (d.at >= 0 && d.at < length) delta[d.at]! += d.delta;
  let running = 0;
  return delta.map((change) => (running += change));
}

/**
 * Scroll reach from its differences (+1 where pageviews start reaching a depth, -1 past their deepest): the count of
 * pageviews whose viewport reached each depth, 0–100 %. A running sum over depth, so it never rises with depth.
 */
export function reachByDepth(differences: ReadonlyArray<{ depth: number; delta: number }>): { depth: number; count: number }[] {
  const counts = runningSums(differences.map((d) => ({ at: d.depth, delta: d.delta })), 101);
  // A pageview whose first updates fell before the period adds only its deeper gains; whoever reached a depth also
  // reached every shallower one, so each depth counts at least as many as the next.
  for (let depth = 99; depth >= 0; depth--) counts[depth] = Math.max(counts[depth]!, counts[depth + 1]!);
  return counts.map((count, depth) => ({ depth, count: Math.max(0, count) }));
}
