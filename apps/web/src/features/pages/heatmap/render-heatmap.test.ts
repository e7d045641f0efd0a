// The heatmap renderer's pure parts: palette, colour table, stamp, value scaling, coordinates, canvas sizing, dirty
// strips, stamping and colouring, the whole point map on a small buffer, and the scroll band.
import { HEATMAP_STYLES } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GRADIENT,
  DirtyStrips,
  MAX_CANVAS_AREA,
  MAX_CANVAS_SIDE,
  MAX_STAMP_RADIUS,
  buildPalette,
  buildStamp,
  canvasRadius,
  colorTable,
  colorizeRect,
  createBuffers,
  cssGradient,
  overlayPixelSize,
  parseColor,
  pointAlpha,
  reachAt,
  reachColor,
  renderPointHeatmap,
  scaleValue,
  scrollBase,
  scrollGradientStops,
  stampPoints,
  toCanvasPoints,
  type HeatmapStyle,
} from './render-heatmap.ts';

const CLICK: HeatmapStyle = HEATMAP_STYLES.click;
const ENGAGEMENT: HeatmapStyle = HEATMAP_STYLES.engagement;

/** The RGBA of palette or pixel entry i. */
function rgba(bytes: Uint8ClampedArray, i: number): number[] {
  return [...bytes.slice(i * 4, i * 4 + 4)];
}

describe('colours', () => {
  it('parses the colour forms gradients use and refuses others', () => {
    expect(parseColor('yellow')).toEqual([255, 255, 0]);
    expect(parseColor(' Orange ')).toEqual([255, 165, 0]);
    expect(parseColor('#f00')).toEqual([255, 0, 0]);
    expect(parseColor('#00ff7f')).toEqual([0, 255, 127]);
    expect(parseColor('rgb(0, 0, 255)')).toEqual([0, 0, 255]);
    expect(parseColor('rgba(1,2,3,0.5)')).toEqual([1, 2, 3]);
    expect(() => parseColor('chartreuse')).toThrow('Unsupported heatmap colour: chartreuse');
  });

  it('the click palette runs yellow, orange, red, white, padded below the first stop like a canvas gradient', () => {
    const palette = buildPalette(CLICK.gradient!);
    expect(palette).toHaveLength(1024);
    expect(rgba(palette, 0)).toEqual([255, 255, 0, 255]);
    expect(rgba(palette, 63)).toEqual([255, 255, 0, 255]);
    // 0.55 × 255 = 140.25: entry 140 sits just before the orange stop.
    expect(rgba(palette, 140)).toEqual([255, 165, 0, 255]);
    // Entry 216 (≈ 0.847) is all but the red stop (0.85), entry 217 (≈ 0.851) just past it, on its way to white.
    expect(rgba(palette, 216)).toEqual([255, 2, 0, 255]);
    expect(rgba(palette, 217)).toEqual([255, 2, 2, 255]);
    expect(rgba(palette, 255)).toEqual([255, 255, 255, 255]);
    // Halfway between yellow (0.25) and orange (0.55) the green channel is halfway too.
    const g = palette[102 * 4 + 1]!;
    expect(g).toBeGreaterThan(200);
    expect(g).toBeLessThan(220);
  });

  it('the default palette (scroll and engagement) runs blue, green, yellow, red', () => {
    const palette = buildPalette(DEFAULT_GRADIENT);
    expect(rgba(palette, 0)).toEqual([0, 0, 255, 255]);
    expect(rgba(palette, 140)).toEqual([0, 254, 1, 255]);
    expect(rgba(palette, 255)).toEqual([255, 0, 0, 255]);
  });

  it('the colour table keeps alpha 0 transparent and caps the opacity at maxOpacity', () => {
    const palette = buildPalette(CLICK.gradient!);
    const table = new Uint8ClampedArray(colorTable(palette, 0.9).buffer);
    expect(rgba(table, 0)).toEqual([0, 0, 0, 0]);
    expect(rgba(table, 10)).toEqual([255, 255, 0, 10]);
    expect(rgba(table, 229)).toEqual([...rgba(palette, 229).slice(0, 3), 229]);
    expect(rgba(table, 255)).toEqual([255, 255, 255, 230]);
  });

  it('the legend shows the same gradient as CSS', () => {
    expect(cssGradient(CLICK.gradient!)).toBe('linear-gradient(to right, rgb(255 255 0) 25%, rgb(255 165 0) 55%, rgb(255 0 0) 85%, rgb(255 255 255) 100%)');
  });
});

