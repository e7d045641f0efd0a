// The heatmap renderer (the classic heatmap.js / simpleheat technique, no dependency): every point is stamped as a
// pre-rendered blurred alpha circle, the accumulated alpha of each pixel is then coloured through a 256-entry gradient
// palette. Stamping and colouring run on our own buffers and the canvas only receives the finished pixels: reading a
// canvas back (getImageData) costs ~280 ms for 1920 × 8000 in Chromium, writing it ~10 ms. Everything but the last
// few lines is pure and unit-tested, because jsdom has no 2D canvas.

/** Gradient stops: position 0–1 → CSS colour (named, #rgb, #rrggbb or rgb()). */
export type Gradient = Readonly<Record<number, string>>;

export interface HeatmapStyle {
  /** Radius of a point in document pixels of the reference layout. */
  readonly radius: number;
  readonly maxOpacity: number;
  /** The value drawn at full strength (the hottest point is scaled to it). */
  readonly max: number;
  readonly minOpacity: number;
  /** Share of the radius over which a point fades out (heatmap.js's blur: 0 a hard disc, 1 a cone). */
  readonly blur: number;
  readonly gradient?: Gradient;
}

/** heatmap.js's default gradient: the scroll and engagement maps of the specification name none, so they use it. */
export const DEFAULT_GRADIENT: Gradient = { 0.25: 'rgb(0,0,255)', 0.55: 'rgb(0,255,0)', 0.85: 'yellow', 1: 'rgb(255,0,0)' };

/** heatmap.js's floor for a point's alpha: a point far below the maximum stays faintly visible instead of vanishing. */
export const MIN_POINT_ALPHA = 0.01;

/**
 * The smallest canvas every current browser draws: iOS Safari refuses more than 16.7 M pixels, and some engines more
 * than 16,384 px on a side. A taller overlay is drawn at a lower pixel ratio and stretched, rather than not at all.
 */
export const MAX_CANVAS_AREA = 16_777_216;
export const MAX_CANVAS_SIDE = 16_384;

/** Rows per colouring strip: a long page with clicks only near the top colours only the strips that were drawn on. */
export const STRIP_HEIGHT = 256;

export type Rgb = readonly [number, number, number];

const NAMED_COLORS: Readonly<Record<string, Rgb>> = {
  black: [0, 0, 0],
  white: [255, 255, 255],
  red: [255, 0, 0],
  orange: [255, 165, 0],
  yellow: [255, 255, 0],
  lime: [0, 255, 0],
  green: [0, 128, 0],
  cyan: [0, 255, 255],
  blue: [0, 0, 255],
};

/** The RGB of a CSS colour of the forms our gradients use; throws on anything else so a typo cannot draw black. */
export function parseColor(text: string): Rgb {
  const value = text.trim().toLowerCase();
  const named = NAMED_COLORS[value];
  if (named) return named;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16)];
  }
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/.exec(value);
  if (rgb) return [Math.min(255, Number(rgb[1])), Math.min(255, Number(rgb[2])), Math.min(255, Number(rgb[3]))];
  throw new Error(`Unsupported heatmap colour: ${text}`);
}

/** The gradient's stops in order of position. */
export function gradientStops(gradient: Gradient): { offset: number; rgb: Rgb }[] {
  return Object.entries(gradient)
    .map(([offset, color]) => ({ offset: Number(offset), rgb: parseColor(color) }))
    .sort((a, b) => a.offset - b.offset);
}

/**
 * 256 RGBA entries (alpha 255): entry i is the gradient's colour at i / 255, interpolated linearly between stops and
 * padded with the end colours outside them, exactly as a canvas linear gradient 256 px long would paint it.
 */
