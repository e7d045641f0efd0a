// The hour split and the optimization potential model, checked on small hand-made cases.
import { describe, expect, it } from 'vitest';
import { optimizationPotential, quantile } from '../src/optimization.ts';
import { splitByHour } from '../src/segments.ts';

const at = (text: string) => new Date(`2026-11-22T${text}Z`);
const iso = (windows: { start: Date; end: Date }[]) => windows.map((w) => [w.start.toISOString().slice(11, 19), w.end.toISOString().slice(11, 19)]);

describe('splitByHour', () => {
  it('keeps whole hours for the rollup and the partial hours for raw rows', () => {
    const { hour: rollup, raw } = splitByHour([at('01:30:00'), at('05:15:00')]);
    expect(iso(rollup)).toEqual([['02:00:00', '05:00:00']]);
    expect(iso(raw)).toEqual([['01:30:00', '02:00:00'], ['05:00:00', '05:15:00']]);
  });

  it('reads a window inside one hour from raw rows only', () => {
    const { hour: rollup, raw } = splitByHour([at('03:10:00'), at('03:15:00')]);
    expect(rollup).toEqual([]);
    expect(iso(raw)).toEqual([['03:10:00', '03:15:00']]);
  });

  it('merges touching windows across a comparison split', () => {
    const { hour: rollup, raw } = splitByHour([at('01:00:00'), at('03:00:00'), at('05:00:00')]);
    expect(iso(rollup)).toEqual([['01:00:00', '05:00:00']]);
    expect(raw).toEqual([]);
  });
});

describe('optimizationPotential', () => {
  it('is the extra viewable impressions at the 90th-percentile viewability of the same website and device', () => {
    const unit = (adUnitId: string, device: string, impressions: number, viewable: number) => ({ websiteId: 'w', adUnitId, device, impressions, viewable });
    // Desktop viewabilities 20, 50, 80 → target 74; mobile has one unit, already at its own target.
    const units = [unit('a', 'desktop', 100, 20), unit('b', 'desktop', 100, 50), unit('c', 'desktop', 100, 80), unit('d', 'mobile', 50, 10)];
    const extra = 100 * 0.54 + 100 * 0.24;
    expect(optimizationPotential(units)).toBeCloseTo((extra / 160) * 100, 10);
    expect(quantile([20, 50, 80], 0.9)).toBeCloseTo(74, 10);
  });

  it('is zero without measured impressions', () => {
    expect(optimizationPotential([])).toBe(0);
    expect(optimizationPotential([{ websiteId: 'w', adUnitId: 'a', device: 'mobile', impressions: 0, viewable: 0 }])).toBe(0);
  });
});
