// Where an ad could go in a page's main column: the breaks between its blocks of text, read from the element map of
// the page as the screenshot service rendered it (the box of every element under the tracker's selector, whose last
// step names the element's tag). The main column is the parent holding the most paragraph height; a break is the
// bottom of each block in it.
//
// Not every break is a place for an ad (DESIGN.md, Recommendations): never between a heading and the first paragraph
// under it (the ad would split the heading from what it announces), never inside a list, table, figure or quote. The
// blocks are the column's children, so a break is never inside one of them unless something overlaps (a floated
// figure beside paragraphs): breaks within the height of any list, table, figure or quote in the column are dropped,
// and so are those directly under a heading. Each break keeps the tags of the blocks above and below it, so the engine
// can check the same on a layout made elsewhere.

import type { ContentOutline } from '@foldline/contracts/content-outline';

/** [x, y, width, height] in document pixels. */
export type Box = readonly [number, number, number, number];

/** The blocks on either side of a break: their tags ('p', 'h2', 'ul', …); nothing below the last break. */
export interface BreakSides {
  above: string;
  below: string | undefined;
}

export interface ContentLayout {
  /** Left edge and width of the main column. */
  column: { x: number; width: number };
  /** First text block's top and the last one's bottom: the main content's vertical extent (ad density). */
  top: number;
  bottom: number;
  /** Document y of every break between (and after) the column's text blocks where an ad may go, top to bottom. */
  breaks: number[];
  /** For each break (same order), the blocks above and below it. Absent from layouts made without it (by hand, or
   * before it was recorded); the engine then takes `breaks` as they are. */
  sides?: BreakSides[];
}

const PARAGRAPH = /^p(:nth-of-type\(\d+\))?$/;
/** Text blocks a reader moves between: an ad may follow any of them except a heading. */
const BLOCK = /^(p|h[1-6]|blockquote|figure|ul|ol|table|pre)(:nth-of-type\(\d+\))?$/;
/** Nothing goes directly under a heading. */
export const HEADING = /^h[1-6]$/;
/** Nothing goes inside these: a break within one's height is not between blocks of text. */
const ENCLOSING = /^(ul|ol|dl|li|table|thead|tbody|tr|td|th|figure|figcaption|blockquote|pre)(:nth-of-type\(\d+\))?$/;
/** Fewer paragraphs than this is not an article body (a footer line, a caption). */
const MIN_PARAGRAPHS = 3;

function split(selector: string): { parent: string; step: string } {
  const cut = selector.lastIndexOf('>');
  return cut < 0 ? { parent: '', step: selector } : { parent: selector.slice(0, cut), step: selector.slice(cut + 1) };
}

const tagOf = (step: string) => step.replace(/:nth-of-type\(\d+\)$/, '');
const steps = (selector: string) => selector.split('>');

export function contentLayout(elements: Readonly<Record<string, Box>>): ContentLayout | undefined {
  const paragraphHeight = new Map<string, { count: number; height: number }>();
  for (const [selector, box] of Object.entries(elements)) {
    const { parent, step } = split(selector);
    if (!parent || !PARAGRAPH.test(step)) continue;
    // Paragraphs inside a list item, a table cell or a quote are not an article body to put ads between.
    if (steps(parent).some((s) => ENCLOSING.test(s))) continue;
    const group = paragraphHeight.get(parent) ?? { count: 0, height: 0 };
    group.count += 1;
    group.height += box[3];
    paragraphHeight.set(parent, group);
  }
  let main: string | undefined;
  let best = 0;
  for (const [parent, group] of paragraphHeight) {
    if (group.count >= MIN_PARAGRAPHS && group.height > best) {
      best = group.height;
      main = parent;
    }
  }
  if (main === undefined) return undefined;

  const blocks = Object.entries(elements)
    .flatMap(([selector, box]) => {
      const { parent, step } = split(selector);
      return parent === main && BLOCK.test(step) ? [{ tag: tagOf(step), box }] : [];
    })
    .filter(({ box }) => box[2] > 0 && box[3] > 0)
    .sort((a, b) => a.box[1] - b.box[1]);
  const left = Math.min(...blocks.map(({ box }) => box[0]));
  const right = Math.max(...blocks.map(({ box }) => box[0] + box[2]));
  // Every list, table, figure or quote in the column at any depth (a figure inside a wrapper div counts too).
  const enclosures = Object.entries(elements)
    .filter(([selector]) => selector.startsWith(`${main}>`) && steps(selector.slice(main.length + 1)).some((s) => ENCLOSING.test(s)))
    .map(([, box]) => box)
    .filter((box) => box[3] > 0 && box[0] < right && left < box[0] + box[2]);
  const insideEnclosure = (y: number) => enclosures.some((box) => box[1] < y && y < box[1] + box[3]);

  const breaks: number[] = [];
  const sides: BreakSides[] = [];
  for (const y of [...new Set(blocks.map(({ box }) => box[1] + box[3]))].sort((a, b) => a - b)) {
    const ending = blocks.filter(({ box }) => box[1] + box[3] === y);
    // Of blocks ending together (side by side), a heading decides: nothing directly under it.
    const above = (ending.find(({ tag }) => HEADING.test(tag)) ?? ending[0]!).tag;
    const below = blocks.find(({ box }) => box[1] >= y)?.tag;
    if (HEADING.test(above) || insideEnclosure(y)) continue;
    breaks.push(y);
    sides.push({ above, below });
  }
  return {
    column: { x: left, width: right - left },
    top: blocks[0]!.box[1],
    bottom: Math.max(...blocks.map(({ box }) => box[1] + box[3])),
    breaks,
    sides,
  };
}

