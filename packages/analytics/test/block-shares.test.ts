// The engagement map per content block (issue 26): a block's share of readers' time by the part of it in view, from
// readers' viewport spans through engagementSharesOf (the definition the map's statement is held equal to) and the
// rendering's outline. Worked by hand: a 1,000 px page, so a band is 10 px.
import type { ContentOutline, OutlineBlock, OutlineBox } from '@foldline/contracts/content-outline';
import { describe, expect, it } from 'vitest';
import { blockShares } from '../src/heatmaps/block-shares.ts';
import { engagementSharesOf, type SpanRow } from '../src/heatmaps/engagement-shares.ts';

const PAGE = 1000;
const span = (pageview_id: string, scroll_y: number, viewport_h: number, duration_ms: number): SpanRow => ({ pageview_id, scroll_y, viewport_h, doc_h: PAGE, duration_ms });
const block = (kind: OutlineBlock['kind'], box: OutlineBox, text = ''): OutlineBlock => ({ tag: kind === 'heading' ? 'h2' : 'p', kind, box, text, selector: `#b${box[1]}` });

/** An article: a heading at 0–50 px, a paragraph at 200–400, another at 600–700; a sidebar block at 0–300. */
const OUTLINE: ContentOutline = {
  kind: 'article',
  main: { selector: 'article', box: [460, 0, 1000, 700], blocks: [block('heading', [460, 0, 1000, 50], 'Ferry timetable'), block('paragraph', [460, 200, 1000, 200]), block('paragraph', [460, 600, 1000, 100])] },
  sides: [{ selector: 'aside', box: [1500, 0, 300, 300], blocks: [block('block', [1500, 0, 300, 300])] }],
};

/** Each block's share, by its top, for these readers' spans. */
function sharesOf(spans: SpanRow[]): Record<string, number> {
  const blocks = blockShares(engagementSharesOf(spans, []).bands, { documentHeight: PAGE, outline: OUTLINE })!;
  return Object.fromEntries(blocks.map((b) => [`${b.box[0]},${b.box[1]}`, Number(b.share.toFixed(9))]));
}

describe('blockShares', () => {
  it('gives a block wholly in view for all of a reader\'s time 100 %, and one never in view 0 %', () => {
    // One reader, 30 s with 0–450 px on screen.
    expect(sharesOf([span('a', 0, 450, 30_000)])).toEqual({ '460,0': 1, '460,200': 1, '460,600': 0, '1500,0': 1 });
  });

  it('counts two readers equally, however long each stayed', () => {
    // A short reader: 5 s on 0–450 px. A long one: 10 s there and 190 s on 550–1,000 px. By time summed the lower
    // paragraph would hold 190 of 205 s; per reader it holds (0 + 95 %) / 2.
    expect(sharesOf([span('short', 0, 450, 5_000), span('long', 0, 450, 10_000), span('long', 550, 450, 190_000)])).toEqual({
      '460,0': 0.525,
      '460,200': 0.525,
      '460,600': 0.475,
      '1500,0': 0.525,
    });
  });

  it('counts a block half in view by the half in view', () => {
    // 0–300 px on screen: the paragraph at 200–400 has its upper half in view all the time.
    expect(sharesOf([span('a', 0, 300, 8_000)])['460,200']).toBe(0.5);
    // Half the time the whole paragraph, half the time none of it: 50 % too.
    expect(sharesOf([span('a', 0, 450, 4_000), span('a', 800, 200, 4_000)])['460,200']).toBe(0.5);
  });

  it('keeps the outline\'s blocks in order with what a reader needs to name them, and leaves out boxes without area', () => {
    const outline: ContentOutline = { ...OUTLINE, main: { ...OUTLINE.main, blocks: [...OUTLINE.main.blocks, block('paragraph', [460, 720, 1000, 0]), block('paragraph', [460, 1200, 1000, 40])] } };
    const blocks = blockShares(new Array<number>(100).fill(0.25), { documentHeight: PAGE, outline })!;
    expect(blocks.map((b) => b.box[1])).toEqual([0, 200, 600, 0]);
    expect(blocks[0]).toEqual({ kind: 'heading', tag: 'h2', selector: '#b0', box: [460, 0, 1000, 50], text: 'Ferry timetable', share: 0.25 });
  });

  it('counts the part of a block below the page as never in view', () => {
    const outline: ContentOutline = { ...OUTLINE, main: { ...OUTLINE.main, blocks: [block('paragraph', [460, 900, 1000, 200])] }, sides: [] };
    expect(blockShares(new Array<number>(100).fill(1), { documentHeight: PAGE, outline })![0]!.share).toBeCloseTo(0.5, 9);
  });

  it('has no blocks to give without an outline, so the map keeps its bands', () => {
    const bands = new Array<number>(100).fill(0.5);
    expect(blockShares(bands, { documentHeight: PAGE })).toBeUndefined();
    expect(blockShares(bands, { documentHeight: PAGE, outline: null })).toBeUndefined();
    expect(blockShares(bands, { documentHeight: 0, outline: OUTLINE })).toBeUndefined();
  });
});

describe('an article\'s lead', () => {
  // The body (the outline's main column) begins at 300 px; the headline (h1) is at 100 px, within the column.
  const body: ContentOutline = { kind: 'article', main: { selector: 'article', box: [460, 300, 1000, 400], blocks: [block('paragraph', [460, 300, 1000, 100])] }, sides: [] };
  const elements = { 'h1.title': [470, 100, 900, 80] as const, 'h1.logo': [0, 10, 200, 40] as const, 'img.lead': [460, 190, 1000, 100] as const };
  const labels = { 'h1.title': ['h1', 'Harbour freight climbs'] as const, 'h1.logo': ['h1', 'Daily Gazette'] as const, 'img.lead': ['img', 'The port'] as const };

  it('is one block from the headline down to the body, named by the headline, first', () => {
    const blocks = blockShares(new Array<number>(100).fill(0.5), { documentHeight: PAGE, outline: body, elements, labels })!;
    expect(blocks[0]).toEqual({ kind: 'block', tag: 'header', selector: 'h1.title', box: [460, 100, 1000, 200], text: 'Harbour freight climbs', share: 0.5 });
    expect(blocks).toHaveLength(2);
  });

  it('is left out without a headline over the body\'s column, or on a page of blocks', () => {
    const offColumn = { 'h1.logo': labels['h1.logo'] };
    expect(blockShares(new Array<number>(100).fill(0.5), { documentHeight: PAGE, outline: body, elements, labels: offColumn })).toHaveLength(1);
    expect(blockShares(new Array<number>(100).fill(0.5), { documentHeight: PAGE, outline: { ...body, kind: 'blocks' }, elements, labels })).toHaveLength(1);
  });
});