export function buildPalette(gradient: Gradient): Uint8ClampedArray {
  const stops = gradientStops(gradient);
  if (stops.length === 0) throw new Error('A heatmap gradient needs at least one colour');
  const palette = new Uint8ClampedArray(256 * 4);
  for (let i = 0; i < 256; i += 1) {
    const t = i / 255;
    let next = stops.findIndex((stop) => stop.offset >= t);
    if (next === -1) next = stops.length - 1;
    const b = stops[next]!;
    const a = stops[Math.max(0, next - 1)]!;
    const f = b.offset === a.offset ? 1 : Math.min(1, Math.max(0, (t - a.offset) / (b.offset - a.offset)));
    for (let c = 0; c < 3; c += 1) palette[i * 4 + c] = Math.round(a.rgb[c]! + (b.rgb[c]! - a.rgb[c]!) * f);
    palette[i * 4 + 3] = 255;
  }
  return palette;
}

/**
 * The colouring table: for an accumulated alpha a (0–255), the palette's colour at a with the final opacity
 * min(a, maxOpacity). Entry 0 stays transparent. Built as bytes and read as 32-bit words, so one word copy colours a
 * pixel whatever the platform's byte order (the pixel buffer shares it).
 */
export function colorTable(palette: Uint8ClampedArray, maxOpacity: number): Uint32Array {
  const bytes = new Uint8ClampedArray(256 * 4);
  const ceiling = Math.round(Math.min(1, Math.max(0, maxOpacity)) * 255);
  for (let a = 1; a < 256; a += 1) {
    bytes[a * 4] = palette[a * 4]!;
    bytes[a * 4 + 1] = palette[a * 4 + 1]!;
    bytes[a * 4 + 2] = palette[a * 4 + 2]!;
    bytes[a * 4 + 3] = Math.min(a, ceiling);
  }
  return new Uint32Array(bytes.buffer);
}

/** A point's pre-rendered alpha stamp, 2r × 2r, with each row's span of non-zero pixels (the corners are empty). */
export interface Stamp {
  radius: number;
  size: number;
  /** Alpha 0–255, row by row. */
  mask: Uint8Array;
  rowStart: Int32Array;
  rowEnd: Int32Array;
}

/**
 * The stamp of a point: opaque out to r × (1 − blur), fading linearly to nothing at r — the radial gradient heatmap.js
 * pre-renders, sampled at pixel centres.
 */
export function buildStamp(radius: number, blur: number): Stamp {
  const size = radius * 2;
  const mask = new Uint8Array(size * size);
  const rowStart = new Int32Array(size).fill(size);
  const rowEnd = new Int32Array(size);
  const inner = radius * (1 - Math.min(1, Math.max(0, blur)));
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const d = Math.hypot(x + 0.5 - radius, y + 0.5 - radius);
      const a = Math.round((d <= inner ? 1 : d >= radius ? 0 : (radius - d) / (radius - inner)) * 255);
      mask[y * size + x] = a;
      if (a > 0) {
        rowStart[y] = Math.min(rowStart[y]!, x);
        rowEnd[y] = x + 1;
      }
    }
  }
  return { radius, size, mask, rowStart, rowEnd };
}

/** A raw server value (clicks, attention ms) scaled so that the hottest point equals the style's max. */
export function scaleValue(value: number, maxValue: number, styleMax: number): number {
  return maxValue > 0 ? (value * styleMax) / maxValue : 0;
}

/** The opacity a point is stamped with: its scaled value over the style's max, at least minOpacity, at most 1. */
export function pointAlpha(scaledValue: number, styleMax: number, minOpacity: number): number {
  const share = styleMax > 0 ? scaledValue / styleMax : 0;
  return Math.min(1, Math.max(minOpacity, MIN_POINT_ALPHA, share));
}

/**
 * Canvas pixels per layout pixel beyond which a point map gains nothing: its stamp is then 16 px in radius, and the
 * field it draws is smooth at that scale (it changes over r × blur), so the browser's bilinear scaling of the canvas
 * to the image's box shows the same map. Finer sampling only multiplies the work (stamping grows with r²).
 */
export const MAX_STAMP_RADIUS = 16;

