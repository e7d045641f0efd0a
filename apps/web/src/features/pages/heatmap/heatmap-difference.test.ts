// The difference view's arithmetic: each side per reader, cells one side has alone, a side with nothing or no readers,
// the diverging colours and the scroll map's shares.
import { describe, expect, it } from 'vitest';
import { buildPalette } from './render-heatmap.ts';
import {
  DIFFERENCE_FLOOR,
  DIFFERENCE_GRADIENT,
  differenceColor,
  differencePixels,
  differenceScale,
  MAX_DIFFERENCE_CELLS,
  pointDifference,
  scrollDifference,
  scrollDifferenceEnds,
  scrollDifferenceStops,
  SPREAD,
  type DifferenceGrid,
  type PointSide,
} from './heatmap-difference.ts';

const side = (pageviews: number, data: PointSide['data'], extra: Partial<PointSide['meta']> = {}): PointSide => ({
  data,
  meta: { pageviews, referenceWidth: 400, documentHeight: 800, ...extra },
});

/** The grid's value in the cell holding the layout point (x, y). */
const at = (grid: DifferenceGrid, x: number, y: number) => grid.values[Math.floor(y / grid.cell) * grid.columns + Math.floor(x / grid.cell)]!;

describe('pointDifference', () => {
  it('counts each side per 1,000 of its own pageviews, so more traffic alone does not come out ahead', () => {
    // 20 clicks in 1,000 pageviews against 10 in 500: the same rate, no difference anywhere.
    const same = pointDifference('click', side(1000, [{ x: 100, y: 100, value: 20 }]), side(500, [{ x: 100, y: 100, value: 10 }]))!;
    expect(same.most).toBeCloseTo(0, 5);
    expect(same.fewest).toBeCloseTo(0, 5);
    // 30 in 1,000 (30 per 1,000) against 10 in 500 (20 per 1,000): 10 more per 1,000 at the spot, though 3 times the clicks.
    const more = pointDifference('click', side(1000, [{ x: 100, y: 100, value: 30 }]), side(500, [{ x: 100, y: 100, value: 10 }]))!;
    const spot = at(more, 100, 100);
    // The cell's centre is a few px from the click, so a little under its full weight.
    expect(spot).toBeGreaterThan(8);
    expect(spot).toBeLessThanOrEqual(10);
    expect(more.most).toBeCloseTo(spot, 5);
    expect(more.fewest).toBe(0);
  });

  it('shows a spot clicked on one side only in full, red for the first, blue for the second, nothing far from either', () => {
    const grid = pointDifference('click', side(100, [{ x: 60, y: 60, value: 4 }]), side(200, [{ x: 300, y: 600, value: 4 }]))!;
    // 40 per 1,000 on the first side only, 20 per 1,000 on the second only.
    expect(at(grid, 60, 60)).toBeGreaterThan(30);
    expect(at(grid, 300, 600)).toBeLessThan(-15);
    expect(grid.most).toBeCloseTo(at(grid, 60, 60), 5);
    expect(grid.fewest).toBeCloseTo(-at(grid, 300, 600), 5);
    // Beyond the click map's radius nothing is spread.
    expect(at(grid, 60 + SPREAD.click.radius + grid.cell, 60)).toBe(0);
    expect(at(grid, 200, 300)).toBe(0);
  });

  it('adds up the clicks around a spot, but takes an engagement level as it is', () => {
    const clicks = pointDifference('click', side(1000, [{ x: 100, y: 100, value: 5 }, { x: 104, y: 100, value: 5 }]), side(1000, []))!;
    expect(at(clicks, 102, 100)).toBeGreaterThan(8);
    // Engagement shares are already per reader: an even band at 30 % against 10 % is 20 points across the content.
    const band = (value: number) => Array.from({ length: 5 }, (_, i) => ({ x: 100 + 40 * i, y: 200, value }));
    const engagement = pointDifference('engagement', side(10, band(0.3), { timedPageviews: 8 }), side(500, band(0.1), { timedPageviews: 400 }))!;
    for (const x of [100, 120, 140, 220, 260]) expect(at(engagement, x, 200)).toBeCloseTo(0.2, 5);
    expect(engagement.most).toBeCloseTo(0.2, 5);
  });

  it('has nothing to compare when a side has no readers, and a side with readers but no clicks has none', () => {
    const clicks = [{ x: 100, y: 100, value: 3 }];
    expect(pointDifference('click', side(0, []), side(10, clicks))).toBeNull();
    expect(pointDifference('click', side(10, clicks), side(0, []))).toBeNull();
    // Engagement is per reader with time measured: pageviews without any is nothing to compare with.
    expect(pointDifference('engagement', side(10, [], { timedPageviews: 0 }), side(10, [{ x: 1, y: 1, value: 0.5 }], { timedPageviews: 3 }))).toBeNull();
    const none = pointDifference('click', side(10, []), side(10, clicks))!;
    expect(none.most).toBe(0);
    expect(none.fewest).toBeCloseTo(-at(none, 100, 100), 5);
    expect(none.fewest).toBeGreaterThan(250);
  });

  it('coarsens its cells for a very tall page', () => {
    const grid = pointDifference('click', side(10, [{ x: 10, y: 10, value: 1 }], { referenceWidth: 1920, documentHeight: 60_000 }), side(10, []))!;
    expect(grid.columns * grid.rows).toBeLessThanOrEqual(MAX_DIFFERENCE_CELLS);
    expect(grid.cell).toBeGreaterThan(SPREAD.click.cell);
    expect(grid.rows * grid.cell).toBeGreaterThanOrEqual(60_000);
  });
});

