// Where an ad could go in a page's main column: the breaks between its blocks of text, read from the element map of
// the page as the screenshot service rendered it (the box of every element under the tracker's selector). The main
// column is the parent holding the most paragraph height; a break is the bottom of each text block in it.

/** [x, y, width, height] in document pixels. */
export type Box = readonly [number, number, number, number];

export interface ContentLayout {
  /** Left edge and width of the main column. */
  column: { x: number; width: number };
  /** First text block's top and the last one's bottom: the main content's vertical extent (ad density). */
  top: number;
  bottom: number;
  /** Document y of every break between (and after) the column's text blocks, top to bottom. */
  breaks: number[];
}

const PARAGRAPH = /^p(:nth-of-type\(\d+\))?$/;
/** Text blocks a reader moves between: an ad fits after any of them. */
const BLOCK = /^(p|h[2-4]|blockquote|figure|ul|ol)(:nth-of-type\(\d+\))?$/;
/** Fewer paragraphs than this is not an article body (a footer line, a caption). */
const MIN_PARAGRAPHS = 3;

function split(selector: string): { parent: string; step: string } {
  const cut = selector.lastIndexOf('>');
  return cut < 0 ? { parent: '', step: selector } : { parent: selector.slice(0, cut), step: selector.slice(cut + 1) };
}

export function contentLayout(elements: Readonly<Record<string, Box>>): ContentLayout | undefined {
  const paragraphHeight = new Map<string, { count: number; height: number }>();
  for (const [selector, box] of Object.entries(elements)) {
    const { parent, step } = split(selector);
    if (!parent || !PARAGRAPH.test(step)) continue;
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
    .filter(([selector]) => {
      const { parent, step } = split(selector);
      return parent === main && BLOCK.test(step);
    })
    .map(([, box]) => box)
    .filter((box) => box[2] > 0 && box[3] > 0)
    .sort((a, b) => a[1] - b[1]);
  const left = Math.min(...blocks.map((box) => box[0]));
  const right = Math.max(...blocks.map((box) => box[0] + box[2]));
  const breaks = [...new Set(blocks.map((box) => box[1] + box[3]))].sort((a, b) => a - b);
  return {
    column: { x: left, width: right - left },
    top: blocks[0]![1],
    bottom: Math.max(...blocks.map((box) => box[1] + box[3])),
    breaks,
  };
}
