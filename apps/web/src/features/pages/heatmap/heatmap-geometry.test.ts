// Positions on the screenshot: the image's layout height, the page height, depths down the image and the scroll marks.
import { describe, expect, it } from 'vitest';
import { depthPosition, imageLayoutHeight, pageLayoutHeight, scrollDifferenceMarks, scrollMarks } from './heatmap-geometry.ts';

describe('screenshot geometry', () => {
  it('the image covers its height in layout pixels, whatever its pixel density', () => {
    expect(imageLayoutHeight(1920, 6000, 1920)).toBe(6000);
    expect(imageLayoutHeight(750, 4000, 375)).toBe(2000);
    expect(imageLayoutHeight(0, 4000, 375)).toBe(0);
  });

  it('depths are of the page the screenshot measured, also when the image stops at the cap', () => {
    expect(pageLayoutHeight(30_000, 16_000)).toBe(30_000);
    expect(pageLayoutHeight(null, 6000)).toBe(6000);
    expect(depthPosition(50, 6000, 6000)).toBe(50);
    expect(depthPosition(100, 6000, 6000)).toBe(100);
    // A 30,000-px page in a 15,000-px image: half way down the page is the image's end, deeper is off the image.
    expect(depthPosition(25, 30_000, 15_000)).toBe(50);
    expect(depthPosition(50, 30_000, 15_000)).toBe(100);
    expect(depthPosition(75, 30_000, 15_000)).toBeNull();
    expect(depthPosition(10, 0, 15_000)).toBeNull();
  });

  it('marks at 0, 25, 50, 75 and 100 % of the page carry the share of visitors reaching them', () => {
    const points = Array.from({ length: 101 }, (_, depth) => ({ depth, count: Math.round(400 * (1 - depth / 125)) }));
    const marks = scrollMarks(points, 400, 8000, 8000);
    expect(marks.map((m) => m.depth)).toEqual([0, 25, 50, 75, 100]);
    expect(marks.map((m) => m.share)).toEqual([100, 80, 60, 40, 20]);
    expect(marks.map((m) => m.top)).toEqual([0, 25, 50, 75, 100]);
  });

  it('the difference view marks the same depths with both sides’ shares', () => {
    const points = Array.from({ length: 101 }, (_, depth) => ({ depth, first: 1 - depth / 200, second: 1 - depth / 100, difference: depth / 200 }));
    const marks = scrollDifferenceMarks(points, 30_000, 15_000);
    expect(marks.map((m) => [m.depth, m.first, m.second, m.top])).toEqual([
      [0, 1, 1, 0],
      [25, 0.875, 0.75, 50],
      [50, 0.75, 0.5, 100],
      [75, 0.625, 0.25, null],
      [100, 0.5, 0, null],
    ]);
  });
});
