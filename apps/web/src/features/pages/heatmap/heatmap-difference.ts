// The difference view of two compared heatmaps (issue 26): where the first map (this period, or the chosen segment)
// differs from the second (the previous period, or the segment it is compared with), computed here from the two maps the
// panel already has. Each side is first made per reader, so that a side with more traffic does not simply come out
// ahead everywhere: a click map's clicks per 1,000 of its own pageviews; an engagement map's figures already are an
// average over its own readers; a scroll map's the share of its own readers reaching each depth. Point maps are laid on
// one grid of cells over the page, each side spread as its map draws it, and subtracted; the result is coloured on a
// diverging scale, red where the first side has more and blue where it has less, equal magnitudes equally strong.
// Everything but the last canvas glue is pure and unit-tested.
import type { HeatmapPoint, PointHeatmapResponse, ScrollPoint } from '@foldline/contracts';
import { buildPalette, reachAt, scrollBase, type Gradient } from './render-heatmap.ts';

/** Blue (the first side has less) through a pale middle (about the same) to red (more): the legend's bar and the cells'
 * colours. */
export const DIFFERENCE_GRADIENT: Gradient = { 0: 'rgb(29,78,216)', 0.5: 'rgb(241,245,249)', 1: 'rgb(220,38,38)' };

/** Differences below this share of the largest are left uncoloured: "about the same" reads as the page itself. */
export const DIFFERENCE_FLOOR = 0.04;

/** Opacity of a cell at the floor and at the largest difference. */
const ALPHA = { low: 0.2, high: 0.8 } as const;

/** Clicks are counted per this many pageviews on each side. */
export const PER_PAGEVIEWS = 1000;

/** Cells of the point grid at most: a very tall page gets coarser cells rather than a huge buffer. */
export const MAX_DIFFERENCE_CELLS = 600_000;

type PointType = 'click' | 'engagement';

/**
 * How each side's points are spread over the grid, in layout px: a click counts in full at its spot and fades to nothing
 * at the click map's radius (25), and the cells add up the clicks around them ("clicks in one spot" as the map draws
 * them). An engagement figure is a level, not an amount (a share of the readers' time), so a cell takes the highest
 * figure around it rather than a sum: flat out to 30 px, over the even grid of points the server lays over the content
 * (40 px apart, heatmap-points.ts dwellPoints), so a band reads as one level instead of a ripple, and fading to the
 * engagement map's radius (50).
 */
export const SPREAD: Record<PointType, { cell: number; flat: number; radius: number; combine: 'sum' | 'max' }> = {
  click: { cell: 8, flat: 0, radius: 25, combine: 'sum' },
  engagement: { cell: 10, flat: 30, radius: 50, combine: 'max' },
};

/** What the difference needs of a point map. */
export interface PointSide {
  data: readonly Pick<HeatmapPoint, 'x' | 'y' | 'value'>[];
  meta: Pick<PointHeatmapResponse['meta'], 'pageviews' | 'referenceWidth' | 'documentHeight' | 'timedPageviews'>;
}

/** The readers a side's figures are per: a click map's pageviews, an engagement map's readers with time measured. */
export function sideReaders(type: PointType, meta: PointSide['meta']): number {
  return type === 'engagement' ? (meta.timedPageviews ?? meta.pageviews) : meta.pageviews;
}

/** A point's figure made per reader: clicks per 1,000 pageviews; an engagement share as it is (already per reader). */
function perReader(type: PointType, value: number, readers: number): number {
  if (!(readers > 0)) return 0;
  return type === 'click' ? (value * PER_PAGEVIEWS) / readers : value;
}

export interface DifferenceGrid {
  /** Layout px a cell is on a side; the grid starts at the page's top left. */
  cell: number;
  columns: number;
  rows: number;
  /** First minus second, per cell, row by row: clicks per 1,000 pageviews, or a share of readers' time (0–1). */
  values: Float32Array;
  /** The largest difference each way (both ≥ 0): how many more the first side has at most, and how many fewer. */
  most: number;
  fewest: number;
}

/**
 * The first map minus the second on a grid over the page (`width` the reference width, `height` the page's height in
 * layout px), each side made per reader. Null when a side has no readers to be per (no pageviews; for engagement, none
 * with time measured): there is nothing to compare with. A side with readers but no points is a side with none (every
 * cell of the other shows in full).
 */
