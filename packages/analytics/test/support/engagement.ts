// Engagement shares compared as figures: the same readers, bands and rests, float sums in another order aside.
import { expect } from 'vitest';
import type { EngagementShares } from '../../src/heatmaps/engagement-shares.ts';

export function expectSameShares(actual: EngagementShares, expected: EngagementShares): void {
  expect(actual.readers).toBe(expected.readers);
  expect(actual.clicks).toBe(expected.clicks);
  actual.bands.forEach((share, band) => expect(share, `band ${band}`).toBeCloseTo(expected.bands[band]!, 12));
  const key = (r: EngagementShares['rests'][number]) => `${r.viewportWidth}|${r.x}|${r.yPerMille}`;
  const want = new Map(expected.rests.map((r) => [key(r), r.share]));
  expect(actual.rests.map(key).sort()).toEqual([...want.keys()].sort());
  for (const r of actual.rests) expect(r.share).toBeCloseTo(want.get(key(r))!, 12);
}
