// The scroll marks' words: the share reaching each depth, or both sides' shares and the change.
import { describe, expect, it } from 'vitest';
import { differenceMarkLines, reachMarkLines } from './scroll-mark-lines.ts';

describe('scroll mark lines', () => {
  it('says the share of visitors reaching each mark, where it is', () => {
    const points = Array.from({ length: 101 }, (_, depth) => ({ depth, count: Math.round(400 * (1 - depth / 125)) }));
    expect(reachMarkLines(points, 400)(8000, 8000).map((line) => [line.top, line.text])).toEqual([
      [0, '100.0% of visitors reach 0%'],
      [25, '80.0% of visitors reach 25%'],
      [50, '60.0% of visitors reach 50%'],
      [75, '40.0% of visitors reach 75%'],
      [100, '20.0% of visitors reach 100%'],
    ]);
  });

  it('gives both sides and the change in the difference view', () => {
    const points = Array.from({ length: 101 }, (_, depth) => ({ depth, first: 1 - depth / 200, second: 1 - depth / 100, difference: depth / 200 }));
    expect(differenceMarkLines(points)(8000, 8000)[2]).toEqual({ depth: 50, top: 50, text: '50%: 75.0% vs 50.0% of readers (+25.0 pp)' });
  });
});