/**
 * The canvas size for an overlay shown at cssWidth × cssHeight: CSS pixels × devicePixelRatio, lowered as far as
 * needed to stay within the browsers' canvas limits and, for a point map (`detail`), to MAX_STAMP_RADIUS. `ratio`
 * is canvas pixels per CSS pixel; the canvas is displayed at the CSS size whatever its pixel size.
 */
export function overlayPixelSize(
  cssWidth: number,
  cssHeight: number,
  devicePixelRatio: number,
  detail?: { radius: number; sourceWidth: number },
): { width: number; height: number; ratio: number } {
  if (!(cssWidth > 0) || !(cssHeight > 0)) return { width: 0, height: 0, ratio: 0 };
  let ratio = devicePixelRatio > 0 ? devicePixelRatio : 1;
  ratio = Math.min(ratio, MAX_CANVAS_SIDE / cssWidth, MAX_CANVAS_SIDE / cssHeight, Math.sqrt(MAX_CANVAS_AREA / (cssWidth * cssHeight)));
  if (detail && detail.radius > 0 && detail.sourceWidth > 0) ratio = Math.min(ratio, (MAX_STAMP_RADIUS * detail.sourceWidth) / (detail.radius * cssWidth));
  // Floor, not round: rounding up could step over the limit the ratio was just lowered to meet.
  return { width: Math.max(1, Math.floor(cssWidth * ratio)), height: Math.max(1, Math.floor(cssHeight * ratio)), ratio };
}

export interface SourcePoint {
  x: number;
  y: number;
  value: number;
  viewport?: { width: number };
}

export interface CanvasPoint {
  x: number;
  y: number;
  alpha: number;
}

/**
 * Points in document pixels of a layout `sourceWidth` wide (or their own viewport.width) → canvas pixels of a canvas
 * `canvasWidth` wide showing that layout scaled to fit, with the opacity each is stamped with. Layout pixels are square,
 * so one factor serves both axes.
 */
export function toCanvasPoints(points: readonly SourcePoint[], options: { canvasWidth: number; sourceWidth: number; maxValue: number; style: HeatmapStyle }): CanvasPoint[] {
  const { canvasWidth, sourceWidth, maxValue, style } = options;
  return points.map((point) => {
    const width = point.viewport && point.viewport.width > 0 ? point.viewport.width : sourceWidth;
    const scale = canvasWidth / width;
    return { x: point.x * scale, y: point.y * scale, alpha: pointAlpha(scaleValue(point.value, maxValue, style.max), style.max, style.minOpacity) };
  });
}

/** The stamp radius on the canvas: the style's radius in layout pixels, scaled like the layout; at least 1 px. */
export function canvasRadius(radius: number, canvasWidth: number, sourceWidth: number): number {
  return Math.max(1, Math.round((radius * canvasWidth) / sourceWidth));
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The regions to colour after stamping: for each strip of STRIP_HEIGHT rows that a stamp touched, the columns
 * stamps covered in it, clipped to the canvas. Strips nothing was drawn on are left alone.
 */
export class DirtyStrips {
  private readonly minX: Int32Array;
  private readonly maxX: Int32Array;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly stripHeight = STRIP_HEIGHT,
  ) {
    const count = Math.ceil(height / stripHeight);
    this.minX = new Int32Array(count).fill(width);
    this.maxX = new Int32Array(count).fill(-1);
  }

  /** Marks the box [x0, x1) × [y0, y1) as drawn on. */
  add(x0: number, y0: number, x1: number, y1: number): void {
    const left = Math.max(0, Math.floor(x0));
    const right = Math.min(this.width, Math.ceil(x1));
    const top = Math.max(0, Math.floor(y0));
    const bottom = Math.min(this.height, Math.ceil(y1));
    if (left >= right || top >= bottom) return;
    const last = Math.floor((bottom - 1) / this.stripHeight);
    for (let s = Math.floor(top / this.stripHeight); s <= last; s += 1) {
      if (left < this.minX[s]!) this.minX[s] = left;
      if (right > this.maxX[s]!) this.maxX[s] = right;
    }
  }

  rects(): Rect[] {
    const out: Rect[] = [];
    for (let s = 0; s < this.minX.length; s += 1) {
      const left = this.minX[s]!;
      const right = this.maxX[s]!;
      if (right <= left) continue;
      const y = s * this.stripHeight;
      out.push({ x: left, y, width: right - left, height: Math.min(this.stripHeight, this.height - y) });
    }
    return out;
  }
}

