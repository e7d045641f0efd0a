// The content of a rendered page as a publisher thinks of it: the main column's blocks in reading order (the
// paragraphs of an article, or the story blocks of a home or section page) and the side columns beside it, each block
// with its box, the first words of its text and a CSS selector that finds it again. The screenshot service reads it
// from the page's structure (tags, text, layout: not ids or classes, which every CMS names differently); the advice
// places ads between these blocks and names every place by them ("after paragraph 4 of the article").

/** [x, y, width, height] in document pixels at the device's reference width. */
export type OutlineBox = [number, number, number, number];

/** What a block is to a reader: text, a heading, something an ad never goes inside (a list, table, figure, quote),
 * an ad slot, or another block (a story card, a section of links). */
export type OutlineBlockKind = 'paragraph' | 'heading' | 'enclosure' | 'ad' | 'block';

export interface OutlineBlock {
  /** The element's tag ('p', 'h2', 'figure', 'section', …). */
  tag: string;
  kind: OutlineBlockKind;
  box: OutlineBox;
  /** Its heading's text, else the first words of its text (at most OUTLINE_TEXT_CHARS). */
  text: string;
  /** The tracker's selector of the element. */
  selector: string;
}

export interface OutlineColumn {
  selector: string;
  box: OutlineBox;
  blocks: OutlineBlock[];
}

export interface ContentOutline {
  /** 'article': the main column is an article body (paragraphs); 'blocks': a page of content blocks (home, section). */
  kind: 'article' | 'blocks';
  main: OutlineColumn;
  /** Columns beside the main one (a desktop sidebar), left to right. */
  sides: OutlineColumn[];
}

/** The longest text kept per block: enough to recognise it in a CMS. */
export const OUTLINE_TEXT_CHARS = 60;
