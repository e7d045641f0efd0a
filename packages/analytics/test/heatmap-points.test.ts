// The geometry of heatmaps: clicks re-anchored on their element in the reference layout, scaled when it is missing,
// binning under a point budget, dwell bands, and scroll reach from its differences.
import { describe, expect, it } from 'vitest';
import { binPoints, contentExtent, dwellByBand, dwellPoints, placeClicks, reachByDepth, type ReferenceLayout } from '../src/heatmaps/heatmap-points.ts';

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
  it('spreads a band of dwell across the page, closer than the map radius, centred in the band', () => {
    const points = dwellPoints(100, 5000, DESKTOP);
    expect(points).toHaveLength(30);
    expect(points[0]!.x).toBe(32);
    expect(points.at(-1)!.x).toBe(1888);
    expect(new Set(points.map((p) => p.y))).toEqual(new Set([630]));
    expect(points.reduce((sum, p) => sum + p.value, 0)).toBeCloseTo(5000, 6);
  });

  it("keeps to the page's content columns, never the empty margins beside them", () => {
    const outline = {
      kind: 'article' as const,
      main: { selector: 'main', box: [460, 600, 680, 4000] as [number, number, number, number], blocks: [] },
      sides: [{ selector: 'aside', box: [1200, 600, 300, 2000] as [number, number, number, number], blocks: [] }],
    };
    const across = contentExtent({ ...DESKTOP, outline });
    expect(across).toEqual({ x: 460, width: 1040 });
    const points = dwellPoints(100, 5000, DESKTOP, across);
    expect(Math.min(...points.map((p) => p.x))).toBeGreaterThanOrEqual(460);
    expect(Math.max(...points.map((p) => p.x))).toBeLessThanOrEqual(1500);
    expect(points.reduce((sum, p) => sum + p.value, 0)).toBeCloseTo(5000, 6);
    expect(contentExtent(DESKTOP)).toBeUndefined();
  });
});

describe('dwellByBand', () => {
  it('gives each 1 % band the time viewports stood on it', () => {
    // 5 s on bands 0–19, 12 s on 34–54, 0.7 s from 92 to the end.
    const dwell = dwellByBand([
      { band: 0, delta: 5000 },
      { band: 20, delta: -5000 },
      { band: 34, delta: 12000 },
      { band: 55, delta: -12000 },
      { band: 92, delta: 700 },
    ]);
    expect(dwell).toHaveLength(100);
    expect([dwell[0], dwell[19], dwell[20], dwell[34], dwell[54], dwell[55], dwell[92], dwell[99]]).toEqual([5000, 5000, 0, 12000, 12000, 0, 700, 700]);
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
