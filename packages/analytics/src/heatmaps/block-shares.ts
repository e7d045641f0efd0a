// The engagement map per content block (issue 26): each block of the rendering's content outline (a paragraph, a
// heading, an image, a row of cards) with the average share of a reader's time it was in view, by the part of it in
// view. Computed here, on the server, from the bands the engagement statement already reads (engagement-shares.ts) and
// the outline of the rendering the map is drawn on: one definition of a share, and no statement of its own. (The web
// has neither the bands, only points sampled from them every 40 px or more, too coarse for a heading, nor the outline.)
//
// A block's share is the time-weighted visible fraction of the block, per pageview as a share of its own time,
// averaged over the pageviews. Since the visible fraction at an instant is the block's height in view over its height,
// summing it over time is summing, down the block, the time each line of it was in view: the block's share is the
// mean of the bands' shares over its height, each band weighted by the part of the block it holds. Exact up to the
// bands' 1 % of the page, the bands' own resolution (a band touched by a viewport counts as in view).
import type { EngagementBlock } from '@foldline/contracts';
import type { ContentOutline, OutlineBlock } from '@foldline/contracts/content-outline';
import type { ReferenceLayout } from './heatmap-points.ts';

/** The outline's blocks, main column then side columns, each with its share; undefined without an outline (an older
 * rendering, a page without a column of content, no rendering at all): the map then keeps its bands. */
export function blockShares(bands: readonly number[], layout: Pick<ReferenceLayout, 'documentHeight' | 'outline' | 'labels'> & Partial<Pick<ReferenceLayout, 'elements'>>): EngagementBlock[] | undefined {
  const { outline, documentHeight: height } = layout;
  if (!outline || !(height > 0)) return undefined;
  const lead = leadOf(layout, outline);
  return [...(lead ? [lead] : []), ...[outline.main, ...outline.sides].flatMap((column) => column.blocks)]
    .filter((block) => block.box[2] > 0 && block.box[3] > 0 && block.box[1] < height)
    .map((block) => ({ kind: block.kind, tag: block.tag, selector: block.selector, box: block.box, text: block.text, share: shareOver(bands, block.box, height) }));
}

/** The bands' shares averaged over the block's height, each by the part of the block it holds; a part of the block
 * below the page was never in view. */
function shareOver(bands: readonly number[], [, y, , h]: readonly [number, number, number, number], height: number): number {
  const band = height / 100;
  const top = Math.max(0, y);
  const bottom = Math.min(height, y + h);
  let sum = 0;
  for (let index = Math.floor(top / band); index < 100 && index * band < bottom; index++) {
    const overlap = Math.min(bottom, (index + 1) * band) - Math.max(top, index * band);
    if (overlap > 0) sum += overlap * (bands[index] ?? 0);
  }
  return sum / h;
}

/** An article's lead — its headline, standfirst, byline and lead image — as one block. The outline's main column is
 * the article's body, which begins below them, yet the lead is where readers spend their first seconds: left out, the
 * map showed the top of every article blank (seen on the demo). It spans the body's column from the rendering's
 * first-level heading above the body down to the body; none without such a heading. */
function leadOf(layout: Partial<Pick<ReferenceLayout, 'elements' | 'labels'>>, outline: ContentOutline): OutlineBlock | undefined {
  if (outline.kind !== 'article') return undefined;
  const [x, y, width] = outline.main.box;
  let lead: { top: number; text: string; selector: string } | undefined;
  for (const [selector, [tag, text]] of Object.entries(layout.labels ?? {})) {
    const box = layout.elements?.[selector];
    if (tag !== 'h1' || !box) continue;
    const [left, top, across] = box;
    if (top < y && left < x + width && left + across > x && (!lead || top < lead.top)) lead = { top, text, selector };
  }
  return lead && { kind: 'block', tag: 'header', box: [x, lead.top, width, y - lead.top], text: lead.text, selector: lead.selector };
}