describe('stamp', () => {
  it('is an opaque core out to r × (1 − blur) fading to nothing at r, with row spans covering every non-zero pixel', () => {
    const stamp = buildStamp(20, 0.75);
    const at = (x: number, y: number) => stamp.mask[y * stamp.size + x]!;
    expect(stamp.size).toBe(40);
    expect(at(20, 20)).toBe(255);
    expect(at(24, 20)).toBe(255); // distance 4.5 < core 5
    expect(at(0, 0)).toBe(0);
    expect(at(39, 20)).toBeLessThan(10); // distance 19.5: almost at the edge
    expect(at(30, 20)).toBeGreaterThan(at(34, 20)); // fading outwards
    expect(at(10, 20)).toBe(at(29, 20)); // symmetric
    for (let y = 0; y < stamp.size; y += 1) {
      for (let x = 0; x < stamp.size; x += 1) {
        if (at(x, y) > 0) {
          expect(x).toBeGreaterThanOrEqual(stamp.rowStart[y]!);
          expect(x).toBeLessThan(stamp.rowEnd[y]!);
        }
      }
    }
  });
});

describe('values and coordinates', () => {
  it('scales raw values so the hottest point equals the style\'s max', () => {
    expect(scaleValue(40, 40, 10)).toBe(10);
    expect(scaleValue(10, 40, 10)).toBe(2.5);
    expect(scaleValue(12_000, 60_000, 20)).toBe(4);
    expect(scaleValue(5, 0, 10)).toBe(0);
  });

  it('a point\'s opacity is its share of the max, at least minOpacity (and a faint floor), at most 1', () => {
    expect(pointAlpha(10, 10, 0)).toBe(1);
    expect(pointAlpha(2.5, 10, 0)).toBe(0.25);
    expect(pointAlpha(0.0001, 10, 0)).toBe(0.01);
    expect(pointAlpha(2, 20, 0.35)).toBe(0.35);
    expect(pointAlpha(30, 20, 0.35)).toBe(1);
  });

  it('maps document pixels of the reference layout onto a canvas showing it scaled to its width', () => {
    const points = toCanvasPoints(
      [
        { x: 960, y: 4000, value: 8, viewport: { width: 1920 } },
        { x: 375, y: 100, value: 2, viewport: { width: 375 } },
        { x: 100, y: 50, value: 4 },
      ],
      { canvasWidth: 960, sourceWidth: 1920, maxValue: 8, style: CLICK },
    );
    expect(points[0]).toEqual({ x: 480, y: 2000, alpha: 1 });
    // A point names its own layout width: 375 → 960 is a factor of 2.56.
    expect(points[1]).toEqual({ x: 960, y: 256, alpha: 0.25 });
    expect(points[2]).toEqual({ x: 50, y: 25, alpha: 0.5 });
  });

  it('the stamp radius scales with the layout, never below one pixel', () => {
    expect(canvasRadius(25, 1920, 1920)).toBe(25);
    expect(canvasRadius(25, 1100, 1920)).toBe(14);
    expect(canvasRadius(50, 375 * 3, 375)).toBe(150);
    expect(canvasRadius(25, 20, 1920)).toBe(1);
  });
});

describe('overlay canvas size', () => {
  it('is the displayed size times the device pixel ratio', () => {
    expect(overlayPixelSize(343, 1200, 3)).toEqual({ width: 1029, height: 3600, ratio: 3 });
    expect(overlayPixelSize(800, 600, 0)).toEqual({ width: 800, height: 600, ratio: 1 });
    expect(overlayPixelSize(0, 600, 2)).toEqual({ width: 0, height: 0, ratio: 0 });
  });

  it('stays within the browsers\' canvas limits on long pages', () => {
    const tall = overlayPixelSize(343, 18_000, 3);
    expect(tall.height).toBeLessThanOrEqual(MAX_CANVAS_SIDE);
    expect(tall.width * tall.height).toBeLessThanOrEqual(MAX_CANVAS_AREA);
    expect(tall.width / tall.height).toBeCloseTo(343 / 18_000, 3);
    const big = overlayPixelSize(1920, 8000, 2);
    expect(big.width * big.height).toBeLessThanOrEqual(MAX_CANVAS_AREA);
  });

  it('draws a point map no finer than its stamp needs', () => {
    // A 1920-px layout shown 1,100 px wide on a 2× screen: radius 25 would be 29 canvas px; capped at 16.
    const click = overlayPixelSize(1100, 4583, 2, { radius: CLICK.radius, sourceWidth: 1920 });
    expect(canvasRadius(CLICK.radius, click.width, 1920)).toBeLessThanOrEqual(MAX_STAMP_RADIUS);
    expect(click.width).toBe(1228);
    // A phone layout shown at its own width on a 1× screen is already coarse enough: no cap.
    expect(overlayPixelSize(375, 2000, 1, { radius: 25, sourceWidth: 375 }).ratio).toBe(Math.min(1, MAX_STAMP_RADIUS / 25));
    const engagement = overlayPixelSize(343, 1800, 3, { radius: ENGAGEMENT.radius, sourceWidth: 375 });
    expect(canvasRadius(ENGAGEMENT.radius, engagement.width, 375)).toBeLessThanOrEqual(MAX_STAMP_RADIUS);
  });
});