export function pointDifference(type: PointType, first: PointSide, second: PointSide): DifferenceGrid | null {
  const readers = [sideReaders(type, first.meta), sideReaders(type, second.meta)];
  if (!(readers[0]! > 0) || !(readers[1]! > 0)) return null;
  const spread = SPREAD[type];
  const width = Math.max(first.meta.referenceWidth, second.meta.referenceWidth);
  const height = Math.max(first.meta.documentHeight, second.meta.documentHeight, ...first.data.map((p) => p.y), ...second.data.map((p) => p.y));
  let cell = spread.cell;
  while (Math.ceil(width / cell) * Math.ceil(height / cell) > MAX_DIFFERENCE_CELLS) cell *= 2;
  const columns = Math.max(1, Math.ceil(width / cell));
  const rows = Math.max(1, Math.ceil(height / cell));
  const fields = [first, second].map((side, index) => spreadPoints(side.data, readers[index]!, type, { cell, columns, rows }));
  const values = new Float32Array(columns * rows);
  let most = 0;
  let fewest = 0;
  for (let i = 0; i < values.length; i += 1) {
    const value = fields[0]![i]! - fields[1]![i]!;
    values[i] = value;
    if (value > most) most = value;
    if (-value > fewest) fewest = -value;
  }
  return { cell, columns, rows, values, most, fewest };
}

/** One side's field on the grid: each point's per-reader figure spread as SPREAD says, at each cell's centre. */
function spreadPoints(points: PointSide['data'], readers: number, type: PointType, grid: { cell: number; columns: number; rows: number }): Float32Array {
  const { cell, columns, rows } = grid;
  const { flat, radius, combine } = SPREAD[type];
  const field = new Float32Array(columns * rows);
  const reach = Math.ceil(radius / cell);
  for (const point of points) {
    const value = perReader(type, point.value, readers);
    if (!(value > 0)) continue;
    const column = Math.floor(point.x / cell);
    const row = Math.floor(point.y / cell);
    for (let r = Math.max(0, row - reach); r <= Math.min(rows - 1, row + reach); r += 1) {
      const dy = (r + 0.5) * cell - point.y;
      for (let c = Math.max(0, column - reach); c <= Math.min(columns - 1, column + reach); c += 1) {
        const distance = Math.hypot((c + 0.5) * cell - point.x, dy);
        if (distance >= radius) continue;
        const weight = distance <= flat ? 1 : (radius - distance) / (radius - flat);
        const i = r * columns + c;
        if (combine === 'sum') field[i]! += value * weight;
        else field[i] = Math.max(field[i]!, value * weight);
      }
    }
  }
  return field;
}

/** The larger of the two ends: the scale is symmetric, so that as much more and as much less look as strong. */
export const differenceScale = (difference: Pick<DifferenceGrid, 'most' | 'fewest'>) => Math.max(difference.most, difference.fewest);

/**
 * The colour of a difference on a symmetric scale whose ends are ±`scale`: RGBA bytes, transparent below
 * DIFFERENCE_FLOOR of the scale, then the diverging palette's colour at that side with opacity rising with the size.
 */
export function differenceColor(value: number, scale: number, palette: Uint8ClampedArray): [number, number, number, number] {
  const share = scale > 0 ? Math.max(-1, Math.min(1, value / scale)) : 0;
  if (Math.abs(share) < DIFFERENCE_FLOOR) return [0, 0, 0, 0];
  const i = Math.round(((share + 1) / 2) * 255) * 4;
  const alpha = ALPHA.low + (ALPHA.high - ALPHA.low) * ((Math.abs(share) - DIFFERENCE_FLOOR) / (1 - DIFFERENCE_FLOOR));
  return [palette[i]!, palette[i + 1]!, palette[i + 2]!, Math.round(alpha * 255)];
}

let differencePalette: Uint8ClampedArray | undefined;
const paletteOf = () => (differencePalette ??= buildPalette(DIFFERENCE_GRADIENT));

/** A difference's colour on the difference's own scale as CSS, null where it is left uncoloured: an engagement map's
 * content block shaded by its difference, as the cells around it are. */
export function differenceFill(value: number, difference: Pick<DifferenceGrid, 'most' | 'fewest'>): string | null {
  const [r, g, b, a] = differenceColor(value, differenceScale(difference), paletteOf());
  return a === 0 ? null : `rgba(${r}, ${g}, ${b}, ${Number((a / 255).toFixed(3))})`;
}

