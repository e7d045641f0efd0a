// The words of the Changes panel (issue 25): what changed on the page, its day and the days compared, each figure
// before and after with its interval and verdict, why a verdict cannot be given yet, what an applied recommendation
// promised against what it delivered, and the advice's record the Recommendations panel shows.
import type { AdviceRecordSummary, AppliedRecommendation, Change, ChangeFigure, ChangeVerdict, ChangeWindow } from '@foldline/contracts';
import type { BadgeTone } from '../ui/badge.tsx';
import { formatCtr, formatDecimal, formatNumber, formatPercent } from '../../lib/format.ts';
import { plural } from './recommendation-text.ts';

/** The windows the publisher can pick (days on each side); the server cuts them to whole weeks. */
export const CHANGE_WINDOW_OPTIONS = [7, 14, 28] as const;
/** The server's rule (packages/analytics/src/changes/compare.ts): a side needs a week, so each day of the week counts. */
const MIN_WINDOW_DAYS = 7;

export const KIND_LABELS: Record<Change['kind'], string> = { moved: 'Moved', format: 'Format changed', appeared: 'Appeared', disappeared: 'Disappeared' };

export const VERDICT_BADGES: Record<ChangeVerdict, { label: string; tone: BadgeTone }> = {
  up: { label: 'Up', tone: 'green' },
  down: { label: 'Down', tone: 'red' },
  within_noise: { label: 'Within noise', tone: 'gray' },
  too_short: { label: 'Too early to tell', tone: 'yellow' },
  no_data: { label: 'No data', tone: 'gray' },
};

const px = (value: number) => `${formatNumber(value)} px`;
const size = (place: { width: number; height: number }) => `${formatNumber(place.width)}x${formatNumber(place.height)}`;

/** 'Mover moved from 400 px to 2,400 px down the page', 'Format changed format from 300x250 to 336x280', 'Odd appeared
 * at 1,200 px down the page (300x250)', 'Odd disappeared (it was at 1,200 px, 300x250)'. */
export function changeHeadline(change: Pick<Change, 'kind' | 'ad_unit_name' | 'before' | 'after'>): string {
  const { ad_unit_name: name, before, after } = change;
  switch (change.kind) {
    case 'moved':
      return before && after ? `${name} moved from ${px(before.y)} to ${px(after.y)} down the page` : `${name} moved`;
    case 'format':
      return before && after ? `${name} changed format from ${size(before)} to ${size(after)}` : `${name} changed format`;
    case 'appeared':
      return after ? `${name} appeared at ${px(after.y)} down the page (${size(after)})` : `${name} appeared`;
    case 'disappeared':
      return before ? `${name} disappeared (it was at ${px(before.y)}, ${size(before)})` : `${name} disappeared`;
  }
}

// The server's days are UTC calendar days: shown in UTC, or a reader west of Greenwich would see the day before.
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** '2025-11-15' → 'Nov 15, 2025'. */
export function formatChangeDay(day: string): string {
  return longDay.format(utc(day));
}

/** 'Nov 1 – Nov 14'. */
function span(window: NonNullable<ChangeWindow>): string {
  return window.start === window.end ? shortDay.format(utc(window.start)) : `${shortDay.format(utc(window.start))} – ${shortDay.format(utc(window.end))}`;
}

/** '14 days before (Nov 1 – Nov 14) against 14 days after (Nov 16 – Nov 29)'; a side with no day yet says so. */
export function windowsText(windows: Change['windows']): string {
  const side = (window: ChangeWindow, which: 'before' | 'after') => (window ? `${plural(window.days, 'day')} ${which} (${span(window)})` : `no day ${which} yet`);
  return `${side(windows.before, 'before')} against ${side(windows.after, 'after')}`;
}

/** How each figure reads: its value, then its 95 % interval without the unit. */
export type FigureFormat = 'percent' | 'ctr' | 'per_1000';

const FORMATS: Record<FigureFormat, { value: (v: number) => string; bound: (v: number) => string }> = {
  percent: { value: formatPercent, bound: formatDecimal },
  ctr: { value: formatCtr, bound: (v) => formatCtr(v).slice(0, -1) },
  per_1000: { value: formatNumber, bound: formatNumber },
};

/** '45.2% (41.0–49.5)', or '—' where there is nothing to divide by (a unit before it appeared). */
export function estimateText(estimate: ChangeFigure['before'], format: FigureFormat): string {
  if (!estimate) return '—';
  const { value, bound } = FORMATS[format];
  return `${value(estimate.value)} (${bound(estimate.low)}–${bound(estimate.high)})`;
}

export interface FigureRow {
  label: string;
  figure: ChangeFigure;
  format: FigureFormat;
}

/** The rows of a change's table: the unit's four figures, then the other units' and the whole page's viewable
 * impressions per 1,000 pageviews (what the change did to the rest of the page, and to the page in all), then the
 * unit's and the page's ad value per 1,000 pageviews. */