describe('dirty strips', () => {
  it('collects, per strip of rows, the columns drawn on, clipped to the canvas', () => {
    const dirty = new DirtyStrips(100, 250, 100);
    dirty.add(-10, 90, 20, 120); // strips 0 and 1
    dirty.add(50, 110, 70, 130); // strip 1
    dirty.add(300, 10, 320, 20); // off the canvas
    expect(dirty.rects()).toEqual([
      { x: 0, y: 0, width: 20, height: 100 },
      { x: 0, y: 100, width: 70, height: 100 },
    ]);
    const last = new DirtyStrips(100, 250, 100);
    last.add(90, 240, 120, 260);
    expect(last.rects()).toEqual([{ x: 90, y: 200, width: 10, height: 50 }]);
    expect(new DirtyStrips(10, 10).rects()).toEqual([]);
  });
});

describe('stamping and colouring', () => {
  const stamp = buildStamp(4, 0.5);

  it('stamps a point at its strength and overlapping points as source-over does', () => {
    const alpha = new Uint8Array(20 * 20);
    stampPoints(alpha, 20, 20, [{ x: 10, y: 10, alpha: 0.5 }], stamp);
    expect(alpha[10 * 20 + 10]).toBe(128);
    expect(alpha[0]).toBe(0);
    stampPoints(alpha, 20, 20, [{ x: 10, y: 10, alpha: 0.5 }], stamp);
    // 0.5 + 0.5 × (1 − 0.5) = 0.75
    expect(alpha[10 * 20 + 10]).toBe(192);
  });

  it('clips stamps at the edges and reports what it touched', () => {
    const alpha = new Uint8Array(10 * 10);
    const dirty = new DirtyStrips(10, 10, 4);
    stampPoints(alpha, 10, 10, [{ x: 0, y: 9, alpha: 1 }, { x: 50, y: 50, alpha: 1 }], stamp, dirty);
    expect(alpha[9 * 10]).toBe(255);
    expect(alpha.reduce((n, a) => n + (a > 0 ? 1 : 0), 0)).toBeGreaterThan(0);
    expect(dirty.rects()).toEqual([
      { x: 0, y: 4, width: 4, height: 4 },
      { x: 0, y: 8, width: 4, height: 2 },
    ]);
  });

  it('colours only the rectangle, each pixel from the table by its alpha', () => {
    const width = 4;
    const alpha = Uint8Array.from([0, 255, 128, 9, 255, 255, 255, 255]);
    const pixels = new Uint8ClampedArray(8 * 4).fill(7);
    const table = colorTable(buildPalette(CLICK.gradient!), 0.9);
    colorizeRect(alpha, width, pixels, table, { x: 0, y: 0, width: 3, height: 1 });
    expect(rgba(pixels, 0)).toEqual([0, 0, 0, 0]);
    expect(rgba(pixels, 1)).toEqual([255, 255, 255, 230]);
    expect(rgba(pixels, 2)).toEqual([...rgba(buildPalette(CLICK.gradient!), 128).slice(0, 3), 128]);
    expect(rgba(pixels, 3)).toEqual([7, 7, 7, 7]); // outside the rectangle
    expect(rgba(pixels, 4)).toEqual([7, 7, 7, 7]);
  });
});

