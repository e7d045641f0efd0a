// The geometry of heatmaps: clicks re-anchored on their element in the reference layout, scaled when it is missing,
// binning under a point budget, dwell bands, pointer rests on the content, and scroll reach from its differences.
import { describe, expect, it } from 'vitest';
import { binPoints, contentExtent, dwellPoints, placeClicks, placeRests, reachByDepth, type ReferenceLayout } from '../src/heatmaps/heatmap-points.ts';

const DESKTOP: ReferenceLayout = {
  width: 1920,
  documentHeight: 6000,
  elements: {
    // A button at 1,920 px: centred, further right than in the visitor's 1,280 px layout.
    '#subscribe': [1460, 2400, 200, 50],
    // Hidden at this width (the phone menu).
    '#menu-toggle': [0, 0, 0, 0],
  },
};

describe('placeClicks', () => {
  it('lands a click on its element at its recorded offset, whatever the visitor layout was', () => {
    // Recorded at 1,280 px, 25 % across and 50 % down the button; the visitor's own position would scale elsewhere.
    const { points, anchored } = placeClicks([{ selector: '#subscribe', ox: 25, oy: 50, x: 700, y: 390, count: 3 }], DESKTOP);
    expect(anchored).toBe(3);
    expect(points).toEqual([{ x: 1460 + 0.255 * 200, y: 2400 + 0.505 * 50, value: 3 }]);
  });

  it('falls back to the visitor position scaled to the reference page when the element is missing or hidden', () => {
    const { points, anchored } = placeClicks(
      [
        { selector: '#gone', ox: 10, oy: 10, x: 500, y: 250, count: 1 },
        { selector: '#menu-toggle', ox: 50, oy: 50, x: 950, y: 5, count: 2 },
      ],
      DESKTOP,
    );
    expect(anchored).toBe(0);
    expect(points).toEqual([
      { x: 960, y: 1500, value: 1 },
      { x: 1824, y: 30, value: 2 },
    ]);
  });

  it('keeps a click at the far edge of its element (offset 100 %) inside it', () => {
    const { points } = placeClicks([{ selector: '#subscribe', ox: 100, oy: 100, x: 0, y: 0, count: 1 }], DESKTOP);
    expect(points[0]!.x).toBeLessThan(1660);
    expect(points[0]!.y).toBeLessThan(2450);
  });
});

describe('binPoints', () => {
  it('sums points of one cell at their weighted centre, hottest first', () => {
    const binned = binPoints(
      [
        { x: 10, y: 10, value: 1 },
        { x: 12, y: 12, value: 3 },
        { x: 500, y: 500, value: 1 },
      ],
      8,
      DESKTOP,
    );
    expect(binned).toEqual([
      { x: 12, y: 12, value: 4 },
      { x: 500, y: 500, value: 1 },
    ]);
  });

  it('coarsens the grid until the map fits the point budget', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ x: (i * 37) % 1920, y: (i * 53) % 6000, value: 1 }));
    const binned = binPoints(many, 4, DESKTOP, 1000);
    expect(binned.length).toBeLessThanOrEqual(1000);
    expect(binned.reduce((sum, p) => sum + p.value, 0)).toBe(20_000);
  });

  it('drops points outside the page and points without weight', () => {
    expect(binPoints([{ x: 2000, y: 10, value: 1 }, { x: 10, y: 7000, value: 1 }, { x: 5, y: 5, value: 0 }], 4, DESKTOP)).toEqual([]);
  });
});