/** The scroll map's denominator: the pageviews with a reach at all, i.e. the count at the top of the page. */
export function scrollBase(points: readonly { count: number }[], maxValue: number): number {
  if (maxValue > 0) return maxValue;
  return points.reduce((max, p) => Math.max(max, p.count), 0);
}

/**
 * Share (0–1) of pageviews whose viewport reached `depth` percent of the page: that depth's count over the base. A
 * depth missing from the data takes the next deeper one given (counts never rise with depth), or 0 past the last.
 */
export function reachAt(points: readonly { depth: number; count: number }[], depth: number, base: number): number {
  if (!(base > 0)) return 0;
  let found: { depth: number; count: number } | undefined;
  for (const point of points) if (point.depth >= depth && (found === undefined || point.depth < found.depth)) found = point;
  return found ? Math.min(1, Math.max(0, found.count / base)) : 0;
}

/** The scroll band's colour and opacity at a reach: the palette's colour, opacity rising from minOpacity to maxOpacity. */
export function reachColor(reach: number, palette: Uint8ClampedArray, style: Pick<HeatmapStyle, 'minOpacity' | 'maxOpacity'>): string {
  const share = Math.min(1, Math.max(0, reach));
  const i = Math.round(share * 255) * 4;
  const alpha = style.minOpacity + (style.maxOpacity - style.minOpacity) * share;
  return `rgba(${palette[i]}, ${palette[i + 1]}, ${palette[i + 2]}, ${Number(alpha.toFixed(3))})`;
}

/** The scroll band as gradient stops down the page: one per percent of depth, coloured by the share reaching it. */
export function scrollGradientStops(points: readonly { depth: number; count: number }[], maxValue: number, palette: Uint8ClampedArray, style: HeatmapStyle): { offset: number; color: string }[] {
  const base = scrollBase(points, maxValue);
  const stops: { offset: number; color: string }[] = [];
  for (let depth = 0; depth <= 100; depth += 1) stops.push({ offset: depth / 100, color: reachColor(reachAt(points, depth, base), palette, style) });
  return stops;
}

