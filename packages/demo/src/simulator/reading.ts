// What a simulated reader reads on a laid-out page: its content in reading order, cut into the pieces a reader takes
// in one at a time (a paragraph, a row of story cards, one brief), each with its box and the text it holds. Ads and
// the side column are not read: a reader passes them on the way down the text.
import { briefId, type LaidBlock, type PageLayout } from '../site/layout.ts';
import type { Block } from '../site/page-plan.ts';

export interface ReadingUnit {
  /** The plan's block it belongs to (the same object on a changed plan: applyEdit keeps every block it does not move)
   * and which piece of it, top to bottom: what finds the unit again on the page as it reflows. */
  block: Block;
  part: number;
  top: number;
  bottom: number;
  /** Characters of text, a picture counting as PICTURE_CHARS: what the reader's time on it scales with. */
  chars: number;
}

/** A picture takes about as long to look at as a line or two of text. */
const PICTURE_CHARS = 100;

const titled = (article: { title: string; teaser: string }) => article.title.length + article.teaser.length;

/** The pieces of one block, from its box and the elements the layout placed in it. */
function piecesOf({ block, rect }: LaidBlock, layout: PageLayout): Array<{ top: number; bottom: number; chars: number }> {
  const whole = (chars: number) => [{ top: rect.y, bottom: rect.y + rect.h, chars }];
  const inBlock = (selectors: string[]) => selectors.map((selector) => [...layout.links, ...layout.content].find((el) => el.selector === selector)?.rect);
  switch (block.kind) {
    case 'ad':
      return [];
    case 'page-title':
      return whole(block.title.length);
    case 'lead':
    case 'article-head':
      return whole(titled(block.article) + PICTURE_CHARS);
    case 'paragraph':
    case 'subhead':
      return whole(block.text.length);
    case 'related':
    case 'most-read':
      return whole(block.articles.reduce((sum, article) => sum + article.title.length, 0));
    case 'cards': {
      // One piece per row of cards: a reader takes a row in at a glance.
      const rows = new Map<number, { top: number; bottom: number; chars: number }>();
      inBlock(block.articles.map((article) => `#story-${article.slug}`)).forEach((card, i) => {
        if (!card) return;
        const row = rows.get(card.y) ?? { top: card.y, bottom: card.y + card.h, chars: 0 };
        row.chars += titled(block.articles[i]!);
        rows.set(card.y, row);
      });
      return [...rows.values()].sort((a, b) => a.top - b.top);
    }
    case 'briefs': {
      // One piece per brief; the section's title goes with the first.
      const items = inBlock(block.items.map((_, i) => `#${briefId(i)}`));
      return block.items.flatMap((item, i) => {
        const box = items[i];
        return box ? [{ top: i === 0 ? rect.y : box.y, bottom: box.y + box.h, chars: item.title.length + item.text.length + (i === 0 ? block.title.length : 0) }] : [];
      });
    }
  }
}

/** Per layout (layouts are cached per plan and width, so every reader of a page at a width shares one list). */
const cache = new WeakMap<PageLayout, readonly ReadingUnit[]>();

/** The page's reading units top to bottom: the main column's and the full-width blocks', never the side column's. */
export function readingUnits(layout: PageLayout): readonly ReadingUnit[] {
  const cached = cache.get(layout);
  if (cached) return cached;
  const units = layout.blocks
    .filter(({ section }) => section !== 'side')
    .flatMap((laid) => piecesOf(laid, layout).map((piece, part) => ({ block: laid.block, part, ...piece })))
    .sort((a, b) => a.top - b.top);
  cache.set(layout, units);
  return units;
}

/** The same unit on another layout of the page (undefined: not on it). */
export const sameUnit = (units: readonly ReadingUnit[], unit: ReadingUnit) => units.find((other) => other.block === unit.block && other.part === unit.part);