describe('dwellPoints', () => {
  const outline = {
    kind: 'article' as const,
    main: { selector: 'main', box: [460, 600, 680, 4000] as [number, number, number, number], blocks: [] },
    sides: [{ selector: 'aside', box: [1200, 600, 300, 2000] as [number, number, number, number], blocks: [] }],
  };
  // The top 20 % of the page (0–1,200 px) on screen for half a reader's time, the band at 50 % (3,000–3,060 px) a quarter.
  const bands = Array.from({ length: 100 }, (_, band) => (band < 20 ? 0.5 : band === 50 ? 0.25 : 0));

  it("covers the content with an even grid closer than the map's radius, each point with its band's own figure", () => {
    const across = contentExtent({ ...DESKTOP, outline });
    expect(across).toEqual({ x: 460, width: 1040 });
    const points = dwellPoints(bands, DESKTOP, across!);
    const xs = [...new Set(points.map((p) => p.x))].sort((a, b) => a - b);
    const ys = [...new Set(points.map((p) => p.y))].sort((a, b) => a - b);
    // Within the columns, never the margins; evenly spaced well under the radius both ways (40 px, widened to 46 to keep
    // this 6,000 px page within 3,000 points).
    expect(xs[0]).toBeGreaterThanOrEqual(460);
    expect(xs.at(-1)).toBeLessThanOrEqual(1500);
    for (const list of [xs, ys.filter((y) => y < 1200)]) for (let i = 1; i < list.length; i++) expect(list[i]! - list[i - 1]!).toBeLessThanOrEqual(46);
    // The figure itself on every point, not a share of it: the map's top value is what the legend states.
    expect(new Set(points.filter((p) => p.y < 1200).map((p) => p.value))).toEqual(new Set([0.5]));
    expect(new Set(points.filter((p) => p.y >= 1200).map((p) => p.value))).toEqual(new Set([0.25]));
    expect(points.filter((p) => p.y >= 1200).every((p) => p.y >= 3000 && p.y < 3060)).toBe(true);
    expect(contentExtent(DESKTOP)).toBeUndefined();
  });

  it('widens the grid on a tall page without an outline, to keep the point count', () => {
    const points = dwellPoints(new Array(100).fill(0.1), { width: 1920, documentHeight: 20_000 });
    expect(points.length).toBeLessThanOrEqual(3100);
    expect(Math.min(...points.map((p) => p.x))).toBeGreaterThan(0);
    expect(Math.max(...points.map((p) => p.x))).toBeLessThan(1920);
    expect(dwellPoints(bands, { width: 375, documentHeight: 0 })).toEqual([]);
  });
});

describe('placeRests', () => {
  // A 1,000 px column centred at 1,920 px: 460–1,460.
  const content = { x: 460, width: 1000 };

  it('keeps a wide reader\'s rest at its distance from the middle, as a centred column moves', () => {
    // 100 px into the column at 1,280 px (column 140–1,140): 100 px into it at 1,920 px, where scaling would put it
    // at 360, in the margin.
    expect(placeRests([{ viewportWidth: 1280, x: 240, yPerMille: 500, value: 0.1 }], DESKTOP, content)).toEqual([{ x: 560, y: 3000, value: 0.1 }]);
  });

  it("spreads a narrower reader's whole width over the content", () => {
    // A 800 px reader's middle is the content's middle.
    expect(placeRests([{ viewportWidth: 800, x: 400, yPerMille: 100, value: 0.2 }], DESKTOP, content)).toEqual([{ x: 960, y: 600, value: 0.2 }]);
  });

  it('leaves out rests in the margins, and scales them without a known content', () => {
    const parked = { viewportWidth: 1280, x: 60, yPerMille: 100, value: 0.3 };
    expect(placeRests([parked], DESKTOP, content)).toEqual([]);
    expect(placeRests([parked], DESKTOP)).toEqual([{ x: 90, y: 600, value: 0.3 }]);
  });
});

describe('reachByDepth', () => {
  it('counts the pageviews whose viewport reached each depth', () => {
    // Three pageviews: 0–30 %, 0–30 % then 31–80 %, 0–100 %.
    const reach = reachByDepth([
      { depth: 0, delta: 3 },
      { depth: 31, delta: -2 },
      { depth: 31, delta: 1 },
      { depth: 81, delta: -1 },
    ]);
    expect(reach).toHaveLength(101);
    expect(reach[0]).toEqual({ depth: 0, count: 3 });
    expect(reach[30]).toEqual({ depth: 30, count: 3 });
    expect(reach[31]).toEqual({ depth: 31, count: 2 });
    expect(reach[80]).toEqual({ depth: 80, count: 2 });
    expect(reach[81]).toEqual({ depth: 81, count: 1 });
    expect(reach[100]).toEqual({ depth: 100, count: 1 });
  });

  it('never rises with depth, even when a pageview began before the period (only its deeper gains are in it)', () => {
    const reach = reachByDepth([
      { depth: 0, delta: 1 },
      { depth: 11, delta: -1 },
      { depth: 41, delta: 2 },
      { depth: 61, delta: -2 },
    ]);
    for (let depth = 1; depth <= 100; depth++) expect(reach[depth]!.count).toBeLessThanOrEqual(reach[depth - 1]!.count);
    expect(reach[50]!.count).toBe(2);
    expect(reach[0]!.count).toBe(2);
  });
});
