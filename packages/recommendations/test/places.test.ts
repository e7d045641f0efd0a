// Places in the content: the layout read from a page's outline names every break and every unit's place the way a
// publisher finds it in their CMS, and the engine says where to act in those words.
import type { ContentOutline, OutlineBlock } from '@foldline/contracts/content-outline';
import { describe, expect, it } from 'vitest';
import { layoutFromOutline, placeOf, probeKey, probesFor, recommendForPage, type PageDeviceEvidence } from '../src/index.ts';

const block = (kind: OutlineBlock['kind'], tag: string, y: number, height: number, text: string, n: number): OutlineBlock => ({
  kind,
  tag,
  box: [20, y, 335, height],
  text,
  selector: `#article-body>${tag}:nth-of-type(${n})`,
});

/** A phone article: eight paragraphs of 300 px, a subheading after the third, an ad after the fifth, a sidebar-free page. */
function article(): ContentOutline {
  const blocks: OutlineBlock[] = [];
  let y = 600;
  for (let i = 1; i <= 8; i++) {
    blocks.push(block('paragraph', 'p', y, 300, `Paragraph ${i} begins here.`, i));
    y += 300;
    if (i === 3) {
      blocks.push(block('heading', 'h2', y, 60, 'Why now', 1));
      y += 60;
    }
    if (i === 5) {
      blocks.push({ kind: 'ad', tag: 'div', box: [20, y, 335, 280], text: 'Advertisement', selector: '#article-body>div' });
      y += 280;
    }
  }
  return { kind: 'article', main: { selector: '#article-body', box: [20, 600, 335, y - 600], blocks }, sides: [] };
}

describe('places from the outline', () => {
  it('names each break by the paragraph it follows, with its text and selector, and never one under a heading', () => {
    const layout = layoutFromOutline(article())!;
    expect(layout.places[3]).toEqual({ description: 'after paragraph 4 of the article ("Paragraph 4 begins here.")', selector: '#article-body>p:nth-of-type(4)', text: 'Paragraph 4 begins here.' });
    // Eight paragraphs, one break each; none after the heading nor after the ad.
    expect(layout.breaks).toHaveLength(8);
    expect(layout.places.map((place) => place.description).filter((text) => text.includes('heading'))).toEqual([]);
    expect(layout.top).toBe(600);
  });

  it('names where a unit stands: after the block above it, above the content, or in a side column', () => {
    const outline = article();
    outline.sides.push({ selector: 'aside', box: [900, 600, 300, 800], blocks: [{ kind: 'block', tag: 'section', box: [900, 600, 300, 400], text: 'Most read', selector: 'aside>section' }] });
    const layout = layoutFromOutline(outline)!;
    expect(placeOf(layout, { x: 20, y: 2570, width: 300 })?.description).toBe('after paragraph 5 of the article ("Paragraph 5 begins here.")');
    expect(placeOf(layout, { x: 20, y: 100, width: 300 })?.description).toBe('above the article, before its first paragraph ("Paragraph 1 begins here.")');
    expect(placeOf(layout, { x: 900, y: 1100, width: 300 })?.description).toBe('in the side column after "Most read"');
  });

  it('names the blocks of a home page by their order and titles', () => {
    const outline: ContentOutline = {
      kind: 'blocks',
      main: {
        selector: 'main',
        box: [0, 0, 800, 900],
        blocks: ['Lead story', 'Local news', 'Sport'].map((text, i) => ({ kind: 'block' as const, tag: 'section', box: [0, i * 300, 800, 280] as [number, number, number, number], text, selector: `main>section:nth-of-type(${i + 1})` })),
      },
      sides: [],
    };
    const layout = layoutFromOutline(outline)!;
    expect(layout.places.map((place) => place.description)).toEqual([
      'between the first and second content blocks ("Lead story" and "Local news")',
      'between the second and third content blocks ("Local news" and "Sport")',
      'after the last content block ("Sport")',
    ]);
  });

  it('says where a new placement goes in the content, not in pixels', () => {
    const layout = layoutFromOutline(article())!;
    const evidence: PageDeviceEvidence = { pageId: 'p1', pageTitle: 'Tram', device: 'mobile', pageviews: 1000, viewportHeight: 700, pageWidth: 375, notRendered: undefined, layout, units: [] };
    // Every place is seen by 90 % of readers.
    const seen = new Map(probesFor(evidence).map((probe) => [probeKey(probe), 900]));
    const [first] = recommendForPage(evidence, seen).recommendations;
    expect(first?.type).toBe('new_ad_placement');
    if (first?.type !== 'new_ad_placement') return;
    expect(first.place?.description).toMatch(/^after paragraph \d of the article/);
    expect(first.reason).toContain(first.place!.description);
    expect(first.reason).not.toMatch(/\d px/);
  });

  it('says, when nothing is advised, the best change it considered and what it would do', () => {
    const layout = layoutFromOutline(article())!;
    const evidence: PageDeviceEvidence = { pageId: 'p1', pageTitle: 'Tram', device: 'mobile', pageviews: 1000, viewportHeight: 700, pageWidth: 375, notRendered: undefined, layout, units: [] };
    // Every place is seen by a fifth of readers: under the bar for a new slot.
    const seen = new Map(probesFor(evidence).map((probe) => [probeKey(probe), 200]));
    const { recommendations, analysis } = recommendForPage(evidence, seen);
    expect(recommendations).toEqual([]);
    expect(analysis.message).toMatch(
      /^Analysed 1,000 mobile pageviews\. No change would clearly raise the page's ad value\. The best change considered, a new \d+x\d+ after paragraph \d of the article \("Paragraph \d begins here\."\), would change its mobile ad value by \+\d+ to \+\d+ per 1,000 pageviews \(a viewable 300x250 = 1\): not clearly enough to act on\.$/,
    );
  });
});
