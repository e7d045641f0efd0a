// What the difference view's colours mean, in words a publisher reads (issue 26): "Red: more clicks per 1,000 pageviews
// than in the previous period", with how far each way the map goes, and that each side is counted per its own readers.
// Pure: the legend on screen, the exported PNG's caption and the scroll marks say the same.
import type { HeatmapType } from '@foldline/contracts';
import { formatDecimal, formatNumber } from '../../../lib/format.ts';
import type { LegendText } from './heatmap-legend-text.ts';

/** How a sentence names the two sides: the first (often implied: '') and the one it is measured against. */
export interface DifferenceWords {
  first: string;
  second: string;
}

/** 12.3 → '12', 4.25 → '4.3', 0.04 → '0.04'… one decimal under 10, whole above: the figures of a colour scale's end. */
export function formatAmount(value: number): string {
  const v = Math.max(0, value);
  if (v >= 9.95) return formatNumber(v);
  if (v > 0 && v < 0.05) return 'under 0.1';
  return formatDecimal(v).replace(/\.0$/, '');
}

/** A difference of shares (0–1) in percentage points, signed: 0.1 → '+10.0 pp', −0.034 → '−3.4 pp', 0 → '0.0 pp'. */
export function signedPoints(difference: number): string {
  const points = Number((difference * 100).toFixed(1));
  const sign = points > 0 ? '+' : points < 0 ? '−' : '';
  return `${sign}${formatDecimal(Math.abs(points))} pp`;
}

const points = (share: number) => `${formatAmount(share * 100)} percentage ${share * 100 === 1 ? 'point' : 'points'}`;

/**
 * The legend of a difference map whose largest differences are `most` (the first side ahead) and `fewest` (behind):
 * clicks per 1,000 pageviews, or shares (0–1) of readers' time or of readers reaching a depth.
 */
export function differenceLegendText(type: HeatmapType, ends: { most: number; fewest: number }, words: DifferenceWords): LegendText {
  const first = words.first ? ` ${words.first}` : '';
  const upTo = (value: number, unit: (value: number) => string, more: string) => (value > 0 ? ` (up to ${unit(value)} ${more})` : '');
  const same = 'No colour: about the same on both, or nothing on either.';
  if (type === 'click') {
    const clicks = (value: number) => formatAmount(value);
    return {
      caption: 'Difference in clicks per 1,000 pageviews',
      low: `Blue: fewer clicks per 1,000 pageviews${first} than ${words.second}${upTo(ends.fewest, clicks, 'fewer in one spot')}`,
      high: `Red: more clicks per 1,000 pageviews${first} than ${words.second}${upTo(ends.most, clicks, 'more in one spot')}`,
      note: `Each map's clicks are counted per 1,000 of its own pageviews, so a period or segment with more visitors does not simply show more clicks. ${same}`,
    };
  }
  if (type === 'engagement') {
    return {
      caption: 'Difference in the share of readers’ time',
      low: `Blue: readers spent a smaller share of their time here${first} than ${words.second}${upTo(ends.fewest, points, 'less')}`,
      high: `Red: readers spent a larger share of their time here${first} than ${words.second}${upTo(ends.most, points, 'more')}`,
      note: `Each map's figure is already per reader (the share of their own time this part of the page was on their screen, averaged over its own readers), so more readers alone do not turn it red. ${same}`,
    };
  }
  return {
    caption: 'Difference in the share of readers reaching each depth',
    low: `Blue: fewer of the readers get this far${first} than ${words.second}${upTo(ends.fewest, points, 'fewer')}`,
    high: `Red: more of the readers get this far${first} than ${words.second}${upTo(ends.most, points, 'more')}`,
    note: `Each map's share is of its own readers, so more visitors alone do not turn the band red. ${same}`,
  };
}

/** A scroll difference mark: '50%: 60.0% vs 50.0% of readers (+10.0 pp)' — the first side's share, then the second's. */
export function scrollDifferenceMarkText(mark: { depth: number; first: number; second: number }): string {
  return `${mark.depth}%: ${formatDecimal(mark.first * 100)}% vs ${formatDecimal(mark.second * 100)}% of readers (${signedPoints(mark.first - mark.second)})`;
}

/** Why there is no difference to draw: the side with no readers, by its caption. */
export function noDifferenceText(type: HeatmapType, emptySide: string): { title: string; description: string } {
  const readers = type === 'engagement' ? 'readers with time measured' : type === 'scroll' ? 'readers with their scrolling recorded' : 'pageviews';
  return { title: 'Nothing to compare with', description: `${emptySide} has no ${readers}, so there is no difference to show. Show the maps side by side, or try a longer time range.` };
}