describe('a whole point map', () => {
  const layer = (points: { x: number; y: number; value: number }[]) => ({
    points: points.map((p) => ({ ...p, viewport: { width: 1920 } })),
    maxValue: Math.max(...points.map((p) => p.value)),
    sourceWidth: 1920,
  });

  it('draws the hottest point hottest, a faint point faintly and nothing elsewhere', () => {
    // A 1920-px layout on a 960-px canvas: a factor of 0.5, so the click radius (25) is 13 px (rounded from 12.5).
    const buffers = createBuffers(960, 100);
    const rects = renderPointHeatmap(buffers, layer([{ x: 500, y: 100, value: 40 }, { x: 1500, y: 100, value: 4 }]), CLICK);
    const pixel = (x: number, y: number) => rgba(buffers.pixels, y * 960 + x);
    // Full strength at the hottest point: the palette's top (white) at the maximum opacity 0.9.
    expect(pixel(250, 50)).toEqual([255, 255, 255, 230]);
    // A tenth of the hottest value: a tenth of the alpha, at the palette's yellow end.
    expect(pixel(750, 50)).toEqual([255, 255, 0, 26]);
    expect(pixel(500, 50)).toEqual([0, 0, 0, 0]);
    expect(pixel(250, 90)).toEqual([0, 0, 0, 0]);
    expect(rects).toEqual([{ x: 237, y: 0, width: 526, height: 100 }]);
  });

  it('a redraw on the same buffers clears what the previous draw stamped', () => {
    const buffers = createBuffers(192, 600);
    renderPointHeatmap(buffers, layer([{ x: 500, y: 5000, value: 3 }]), CLICK);
    expect(buffers.alpha[500 * 192 + 50]).toBeGreaterThan(0);
    const rects = renderPointHeatmap(buffers, layer([{ x: 500, y: 100, value: 3 }]), CLICK);
    expect(buffers.alpha[500 * 192 + 50]).toBe(0);
    expect(buffers.alpha[10 * 192 + 50]).toBeGreaterThan(0);
    // The click radius at this scale is 3 px (2.5 rounded): a 6-px stamp from x 47.
    expect(rects).toEqual([{ x: 47, y: 0, width: 6, height: 256 }]);
    expect(renderPointHeatmap(buffers, layer([]), CLICK)).toEqual([]);
    expect(buffers.alpha.every((a) => a === 0)).toBe(true);
  });

  it('refuses pixel memory of the wrong size', () => {
    expect(() => createBuffers(10, 10, new Uint8ClampedArray(10))).toThrow('needs 400 pixel bytes');
  });
});

describe('scroll band', () => {
  const counts = [
    { depth: 0, count: 200 },
    { depth: 25, count: 150 },
    { depth: 50, count: 90 },
    { depth: 75, count: 30 },
  ];

  it('takes the pageviews at the top of the page as the whole', () => {
    expect(scrollBase(counts, 200)).toBe(200);
    expect(scrollBase(counts, 0)).toBe(200);
    expect(scrollBase([], 0)).toBe(0);
  });

  it('the share reaching a depth: its count, else the next deeper one given, else none', () => {
    expect(reachAt(counts, 0, 200)).toBe(1);
    expect(reachAt(counts, 25, 200)).toBe(0.75);
    expect(reachAt(counts, 30, 200)).toBe(0.45);
    expect(reachAt(counts, 100, 200)).toBe(0);
    expect(reachAt(counts, 50, 0)).toBe(0);
  });

  it('colours by reach, opacity from minOpacity (nobody) to maxOpacity (everybody)', () => {
    const palette = buildPalette(DEFAULT_GRADIENT);
    expect(reachColor(1, palette, ENGAGEMENT)).toBe('rgba(255, 0, 0, 0.7)');
    expect(reachColor(0, palette, ENGAGEMENT)).toBe('rgba(0, 0, 255, 0.35)');
    expect(reachColor(2, palette, ENGAGEMENT)).toBe('rgba(255, 0, 0, 0.7)');
  });

  it('one gradient stop per percent of depth', () => {
    const stops = scrollGradientStops(counts, 200, buildPalette(DEFAULT_GRADIENT), HEATMAP_STYLES.scroll);
    expect(stops).toHaveLength(101);
    expect(stops[0]).toEqual({ offset: 0, color: 'rgba(255, 0, 0, 0.7)' });
    expect(stops[100]).toEqual({ offset: 1, color: 'rgba(0, 0, 255, 0.35)' });
  });
});
