// What a point map's colours mean, in words a publisher reads (issue 26): the click map in clicks, the engagement map
// in the share of readers' time ("Red: readers spent on average 12 % of their time here"). Pure: the legend on screen
// and the caption of the exported PNG say the same.
import { formatNumber } from '../../../lib/format.ts';

export interface LegendText {
  /** What the colours measure. */
  caption: string;
  /** What the cold and the hot end of the scale stand for. */
  low: string;
  high: string;
  /** How the figure is counted, when that is not plain from the caption. */
  note?: string;
}

/** A share (0–1) as whole percent from 10 %, with a decimal below (a share of a long page's band is often small). */
export function formatShare(share: number): string {
  const percent = Math.max(0, share) * 100;
  if (percent > 0 && percent < 0.1) return 'under 0.1 %';
  return `${percent >= 9.95 ? Math.round(percent) : Number(percent.toFixed(1))} %`;
}

/** The legend of a click or engagement map whose hottest point is `maxValue` (clicks, or a share of time 0–1).
 * `shared`: two maps drawn at one scale; `timedPageviews`: the readers an engagement map averages over. */
export function pointLegendText(
  type: 'click' | 'engagement',
  maxValue: number,
  options: { shared: boolean; timedPageviews?: number | undefined; byBlock?: boolean },
): LegendText {
  const both = options.shared ? ', the same scale on both maps' : '';
  if (type === 'click') {
    return { caption: 'Clicks', low: 'Fewer', high: `More (up to ${formatNumber(maxValue)} ${maxValue === 1 ? 'click' : 'clicks'} in one spot${both})` };
  }
  const readers = options.timedPageviews;
  const over = options.shared || readers === undefined ? "each map's readers" : `${formatNumber(readers)} ${readers === 1 ? 'reader' : 'readers'}`;
  const high = `Red: readers spent on average ${formatShare(maxValue)} of their time here${both}`;
  if (options.byBlock) {
    return {
      caption: 'Share of readers’ time',
      low: 'Green to blue: a small share',
      high,
      note:
        `Each block of the page (a paragraph, a heading, an image) is shaded by the share of each reader's own time it ` +
        `was on their screen (a block partly on screen by the part on screen), averaged over ${over}: a long visit does ` +
        `not outweigh short ones. Where the pointer rested is drawn over the blocks. Blocks seen together share the ` +
        `time, so the figures do not add up to 100 %.`,
    };
  }
  return {
    caption: 'Share of readers’ time',
    low: 'Green to blue: a small share',
    high,
    note:
      `Each reader counts once, by the share of their own time this part of the page was on their screen (or under ` +
      `their pointer), averaged over ${over}: a long visit does not outweigh short ones. Parts seen together share ` +
      `the time, so the figures do not add up to 100 %.`,
  };
}

/** The legend as one line of text, for the exported image's caption, from the cold end to the hot one as the colour
 * bar drawn with it runs. */
export function legendLine(text: LegendText): string {
  return `${text.caption} — ${text.low} … ${text.high}`;
}