describe('difference colours', () => {
  const palette = buildPalette(DIFFERENCE_GRADIENT);

  it('is red for more, blue for fewer, as strong both ways, and clear for about the same', () => {
    const [red, blue] = [differenceColor(10, 10, palette), differenceColor(-10, 10, palette)];
    expect(red[0]).toBeGreaterThan(200);
    expect(red[2]).toBeLessThan(80);
    expect(blue[2]).toBeGreaterThan(200);
    expect(blue[0]).toBeLessThan(80);
    expect(red[3]).toBe(blue[3]);
    expect(differenceColor(5, 10, palette)[3]).toBeLessThan(red[3]);
    expect(differenceColor((DIFFERENCE_FLOOR / 2) * 10, 10, palette)).toEqual([0, 0, 0, 0]);
    expect(differenceColor(3, 0, palette)).toEqual([0, 0, 0, 0]);
  });

  it('colours a grid on the larger of its two ends', () => {
    const grid: DifferenceGrid = { cell: 8, columns: 3, rows: 1, values: new Float32Array([4, 0, -2]), most: 4, fewest: 2 };
    expect(differenceScale(grid)).toBe(4);
    const pixels = differencePixels(grid);
    expect([...pixels.slice(0, 4)]).toEqual(differenceColor(4, 4, palette));
    expect(pixels[7]).toBe(0);
    expect([...pixels.slice(8, 12)]).toEqual(differenceColor(-2, 4, palette));
  });
});

describe('scrollDifference', () => {
  const reach = (readers: number, shares: (depth: number) => number) => ({
    data: Array.from({ length: 101 }, (_, depth) => ({ depth, count: Math.round(readers * shares(depth)) })),
    meta: { maxValue: readers },
  });

  it('subtracts the shares of each side’s own readers reaching each depth', () => {
    // 1,000 readers of whom 60 % reach half way, against 100 of whom 50 % do.
    const points = scrollDifference(
      reach(1000, (d) => (d <= 50 ? 0.6 + (0.4 * (50 - d)) / 50 : 0.6)),
      reach(100, (d) => (d <= 50 ? 0.5 + (0.5 * (50 - d)) / 50 : 0.5)),
    )!;
    expect(points).toHaveLength(101);
    expect(points[0]).toEqual({ depth: 0, first: 1, second: 1, difference: 0 });
    expect(points[50]!.first).toBeCloseTo(0.6);
    expect(points[50]!.second).toBeCloseTo(0.5);
    expect(points[50]!.difference).toBeCloseTo(0.1);
    expect(scrollDifferenceEnds(points)).toEqual({ most: expect.closeTo(0.1, 5), fewest: 0 });
    const stops = scrollDifferenceStops(points);
    expect(stops[0]).toEqual({ offset: 0, color: 'rgba(0, 0, 0, 0)' });
    expect(stops[100]!.color).toMatch(/^rgba\(2\d\d, /);
  });

  it('has nothing to compare when a side has no readers; a side whose readers went nowhere is 0 past the top', () => {
    const some = reach(10, (d) => 1 - d / 100);
    expect(scrollDifference({ data: [], meta: { maxValue: 0 } }, some)).toBeNull();
    expect(scrollDifference(some, { data: [], meta: { maxValue: 0 } })).toBeNull();
    const top = scrollDifference(some, { data: [{ depth: 0, count: 4 }], meta: { maxValue: 4 } })!;
    expect(top[0]!.difference).toBe(0);
    expect(top[50]!.difference).toBeCloseTo(0.5);
  });
});
