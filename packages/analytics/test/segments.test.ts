// The hour split, checked on small hand-made cases.
import { describe, expect, it } from 'vitest';
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
