// The engagement map per content block (issue 26), in words and colours: what a hovered or focused block says ("Readers
// spent on average 12 % of their time with this paragraph"), the shade of its box, and, of two compared maps, each
// block's difference. The figures are the server's (meta.blocks, heatmaps/block-shares.ts); this only says and shows
// them. Pure: the screen, the exported PNG and the tests use the same.
import type { EngagementBlock } from '@foldline/contracts';
import { signedPoints, type DifferenceWords } from './heatmap-difference-text.ts';
import { formatShare } from './heatmap-legend-text.ts';

/** What a reader would call the block, by its kind and tag (content-outline.ts). */
export function blockNoun(block: Pick<EngagementBlock, 'kind' | 'tag'>): string {
  switch (block.kind) {
    case 'paragraph':
      return 'paragraph';
    case 'heading':
      return 'heading';
    case 'ad':
      return 'ad slot';
    case 'enclosure':
      return ENCLOSURES[block.tag] ?? 'block';
    default:
      // 'header': an article's headline, standfirst and lead image, one block (block-shares.ts).
      return block.tag === 'header' ? 'headline and lead' : block.tag === 'img' || block.tag === 'picture' ? 'image' : 'block';
  }
}

const ENCLOSURES: Readonly<Record<string, string>> = { figure: 'image', table: 'table', ul: 'list', ol: 'list', dl: 'list', blockquote: 'quote', pre: 'code block' };

/** The block's first words in quotes, to recognise it by; nothing when it has none (an image). */
const quoted = (text: string) => (text ? ` (“${text}”)` : '');

/** 'Readers spent on average 12 % of their time with this paragraph (“The ferry runs…”)': the legend's words
 * ('readers spent on average 60 % of their time here'), of one block. */
export function blockShareText(block: Pick<EngagementBlock, 'kind' | 'tag' | 'text' | 'share'>): string {
  return `Readers spent on average ${formatShare(block.share)} of their time with this ${blockNoun(block)}${quoted(block.text)}`;
}

/** A block of two compared maps: its share on each side (0 where a side's outline lacks it) and the first minus the
 * second. */
export interface BlockDifference extends Pick<EngagementBlock, 'kind' | 'tag' | 'text' | 'box'> {
  first: number;
  second: number;
  difference: number;
}

/** The blocks of two compared maps, matched by selector and place in reading order (both are drawn over one rendering,
 * so their outlines are the same; a block only one side has counts 0 on the other). Undefined unless both sides are
 * drawn per block. */
export function blockDifferences(first: readonly EngagementBlock[] | undefined, second: readonly EngagementBlock[] | undefined): BlockDifference[] | undefined {
  if (!first || !second) return undefined;
  const key = (block: EngagementBlock, index: number, all: readonly EngagementBlock[]) => `${block.selector}#${all.slice(0, index).filter((b) => b.selector === block.selector).length}`;
  const others = new Map(second.map((block, index) => [key(block, index, second), block]));
  const out: BlockDifference[] = first.map((block, index) => {
    const k = key(block, index, first);
    const other = others.get(k);
    others.delete(k);
    return { kind: block.kind, tag: block.tag, text: block.text, box: block.box, first: block.share, second: other?.share ?? 0, difference: block.share - (other?.share ?? 0) };
  });
  for (const block of others.values()) out.push({ kind: block.kind, tag: block.tag, text: block.text, box: block.box, first: 0, second: block.share, difference: -block.share });
  return out;
}

/** The largest block difference each way (both ≥ 0). */
export function blockDifferenceEnds(blocks: readonly BlockDifference[]): { most: number; fewest: number } {
  return blocks.reduce((ends, b) => ({ most: Math.max(ends.most, b.difference), fewest: Math.max(ends.fewest, -b.difference) }), { most: 0, fewest: 0 });
}

/** 'Readers spent on average 12 % of their time with this paragraph (“…”) in Search, 8 % in Social (+4.0 pp)'. */
export function blockDifferenceText(block: BlockDifference, words: DifferenceWords): string {
  const first = words.first ? ` ${words.first}` : '';
  return `Readers spent on average ${formatShare(block.first)} of their time with this ${blockNoun(block)}${quoted(block.text)}${first}, ${formatShare(block.second)} ${words.second} (${signedPoints(block.difference)})`;
}

/** Opacity of a block's shade at the bottom and the top of the scale: light enough to read the page through. */
export const BLOCK_ALPHA = { low: 0.2, high: 0.55 } as const;

/** The shade of a block of share `share` on a map whose colours run to `scale`: the palette's colour (256 RGBA entries,
 * render-heatmap.ts buildPalette) at that share of the scale, opacity rising with it; null for a block with none. */
export function blockFill(share: number, scale: number, palette: Uint8ClampedArray): string | null {
  if (!(share > 0) || !(scale > 0)) return null;
  const t = Math.min(1, share / scale);
  const i = Math.round(t * 255) * 4;
  const alpha = BLOCK_ALPHA.low + (BLOCK_ALPHA.high - BLOCK_ALPHA.low) * t;
  return `rgba(${palette[i]}, ${palette[i + 1]}, ${palette[i + 2]}, ${Number(alpha.toFixed(3))})`;
}