/** A place in the page's content, as a publisher finds it in their CMS rather than with a ruler. */
export interface Place {
  /** 'after paragraph 4 of the article ("The council voted…")'. */
  description: string;
  /** CSS selector of the element the place follows (insert the unit after it); null above the content. */
  selector: string | null;
  /** The first words of that element's text. */
  text: string;
}

/** A block of the content with the place right after it, to name where a unit stands today. */
export interface PlacedBlock {
  top: number;
  bottom: number;
  /** Left edge and width: a unit beside the main column is in a side column. */
  x: number;
  width: number;
  after: Place;
}

/** A content layout read from the page's outline: the breaks carry the places they are, and the blocks let the engine
 * name where a unit stands. */
export interface OutlinedLayout extends ContentLayout {
  places: Place[];
  blocks: PlacedBlock[];
  /** The first block of the main column: a unit above it stands above the content. */
  first: Place;
  /** Blocks of the side columns, top to bottom. */
  sideBlocks: PlacedBlock[];
}

const NOUNS: Record<string, string> = { figure: 'figure', ul: 'list', ol: 'list', dl: 'list', table: 'table', blockquote: 'quote', pre: 'code block' };
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const ordinal = (n: number) => ORDINALS[n - 1] ?? `${n}th`;
const quoted = (text: string) => (text ? ` ("${text}")` : '');

/**
 * The layout of the main column from the page's outline (contracts/content-outline.ts): a break after every block of
 * content that is not a heading nor an ad, each named as a place — "after paragraph 4 of the article ("…")" on an
 * article, "between the second and third content blocks ("…" and "…")" on a home or section page. Undefined when the
 * column holds fewer than two blocks of content.
 */
export function layoutFromOutline(outline: ContentOutline): OutlinedLayout | undefined {
  const content = outline.main.blocks.filter((block) => block.kind !== 'ad' && block.box[3] > 0);
  if (content.length < 2) return undefined;
  const article = outline.kind === 'article';
  let paragraphs = 0;
  const blocks: PlacedBlock[] = content.map((block, i) => {
    if (block.kind === 'paragraph') paragraphs += 1;
    const next = content[i + 1];
    let description: string;
    if (article && block.kind === 'paragraph') description = `after paragraph ${paragraphs} of the article${quoted(block.text)}`;
    else if (article) description = `after the ${NOUNS[block.tag] ?? (block.kind === 'heading' ? 'heading' : 'block')}${quoted(block.text)}${paragraphs > 0 ? ` that follows paragraph ${paragraphs}` : ''}`;
    else if (next) description = `between the ${ordinal(i + 1)} and ${ordinal(i + 2)} content blocks${block.text && next.text ? ` ("${block.text}" and "${next.text}")` : quoted(block.text)}`;
    else description = `after the last content block${quoted(block.text)}`;
    return { top: block.box[1], bottom: block.box[1] + block.box[3], x: block.box[0], width: block.box[2], after: { description, selector: block.selector, text: block.text } };
  });
  const breaks: number[] = [];
  const sides: BreakSides[] = [];
  const places: Place[] = [];
  content.forEach((block, i) => {
    // Nothing directly under a heading; nothing inside an enclosure is possible here (blocks are whole elements).
    if (block.kind === 'heading') return;
    const y = blocks[i]!.bottom;
    if (breaks.includes(y)) return;
    breaks.push(y);
    sides.push({ above: block.tag, below: content[i + 1]?.tag });
    places.push(blocks[i]!.after);
  });
  const left = Math.min(...content.map((block) => block.box[0]));
  const right = Math.max(...content.map((block) => block.box[0] + block.box[2]));
  const firstBlock = content[0]!;
  const sideBlocks = outline.sides.flatMap((side) =>
    side.blocks
      .filter((block) => block.kind !== 'ad' && block.box[3] > 0)
      .map((block) => ({
        top: block.box[1],
        bottom: block.box[1] + block.box[3],
        x: block.box[0],
        width: block.box[2],
        after: { description: `in the side column after "${block.text || block.tag}"`, selector: block.selector, text: block.text },
      })),
  );
  return {
    column: { x: left, width: right - left },
    top: firstBlock.box[1],
    bottom: Math.max(...blocks.map((block) => block.bottom)),
    breaks,
    sides,
    places,
    blocks,
    first: {
      description: article ? `above the article, before its first paragraph${quoted(content.find((b) => b.kind === 'paragraph')?.text ?? '')}` : `above the first content block${quoted(firstBlock.text)}`,
      selector: null,
      text: firstBlock.text,
    },
    sideBlocks,
  };
}

/** Slack for a unit that starts a little above the end of the block it follows (rounding, margins). */
const PLACE_SLACK_PX = 24;

/** Where a unit or a rectangle stands in the content: after the last block that ends above it, in its column. */
export function placeOf(layout: ContentLayout, rect: { x: number; y: number; width: number }): Place | null {
  if (!isOutlined(layout)) return null;
  const inMain = rect.x + rect.width > layout.column.x && rect.x < layout.column.x + layout.column.width;
  const blocks = inMain ? layout.blocks : layout.sideBlocks.filter((block) => rect.x + rect.width > block.x && rect.x < block.x + block.width);
  const above = blocks.filter((block) => block.bottom <= rect.y + PLACE_SLACK_PX).at(-1);
  if (above) return above.after;
  if (!inMain) return blocks.length > 0 ? { description: `at the top of the side column, above "${blocks[0]!.after.text}"`, selector: null, text: blocks[0]!.after.text } : null;
  return layout.first;
}

export function isOutlined(layout: ContentLayout): layout is OutlinedLayout {
  return 'places' in layout && Array.isArray((layout as OutlinedLayout).places);
}
