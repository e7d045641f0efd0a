// The engagement map's content blocks in words and colours: what a pointed block says, in the legend's words; the
// shade of its box on the map's scale; two compared maps' blocks matched and subtracted.
import type { EngagementBlock } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import { buildPalette, DEFAULT_GRADIENT } from '../heatmap/render-heatmap.ts';
import { BLOCK_ALPHA, blockDifferenceEnds, blockDifferences, blockDifferenceText, blockFill, blockNoun, blockShareText } from './engagement-blocks.ts';

const block = (selector: string, share: number, over: Partial<EngagementBlock> = {}): EngagementBlock => ({
  kind: 'paragraph',
  tag: 'p',
  selector,
  box: [460, 100, 1000, 60],
  text: 'The harbour ferry runs every twenty minutes',
  share,
  ...over,
});

describe('engagement blocks', () => {
  it('says what a block held of readers’ time, naming it as a reader would', () => {
    expect(blockShareText(block('article>p', 0.12))).toBe('Readers spent on average 12 % of their time with this paragraph (“The harbour ferry runs every twenty minutes”)');
    expect(blockShareText(block('figure', 0.034, { kind: 'enclosure', tag: 'figure', text: '' }))).toBe('Readers spent on average 3.4 % of their time with this image');
    expect(blockShareText(block('h2', 0, { kind: 'heading', tag: 'h2', text: 'Timetable' }))).toBe('Readers spent on average 0 % of their time with this heading (“Timetable”)');
    expect([
      blockNoun({ kind: 'ad', tag: 'div' }),
      blockNoun({ kind: 'enclosure', tag: 'ul' }),
      blockNoun({ kind: 'enclosure', tag: 'blockquote' }),
      blockNoun({ kind: 'block', tag: 'section' }),
      blockNoun({ kind: 'block', tag: 'img' }),
      blockNoun({ kind: 'block', tag: 'header' }),
    ]).toEqual(['ad slot', 'list', 'quote', 'block', 'image', 'headline and lead']);
  });

  it('shades a block by its share on the map’s scale: the top red and strongest, none for a block without time', () => {
    const palette = buildPalette(DEFAULT_GRADIENT);
    expect(blockFill(0.6, 0.6, palette)).toBe(`rgba(255, 0, 0, ${BLOCK_ALPHA.high})`);
    expect(blockFill(0.3, 0.6, palette)).toMatch(/^rgba\(\d+, \d+, \d+, 0\.375\)$/);
    expect(blockFill(0, 0.6, palette)).toBeNull();
    expect(blockFill(0.2, 0, palette)).toBeNull();
  });

  it('matches two compared maps’ blocks by selector and order, and subtracts the second from the first', () => {
    const first = [block('article>p', 0.5), block('article>p', 0.3, { box: [460, 200, 1000, 60] }), block('aside', 0.1)];
    const second = [block('article>p', 0.2), block('article>p', 0.4, { box: [460, 200, 1000, 60] }), block('footer', 0.05)];
    const differences = blockDifferences(first, second)!;
    expect(differences.map((d) => [d.first, d.second, Number(d.difference.toFixed(9))])).toEqual([
      [0.5, 0.2, 0.3],
      [0.3, 0.4, -0.1],
      [0.1, 0, 0.1],
      [0, 0.05, -0.05],
    ]);
    expect(blockDifferenceEnds(differences)).toEqual({ most: 0.3, fewest: expect.closeTo(0.1, 9) });
    expect(blockDifferenceText(differences[0]!, { first: 'in Search', second: 'in Social' })).toBe(
      'Readers spent on average 50 % of their time with this paragraph (“The harbour ferry runs every twenty minutes”) in Search, 20 % in Social (+30.0 pp)',
    );
    // A side drawn without blocks (an older rendering): no block difference.
    expect(blockDifferences(first, undefined)).toBeUndefined();
  });
});
