// The simulator's readers read content: they stop block by block, dwell in proportion to the text a stop brings into
// view (a skim is short whatever it brought), and a replay of the same readers on a changed page reads the same blocks
// wherever the change put them, with every draw as it was.
import type { CollectEvent } from '@foldline/contracts/collect';
import { describe, expect, it } from 'vitest';
import { applyEdit } from '../site/apply-recommendation.ts';
import { articlePath, ARTICLES } from '../site/content.ts';
import { BLOCK } from '../site/metrics.ts';
import { layoutPage, paragraphSelector } from '../site/layout.ts';
import { planByPath, type Block, type PagePlan } from '../site/page-plan.ts';
import { drawVisitor } from './audience.ts';
import { simulatePageview } from './pageview.ts';
import { createRng } from './prng.ts';
import { readingUnits } from './reading.ts';

const story = planByPath(articlePath(ARTICLES.find((article) => article.slug === 'reservoir-summer-water-savings')!))!;

type Span = Extract<CollectEvent, { k: 'span' }> & { at: number };

/** Reader i of a page: their viewport and their spans in the order they stood, on `changedPlan` if given. */
function read(plan: PagePlan, i: number, changedPlan?: PagePlan) {
  const rng = createRng(`reading-${i}`);
  const visitor = drawVisitor(rng);
  const { beacons } = simulatePageview({ rng, plan, visitor, start: 0, site: 'fl_test', url: `http://news.localhost${plan.path}`, referrer: '', sid: 's', next: undefined, ...(changedPlan ? { changedPlan } : {}) });
  const spans = beacons
    .flatMap(({ payload, receivedAt }) => payload.e.flatMap((event) => (event.k === 'span' ? [{ ...event, at: receivedAt - event.a }] : [])))
    .sort((a, b) => a.at - b.at);
  return { visitor, spans: spans as Span[] };
}

describe('readers read content', () => {
  it('takes the side column and the ads for no reading, and a grid of stories a row at a time', () => {
    const home = planByPath('/')!;
    const desktop = layoutPage(home, 1280);
    const units = readingUnits(desktop);
    const side = desktop.blocks.filter(({ section }) => section === 'side').map(({ block }) => block);
    expect(units.some((unit) => side.includes(unit.block) || unit.block.kind === 'ad')).toBe(false);
    const rows = units.filter((unit) => unit.block.kind === 'cards');
    // Two cards a row on desktop, one on phones.
    const cards = home.main.find((block): block is Extract<Block, { kind: 'cards' }> => block.kind === 'cards')!;
    expect(rows).toHaveLength(Math.ceil(cards.articles.length / 2));
    expect(readingUnits(layoutPage(home, 390)).filter((unit) => unit.block.kind === 'cards')).toHaveLength(cards.articles.length);
  });

  it('dwells in proportion to the text a stop brings into view, and skims briefly whatever it brought', () => {
    // For every stop after the first that goes further down: the characters it brought into view for the first time.
    const little: number[] = [];
    const much: number[] = [];
    for (let i = 0; i < 600; i++) {
      const { visitor, spans } = read(story, i);
      const units = readingUnits(layoutPage(story, visitor.vw));
      let seen = visitor.vh;
      for (const span of spans.slice(1)) {
        const bottom = span.y + span.vh;
        if (bottom <= seen) continue;
        let chars = 0;
        for (const unit of units) chars += (unit.chars * Math.max(0, Math.min(unit.bottom, bottom) - Math.max(unit.top, seen))) / (unit.bottom - unit.top);
        seen = bottom;
        if (chars < 200) little.push(span.d);
        else if (chars > 800) much.push(span.d);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(little.length).toBeGreaterThan(100);
    expect(much.length).toBeGreaterThan(100);
    // Much text takes several times as long as little.
    expect(median(much)).toBeGreaterThan(2.5 * median(little));
    // Skims: short stops even where a screen of text came in, about one in seven of them.
    const skims = much.filter((d) => d <= 800).length / much.length;
    expect(skims).toBeGreaterThan(0.08);
    expect(skims).toBeLessThan(0.3);
  });

  it('reads the same blocks on a changed page, wherever the change put them, with every draw as it was', () => {
    // A 300x250 put after the 1st paragraph on desktop: everything below it moves down by its block's height.
    const slot = { network: 'gpt' as const, id: 'div-gpt-ad-test-300x250', name: '/1/test', w: 300, h: 250 };
    const changed = applyEdit(story, { type: 'new_ad_placement', device: 'desktop', slot, after: paragraphSelector(1) });
    const lift = slot.h + BLOCK.adLabel + 2 * BLOCK.adPadding;
    let moved = 0;
    let stayed = 0;
    let readers = 0;
    for (let i = 0; i < 300; i++) {
      const before = read(story, i);
      if (before.visitor.device !== 'desktop') continue;
      readers += 1;
      const after = read(story, i, changed);
      const maxScroll = layoutPage(changed, before.visitor.vw).docHeight - before.visitor.vh;
      // The same stops for the same time; each where it stood, or as far down as the content moved.
      expect(after.spans.map((span) => [span.at, span.d])).toEqual(before.spans.map((span) => [span.at, span.d]));
      before.spans.forEach((span, n) => {
        const shift = after.spans[n]!.y - span.y;
        if (shift === 0) stayed += 1;
        else {
          expect(shift === lift || after.spans[n]!.y === maxScroll).toBe(true);
          moved += 1;
        }
      });
    }
    expect(readers).toBeGreaterThan(100);
    expect(moved).toBeGreaterThan(100);
    expect(stayed).toBeGreaterThan(100);
  });
});