/** A CSS linear-gradient of a heatmap gradient, for the legend's colour scale. */
export function cssGradient(gradient: Gradient): string {
  const stops = gradientStops(gradient).map(({ offset, rgb }) => `rgb(${rgb.join(' ')}) ${Math.round(offset * 100)}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/**
 * Stamps the points into an alpha buffer (one byte a pixel, `width` wide) as the canvas's source-over would:
 * a ← a + s × (1 − a), with s the stamp's alpha times the point's. Marks what it touched in `dirty`.
 */
export function stampPoints(alpha: Uint8Array, width: number, height: number, points: readonly CanvasPoint[], stamp: Stamp, dirty?: DirtyStrips): void {
  const { radius, size, mask, rowStart, rowEnd } = stamp;
  for (const point of points) {
    // Whole-pixel positions: the stamp is copied, never resampled.
    const left = Math.round(point.x) - radius;
    const top = Math.round(point.y) - radius;
    if (left >= width || top >= height || left + size <= 0 || top + size <= 0) continue;
    const strength = Math.max(1, Math.round(point.alpha * 255));
    const y0 = Math.max(0, -top);
    const y1 = Math.min(size, height - top);
    for (let y = y0; y < y1; y += 1) {
      const x0 = Math.max(rowStart[y]!, -left);
      const x1 = Math.min(rowEnd[y]!, width - left);
      let out = (top + y) * width + left + x0;
      for (let x = x0, m = y * size + x0; x < x1; x += 1, m += 1, out += 1) {
        // x × y / 255 rounded, exactly, as (t + (t >> 8)) >> 8 with t = x × y + 128: a shift in place of the division,
        // without the drift of plain >> 8 (which would make a full-strength stamp 253, not 255). No test for a zero
        // stamp value: it adds 0, and the loop runs faster without the branch.
        const a = alpha[out]!;
        const t = mask[m]! * strength + 128;
        const u = ((t + (t >> 8)) >> 8) * (255 - a) + 128;
        alpha[out] = a + ((u + (u >> 8)) >> 8);
      }
    }
    dirty?.add(left, top, left + size, top + size);
  }
}

/**
 * Colours one rectangle of an RGBA buffer (ImageData.data, `width` wide) from the alpha buffer: each pixel becomes
 * the colour table's entry for its alpha (entry 0 is transparent).
 */
export function colorizeRect(alpha: Uint8Array, width: number, pixels: Uint8ClampedArray, table: Uint32Array, rect: Rect): void {
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length >> 2);
  for (let y = rect.y, bottom = rect.y + rect.height; y < bottom; y += 1) {
    for (let i = y * width + rect.x, end = i + rect.width; i < end; i += 1) words[i] = table[alpha[i]!]!;
  }
}

const stamps = new Map<string, Stamp>();
const tables = new Map<string, Uint32Array>();

function stampFor(radius: number, blur: number): Stamp {
  const key = `${radius}:${blur}`;
  let stamp = stamps.get(key);
  if (!stamp) stamps.set(key, (stamp = buildStamp(radius, blur)));
  return stamp;
}

function tableFor(style: HeatmapStyle): Uint32Array {
  const gradient = style.gradient ?? DEFAULT_GRADIENT;
  const key = `${JSON.stringify(gradient)}:${style.maxOpacity}`;
  let table = tables.get(key);
  if (!table) tables.set(key, (table = colorTable(buildPalette(gradient), style.maxOpacity)));
  return table;
}

export interface PointLayer {
  points: readonly SourcePoint[];
  /** The largest raw value of the data set (the server's meta.maxValue). */
  maxValue: number;
  /** Width of the layout the points are in (the reference width). */
  sourceWidth: number;
}

/**
 * The working memory of a point map: an alpha byte and an RGBA pixel (ImageData.data) per canvas pixel. Kept and
 * reused between draws of the same canvas: touching fresh memory is what costs most in a large map (page faults:
 * 250 ms for a new 1920 × 8000 buffer on the test VM, against 15 ms for writing it a second time).
 */
export interface HeatmapBuffers {
  width: number;
  height: number;
  alpha: Uint8Array;
  pixels: Uint8ClampedArray;
  /** What the previous draw stamped, cleared before the next one. */
  drawn: Rect[];
}

export function createBuffers(width: number, height: number, pixels: Uint8ClampedArray = new Uint8ClampedArray(width * height * 4)): HeatmapBuffers {
  if (pixels.length !== width * height * 4) throw new Error(`A ${width} × ${height} heatmap needs ${width * height * 4} pixel bytes, not ${pixels.length}`);
  return { width, height, alpha: new Uint8Array(width * height), pixels, drawn: [] };
}

/**
 * Renders a click or engagement map into the buffers, for a canvas showing the layout scaled to its width, and
 * returns the rectangles drawn on. Only those hold the map: the pixels outside them are stale and must not be
 * copied to the canvas (the canvas is cleared instead).
 */
export function renderPointHeatmap(buffers: HeatmapBuffers, layer: PointLayer, style: HeatmapStyle): Rect[] {
  const { width, height, alpha, pixels } = buffers;
  for (const rect of buffers.drawn) for (let y = rect.y; y < rect.y + rect.height; y += 1) alpha.fill(0, y * width + rect.x, y * width + rect.x + rect.width);
  buffers.drawn = [];
  if (width === 0 || height === 0 || layer.points.length === 0 || !(layer.sourceWidth > 0)) return [];
  const dirty = new DirtyStrips(width, height);
  const points = toCanvasPoints(layer.points, { canvasWidth: width, sourceWidth: layer.sourceWidth, maxValue: layer.maxValue, style });
  stampPoints(alpha, width, height, points, stampFor(canvasRadius(style.radius, width, layer.sourceWidth), style.blur), dirty);
  const rects = dirty.rects();
  const table = tableFor(style);
  for (const rect of rects) colorizeRect(alpha, width, pixels, table, rect);
  buffers.drawn = rects;
  return rects;
}

// ——— Canvas glue ———

/** The 2D context, or null after logging: the specification only logs when drawing is unavailable. */
function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) console.error('Heatmap: the canvas 2D context is unavailable, so the overlay is not drawn');
  return ctx;
}

const canvasBuffers = new WeakMap<HTMLCanvasElement, { image: ImageData; buffers: HeatmapBuffers }>();

/** The canvas's buffers, new when its size changed; the pixels are an ImageData's, so they go to the canvas uncopied. */
function buffersOf(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D): { image: ImageData; buffers: HeatmapBuffers } {
  const kept = canvasBuffers.get(canvas);
  if (kept && kept.buffers.width === canvas.width && kept.buffers.height === canvas.height) return kept;
  const image = ctx.createImageData(canvas.width, canvas.height);
  const fresh = { image, buffers: createBuffers(canvas.width, canvas.height, image.data) };
  canvasBuffers.set(canvas, fresh);
  return fresh;
}

/** Draws a click or engagement map over the whole canvas, which shows the layout scaled to its width. */
export function drawPointHeatmap(canvas: HTMLCanvasElement, layer: PointLayer, style: HeatmapStyle): void {
  const ctx = context2d(canvas);
  if (!ctx) return;
  const { width, height } = canvas;
  ctx.clearRect(0, 0, width, height);
  if (width === 0 || height === 0) return;
  const { image, buffers } = buffersOf(canvas, ctx);
  for (const rect of renderPointHeatmap(buffers, layer, style)) ctx.putImageData(image, 0, 0, rect.x, rect.y, rect.width, rect.height);
}

export interface ScrollLayer {
  points: readonly { depth: number; count: number }[];
  maxValue: number;
  /** Height of the whole page in layout pixels: depth percentages are of it. */
  pageHeight: number;
  /** Layout pixels the canvas covers from top to bottom (the image's height in the layout). */
  imageHeight: number;
}

/**
 * Draws the scroll map: a band down the page coloured by the share of pageviews that reached each depth. It only
 * changes down the page, so the canvas may be one pixel column stretched across the image by CSS.
 */
export function drawScrollHeatmap(canvas: HTMLCanvasElement, layer: ScrollLayer, style: HeatmapStyle): void {
  const ctx = context2d(canvas);
  if (!ctx) return;
  const { width, height } = canvas;
  ctx.clearRect(0, 0, width, height);
  const pageHeight = (layer.pageHeight * height) / layer.imageHeight;
  if (width === 0 || height === 0 || !(pageHeight > 0) || layer.points.length === 0) return;
  const fill = ctx.createLinearGradient(0, 0, 0, pageHeight);
  for (const stop of scrollGradientStops(layer.points, layer.maxValue, buildPalette(style.gradient ?? DEFAULT_GRADIENT), style)) fill.addColorStop(stop.offset, stop.color);
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, width, Math.min(height, Math.ceil(pageHeight)));
}

/** Gives the canvas its pixel size; only when it differs, since setting a size clears the canvas even when unchanged. */
export function resizeCanvas(canvas: HTMLCanvasElement, size: { width: number; height: number }): void {
  if (canvas.width !== size.width) canvas.width = size.width;
  if (canvas.height !== size.height) canvas.height = size.height;
}