/** The grid as RGBA pixels, one per cell, `columns` wide. */
export function differencePixels(difference: DifferenceGrid): Uint8ClampedArray<ArrayBuffer> {
  const palette = paletteOf();
  const scale = differenceScale(difference);
  const pixels = new Uint8ClampedArray(difference.values.length * 4);
  for (let i = 0; i < difference.values.length; i += 1) pixels.set(differenceColor(difference.values[i]!, scale, palette), i * 4);
  return pixels;
}

/** One depth of the scroll difference: the share (0–1) of each side's readers whose viewport got that far. */
export interface ScrollDifferencePoint {
  depth: number;
  first: number;
  second: number;
  /** first − second, −1 to 1. */
  difference: number;
}

/** What the difference needs of a scroll map. */
export interface ScrollSide {
  data: readonly ScrollPoint[];
  meta: { maxValue: number };
}

/** The share of each side's readers reaching each depth, 0–100 %, and its difference; null when a side has no readers. */
export function scrollDifference(first: ScrollSide, second: ScrollSide): ScrollDifferencePoint[] | null {
  const bases = [scrollBase(first.data, first.meta.maxValue), scrollBase(second.data, second.meta.maxValue)];
  if (!(bases[0]! > 0) || !(bases[1]! > 0)) return null;
  const out: ScrollDifferencePoint[] = [];
  for (let depth = 0; depth <= 100; depth += 1) {
    const a = reachAt(first.data, depth, bases[0]!);
    const b = reachAt(second.data, depth, bases[1]!);
    out.push({ depth, first: a, second: b, difference: a - b });
  }
  return out;
}

/** The scroll difference's largest size each way. */
export function scrollDifferenceEnds(points: readonly ScrollDifferencePoint[]): { most: number; fewest: number } {
  return points.reduce((ends, p) => ({ most: Math.max(ends.most, p.difference), fewest: Math.max(ends.fewest, -p.difference) }), { most: 0, fewest: 0 });
}

/** The scroll difference as gradient stops down the page, one per percent of depth. */
export function scrollDifferenceStops(points: readonly ScrollDifferencePoint[]): { offset: number; color: string }[] {
  const palette = paletteOf();
  const scale = differenceScale(scrollDifferenceEnds(points));
  return points.map((p) => {
    const [r, g, b, a] = differenceColor(p.difference, scale, palette);
    return { offset: p.depth / 100, color: `rgba(${r}, ${g}, ${b}, ${Number((a / 255).toFixed(3))})` };
  });
}

// ——— Canvas glue ———

/**
 * Draws a point difference over a canvas showing the layout `referenceWidth` wide scaled to its width: the grid's
 * cells as one small image, scaled up with the browser's smoothing so cells blend as a map's stamps do.
 */
export function drawPointDifference(canvas: HTMLCanvasElement, difference: DifferenceGrid, referenceWidth: number): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    console.error('Heatmap: the canvas 2D context is unavailable, so the difference is not drawn');
    return;
  }
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (canvas.width === 0 || canvas.height === 0 || !(referenceWidth > 0) || differenceScale(difference) <= 0) return;
  const cells = document.createElement('canvas');
  cells.width = difference.columns;
  cells.height = difference.rows;
  const cellsCtx = cells.getContext('2d');
  if (!cellsCtx) return;
  cellsCtx.putImageData(new ImageData(differencePixels(difference), difference.columns, difference.rows), 0, 0);
  const scale = (canvas.width / referenceWidth) * difference.cell;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(cells, 0, 0, difference.columns * scale, difference.rows * scale);
}

/** Draws the scroll difference: a band down the page, `pageHeight` of the `imageHeight` layout px the canvas covers. */
export function drawScrollDifference(canvas: HTMLCanvasElement, points: readonly ScrollDifferencePoint[], layer: { pageHeight: number; imageHeight: number }): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    console.error('Heatmap: the canvas 2D context is unavailable, so the difference is not drawn');
    return;
  }
  const { width, height } = canvas;
  ctx.clearRect(0, 0, width, height);
  const pageHeight = (layer.pageHeight * height) / layer.imageHeight;
  if (width === 0 || height === 0 || !(pageHeight > 0) || points.length === 0) return;
  const fill = ctx.createLinearGradient(0, 0, 0, pageHeight);
  for (const stop of scrollDifferenceStops(points)) fill.addColorStop(stop.offset, stop.color);
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, width, Math.min(height, Math.ceil(pageHeight)));
}