export function figureRows(change: Pick<Change, 'unit' | 'other_units' | 'page'>): FigureRow[] {
  return [
    { label: 'Unit view rate', figure: change.unit.view_rate, format: 'percent' },
    { label: 'Unit viewability', figure: change.unit.viewability, format: 'percent' },
    { label: 'Unit viewable impressions per 1,000 pageviews', figure: change.unit.viewable_per_1000, format: 'per_1000' },
    { label: 'Unit CTR', figure: change.unit.ctr, format: 'ctr' },
    { label: "Other units' viewable impressions per 1,000 pageviews", figure: change.other_units.viewable_per_1000, format: 'per_1000' },
    { label: 'Page viewable impressions per 1,000 pageviews', figure: change.page.viewable_per_1000, format: 'per_1000' },
    // Value: viewable impressions weighted by their format's value (a viewable 300x250 = 1), the advice's measure.
    ...(change.unit.value_per_1000 ? [{ label: 'Unit ad value per 1,000 pageviews', figure: change.unit.value_per_1000, format: 'per_1000' as const }] : []),
    ...(change.page.value_per_1000 ? [{ label: 'Page ad value per 1,000 pageviews', figure: change.page.value_per_1000, format: 'per_1000' as const }] : []),
  ];
}

/** Why no verdict can be given yet, in plain words, or null when the windows are long enough. */
export function shortWindowText(windows: Change['windows']): string | null {
  const { before, after } = windows;
  if (!after) return 'No whole day after the change yet (its own day and today are not counted); figures need a week on each side.';
  if (after.days < MIN_WINDOW_DAYS) return `The after window has ${plural(after.days, 'day')}; figures need a week.`;
  if (!before) return 'No day before the change to compare with; figures need a week on each side.';
  if (before.days < MIN_WINDOW_DAYS) return `The before window has ${plural(before.days, 'day')} (another change came just before); figures need a week.`;
  return null;
}

/** The change's outcome in a sentence, led by the unit's view rate (the figure recommendations promise): beyond
 * chance, within noise, or why it cannot be told yet. */
export function outcomeText(change: Pick<Change, 'kind' | 'windows' | 'unit'>): string {
  const short = shortWindowText(change.windows);
  if (short) return short;
  const { before, after, verdict } = change.unit.view_rate;
  const from = before && after ? ` from ${formatPercent(before.value)} to ${formatPercent(after.value)}` : '';
  switch (verdict) {
    case 'up':
      return `The unit's view rate rose${from}: more than chance would explain (95 % confidence).`;
    case 'down':
      return `The unit's view rate fell${from}: more than chance would explain (95 % confidence).`;
    case 'within_noise':
      return `The unit's view rate went${from}: within noise, a difference chance alone could make.`;
    case 'too_short':
      return 'Too few pageviews or impressions yet to tell (figures need 30 on each side).';
    case 'no_data':
      return change.kind === 'appeared'
        ? "The unit was not on the page before: compare the page's and the other units' figures."
        : change.kind === 'disappeared'
          ? "The unit is gone: the page's and the other units' figures show what its removal did."
          : 'No pageviews on one side of the change.';
  }
}

/** 'Applied recommendation: promised a view rate of 25.0–40.0%, delivered 30.0% — within its range.' */
export function appliedText(applied: AppliedRecommendation): string {
  const promised = `promised a view rate of ${formatDecimal(applied.promised.low)}–${formatPercent(applied.promised.high)}`;
  if (applied.within === null || applied.delivered === null) {
    const so = applied.delivered === null ? '' : `, ${formatPercent(applied.delivered)} so far`;
    return `Applied recommendation: ${promised}${so} — too early to judge.`;
  }
  return `Applied recommendation: ${promised}, delivered ${formatPercent(applied.delivered)} — ${applied.within ? 'within' : 'outside'} its range.`;
}

/** The Recommendations panel's record line: '8 of 10 applied recommendations delivered within their range', the
 * ones too recent to judge after it; '2 applied recommendations; too early to judge them yet'; null before any. */
export function adviceRecordText(record: AdviceRecordSummary | undefined): string | null {
  if (!record || record.applied === 0) return null;
  if (record.judged === 0) {
    return record.applied === 1 ? '1 applied recommendation; too early to judge it yet.' : `${plural(record.applied, 'applied recommendation')}; too early to judge them yet.`;
  }
  const head =
    record.judged === 1
      ? `${formatNumber(record.within)} of 1 applied recommendation delivered within its range`
      : `${formatNumber(record.within)} of ${plural(record.judged, 'applied recommendation')} delivered within their range`;
  const waiting = record.applied - record.judged;
  return waiting > 0 ? `${head}; ${formatNumber(waiting)} more too recent to judge.` : `${head}.`;
}
