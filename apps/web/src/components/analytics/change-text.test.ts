import { describe, expect, it } from 'vitest';
import { aChange, applied, figure } from './change-fixtures.ts';
import { adviceRecordText, appliedText, changeHeadline, estimateText, figureRows, formatChangeDay, outcomeText, shortWindowText, windowsText } from './change-text.ts';

describe('change texts', () => {
  it('says what happened to the unit in words', () => {
    expect(changeHeadline(aChange())).toBe('Mover moved from 400 px to 2,400 px down the page');
    expect(changeHeadline(aChange({ kind: 'format', ad_unit_name: 'Format', before: { y: 1800, width: 300, height: 250 }, after: { y: 1800, width: 336, height: 280 } }))).toBe(
      'Format changed format from 300x250 to 336x280',
    );
    expect(changeHeadline(aChange({ kind: 'appeared', ad_unit_name: 'Odd', before: null, after: { y: 1200, width: 300, height: 250 } }))).toBe('Odd appeared at 1,200 px down the page (300x250)');
    expect(changeHeadline(aChange({ kind: 'disappeared', ad_unit_name: 'Odd', before: { y: 1200, width: 300, height: 250 }, after: null }))).toBe('Odd disappeared (it was at 1,200 px, 300x250)');
  });

  it('gives the UTC day and the days compared on each side', () => {
    expect(formatChangeDay('2025-11-15')).toBe('Nov 15, 2025');
    // A UTC day stays itself whatever the reader's time zone: no 'Nov 14' west of Greenwich.
    expect(formatChangeDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(windowsText(aChange().windows)).toBe('14 days before (Nov 1 – Nov 14) against 14 days after (Nov 16 – Nov 29)');
    expect(windowsText({ before: { start: '2025-11-08', end: '2025-11-14', days: 7 }, after: { start: '2025-11-16', end: '2025-11-16', days: 1 } })).toBe(
      '7 days before (Nov 8 – Nov 14) against 1 day after (Nov 16)',
    );
    expect(windowsText({ before: { start: '2025-11-08', end: '2025-11-14', days: 7 }, after: null })).toBe('7 days before (Nov 8 – Nov 14) against no day after yet');
  });

  it('formats each figure with its interval, and nothing to divide by as a dash', () => {
    expect(estimateText({ value: 45.2, low: 41, high: 49.46 }, 'percent')).toBe('45.2% (41.0–49.5)');
    expect(estimateText({ value: 0.71, low: 0.12, high: 3.93 }, 'ctr')).toBe('0.71% (0.12–3.9)');
    expect(estimateText({ value: 2600.4, low: 2490.2, high: 2716.8 }, 'per_1000')).toBe('2,600 (2,490–2,717)');
    expect(estimateText(null, 'percent')).toBe('—');
    expect(figureRows(aChange()).map((row) => [row.label, row.figure.verdict])).toEqual([
      ['Unit view rate', 'down'],
      ['Unit viewability', 'down'],
      ['Unit viewable impressions per 1,000 pageviews', 'down'],
      ['Unit CTR', 'down'],
      ["Other units' viewable impressions per 1,000 pageviews", 'within_noise'],
      ['Page viewable impressions per 1,000 pageviews', 'down'],
    ]);
  });

  it('says plainly whether the unit changed beyond chance, within noise, or cannot be told yet', () => {
    expect(outcomeText(aChange())).toBe("The unit's view rate fell from 80.0% to 30.0%: more than chance would explain (95 % confidence).");
    expect(outcomeText(aChange({ unit: { ...aChange().unit, view_rate: figure(40, 50, 'up') } }))).toMatch(/^The unit's view rate rose from 40.0% to 50.0%/);
    expect(outcomeText(aChange({ unit: { ...aChange().unit, view_rate: figure(40, 42, 'within_noise') } }))).toBe(
      "The unit's view rate went from 40.0% to 42.0%: within noise, a difference chance alone could make.",
    );
    expect(outcomeText(aChange({ unit: { ...aChange().unit, view_rate: figure(40, 42, 'too_short') } }))).toBe('Too few pageviews or impressions yet to tell (figures need 30 on each side).');
    const short = { before: { start: '2025-11-01', end: '2025-11-14', days: 14 }, after: { start: '2025-11-16', end: '2025-11-19', days: 4 } };
    expect(outcomeText(aChange({ windows: short }))).toBe('The after window has 4 days; figures need a week.');
    expect(shortWindowText({ before: short.before, after: null })).toMatch(/^No whole day after the change yet/);
    expect(shortWindowText({ before: { start: '2025-11-12', end: '2025-11-14', days: 3 }, after: short.before })).toBe('The before window has 3 days (another change came just before); figures need a week.');
    expect(shortWindowText(aChange().windows)).toBeNull();
    const appeared = aChange({ kind: 'appeared', before: null, unit: { ...aChange().unit, view_rate: figure(null, 40, 'no_data') } });
    expect(outcomeText(appeared)).toBe("The unit was not on the page before: compare the page's and the other units' figures.");
  });

  it('puts what an applied recommendation promised against what it delivered', () => {
    expect(appliedText(applied())).toBe('Applied recommendation: promised a view rate of 25.0–40.0%, delivered 30.0% — within its range.');
    expect(appliedText(applied({ delivered: 18.5, within: false }))).toBe('Applied recommendation: promised a view rate of 25.0–40.0%, delivered 18.5% — outside its range.');
    expect(appliedText(applied({ delivered: 40, within: null }))).toBe('Applied recommendation: promised a view rate of 25.0–40.0%, 40.0% so far — too early to judge.');
    expect(appliedText(applied({ delivered: null, within: null }))).toBe('Applied recommendation: promised a view rate of 25.0–40.0% — too early to judge.');
  });

  it("words the advice's record, and says nothing before a recommendation was applied", () => {
    expect(adviceRecordText({ applied: 10, judged: 10, within: 8 })).toBe('8 of 10 applied recommendations delivered within their range.');
    expect(adviceRecordText({ applied: 12, judged: 10, within: 8 })).toBe('8 of 10 applied recommendations delivered within their range; 2 more too recent to judge.');
    expect(adviceRecordText({ applied: 1, judged: 1, within: 1 })).toBe('1 of 1 applied recommendation delivered within its range.');
    expect(adviceRecordText({ applied: 2, judged: 0, within: 0 })).toBe('2 applied recommendations; too early to judge them yet.');
    expect(adviceRecordText({ applied: 1, judged: 0, within: 0 })).toBe('1 applied recommendation; too early to judge it yet.');
    expect(adviceRecordText({ applied: 0, judged: 0, within: 0 })).toBeNull();
    expect(adviceRecordText(undefined)).toBeNull();
  });
});
