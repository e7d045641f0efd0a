// Runs inside the captured page (bundled by page-script.ts): scrolls through it so lazy content loads, and measures
// it — the document height, the box of every element under the tracker's own selector, and its content's outline.
import { OUTLINE_TEXT_CHARS, type ContentOutline, type OutlineBlockKind, type OutlineBox, type OutlineColumn } from '@foldline/contracts/content-outline';
import { adSlots, selector, slotKey } from '@foldline/tracker/selector';

/** [x, y, width, height] in document pixels. */
export type Box = [number, number, number, number];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

export function documentHeight(): number {
  return Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0);
}

/** Width of the layout viewport: wider than the screen on a phone when the page sets no mobile viewport. */
export function layoutWidth(): number {
  return document.documentElement.clientWidth;
}

/** One viewport at a time down to the end (or maxHeight), then back to the top; within budgetMs whatever happens. */
export async function scrollThrough(maxHeight: number, pauseMs: number, budgetMs: number): Promise<void> {
  const deadline = Date.now() + budgetMs;
  const step = Math.max(200, window.innerHeight);
  // The height is read at every step: content that loads while scrolling makes the page longer.
  for (let y = step; y < Math.min(documentHeight(), maxHeight) && Date.now() < deadline; y += step) {
    window.scrollTo(0, y);
    await frame();
    await pause(pauseMs);
  }
  window.scrollTo(0, 0);
  await frame();
}

/** A bound on the map (document order, so the top of the page is kept): a few MB of sidecar at most. */
const MAX_ELEMENTS = 25_000;

/**
 * Every rendered element's box under its selector, in document order: when the tracker's selector names several
 * elements (it stops after six steps), the first one wins, as querySelector would pick it. Elements without a box
 * (display: none, head contents) cannot be clicked and are left out.
 */
export function elementMap(): Record<string, Box> {
  const boxes: Record<string, Box> = {};
  const dx = window.scrollX;
  const dy = window.scrollY;
  /** The element's box in document pixels, or undefined when it has none. */
  const boxOf = (el: Element): Box | undefined => {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return undefined;
    return [Math.round(rect.left + dx), Math.round(rect.top + dy), Math.round(rect.width), Math.round(rect.height)];
  };
  let count = 0;
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const box = boxOf(el);
    if (!box) continue;
    const key = selector(el);
    if (key in boxes) continue;
    if (++count > MAX_ELEMENTS) break;
    boxes[key] = box;
  }
  // Ad slots also under `slot:` and the key the tracker names them by, as the recommendations look units up (their
  // stored selector can differ from the rendering's when the page differs between visits).
  for (const el of adSlots(document)) {
    const key = `slot:${slotKey(el)}`;
    const box = boxOf(el);
    if (box && !(key in boxes)) boxes[key] = box;
  }
  return boxes;
}

/** Labels kept per rendering at most, and their length: a click list's names, not the page's text. */
const MAX_LABELS = 5_000;
const MAX_LABEL_CHARS = 80;
/** What a reader clicks on purpose and can name: links, buttons, form controls, images, headings. */
const LABELLED = 'a, button, [role="button"], input, select, textarea, label, summary, img, h1, h2, h3, h4, h5, h6';

/**
 * The tag and a readable name of each nameable element under its selector (issue 26's element list: "the 'Subscribe' button", not
 * 'div>a:nth-of-type(3)'): its aria-label, alt or title, else its own text, else an input's value or placeholder.
 * First element of a selector wins, as in elementMap.
 */
export function elementLabels(): Record<string, readonly [string, string]> {
  const labels: Record<string, readonly [string, string]> = {};
  let count = 0;
  for (const el of Array.from(document.querySelectorAll(LABELLED))) {
    const key = selector(el);
    if (key in labels) continue;
    const input = el as HTMLInputElement;
    const text = (
      el.getAttribute('aria-label') ||
      el.getAttribute('alt') ||
      el.getAttribute('title') ||
      (el as HTMLElement).innerText ||
      (el.tagName === 'INPUT' ? input.value || input.placeholder : '') ||
      ''
    )
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) continue;
    if (++count > MAX_LABELS) break;
    labels[key] = [el.tagName.toLowerCase(), text.length > MAX_LABEL_CHARS ? `${text.slice(0, MAX_LABEL_CHARS - 1)}…` : text];
  }
  return labels;
}

/** Fewer paragraphs than this under one parent is not an article body (a caption, a footer line). */
const MIN_ARTICLE_PARAGRAPHS = 3;
/** A paragraph shorter than this is a label or a byline, not body text. */
const MIN_PARAGRAPH_CHARS = 40;
/** Never an article body: paragraphs inside these belong to a list, a table, a quote or the page's furniture. */
const NOT_BODY = 'li, td, th, blockquote, figure, aside, nav, footer, header';
const HEADING_TAGS = /^h[1-6]$/;
const ENCLOSURE_TAGS = /^(ul|ol|dl|table|figure|blockquote|pre)$/;

const visibleChildren = (el: Element) =>
  Array.from(el.children).filter((child) => {
    const rect = child.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  });

/**
 * The page's content as a reader sees it (contracts/content-outline.ts), from its structure alone. The main column is
 * the element whose own paragraphs hold the most text height (an article body, whatever ids or classes its CMS gives
 * them); without one, the page's main landmark (main, [role=main], else body) followed down through single wrappers
 * and side-by-side columns to its widest column of blocks (a home or section page). Side columns are the elements
 * beside the main column at the nearest level of its ancestors that has any.
 */
export function contentOutline(): ContentOutline | null {
  const dx = window.scrollX;
  const dy = window.scrollY;
  const boxOf = (el: Element): OutlineBox => {
    const rect = el.getBoundingClientRect();
    return [Math.round(rect.left + dx), Math.round(rect.top + dy), Math.round(rect.width), Math.round(rect.height)];
  };
  const textOf = (el: Element): string => {
    const heading = HEADING_TAGS.test(el.localName) ? el : el.querySelector('h1, h2, h3, h4, h5, h6');
    const text = ((heading ?? el).textContent ?? '').replace(/\s+/g, ' ').trim();
    return text.length > OUTLINE_TEXT_CHARS ? `${text.slice(0, OUTLINE_TEXT_CHARS - 1).trimEnd()}…` : text;
  };
  const slots = adSlots(document);
  const kindOf = (el: Element): OutlineBlockKind => {
    if (slots.some((slot) => el === slot || el.contains(slot))) return 'ad';
    if (el.localName === 'p') return 'paragraph';
    if (HEADING_TAGS.test(el.localName)) return 'heading';
    if (ENCLOSURE_TAGS.test(el.localName)) return 'enclosure';
    return 'block';
  };
  const column = (el: Element): OutlineColumn => ({
    selector: selector(el),
    box: boxOf(el),
    blocks: visibleChildren(el).map((child) => ({ tag: child.localName, kind: kindOf(child), box: boxOf(child), text: textOf(child), selector: selector(child) })),
  });

  const article = articleBody();
  const main = article ?? mainColumn();
  if (!main) return null;
  const outline: ContentOutline = { kind: article ? 'article' : 'blocks', main: column(main), sides: sideColumns(main).map(column) };
  return outline.main.blocks.length > 0 ? outline : null;
}

/** The parent of the most paragraph height, counting its own text paragraphs only. */
function articleBody(): Element | null {
  const height = new Map<Element, { count: number; height: number }>();
  for (const p of Array.from(document.querySelectorAll('p'))) {
    const parent = p.parentElement;
    if (!parent || p.closest(NOT_BODY) || (p.textContent ?? '').trim().length < MIN_PARAGRAPH_CHARS) continue;
    const rect = p.getBoundingClientRect();
    if (rect.height === 0) continue;
    const group = height.get(parent) ?? { count: 0, height: 0 };
    group.count += 1;
    group.height += rect.height;
    height.set(parent, group);
  }
  let best: Element | null = null;
  let most = 0;
  for (const [parent, group] of height) {
    if (group.count >= MIN_ARTICLE_PARAGRAPHS && group.height > most) {
      most = group.height;
      best = parent;
    }
  }
  return best;
}

/** Down from the main landmark: through a wrapper whose one child fills it, and into the widest of columns side by side. */
function mainColumn(): Element | null {
  let el: Element | null = document.querySelector('main, [role="main"]') ?? document.body;
  for (let depth = 0; el && depth < 12; depth++) {
    const children: Element[] = visibleChildren(el);
    const height: number = el.getBoundingClientRect().height;
    const filling: Element[] = children.filter((child) => child.getBoundingClientRect().height >= 0.9 * height);
    if (children.length === 1 || (filling.length === 1 && children.length <= 2)) {
      el = filling[0] ?? children[0]!;
      continue;
    }
    const columns = sideBySide(children);
    if (columns.length < 2) return el;
    el = columns.reduce((a, b) => (b.getBoundingClientRect().width > a.getBoundingClientRect().width ? b : a));
  }
  return el;
}

/** Of these elements, those that stand beside another (they overlap vertically, not horizontally). */
function sideBySide(elements: Element[]): Element[] {
  const rects = elements.map((el) => el.getBoundingClientRect());
  return elements.filter((_, i) => rects.some((other, j) => j !== i && overlapsBeside(rects[i]!, other)));
}

/** Side by side: a good part of the shorter one's height shared, no width shared. */
function overlapsBeside(a: DOMRect, b: DOMRect): boolean {
  const vertical = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  const horizontal = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  return vertical > 0.3 * Math.min(a.height, b.height) && horizontal <= 1;
}

/** Columns beside the main one: at the nearest ancestor level that has any, its siblings standing beside it. */
function sideColumns(main: Element): Element[] {
  for (let el: Element | null = main; el && el !== document.body; el = el.parentElement) {
    const rect = el.getBoundingClientRect();
    const beside = Array.from(el.parentElement?.children ?? []).filter((sibling) => {
      if (sibling === el) return false;
      const other = sibling.getBoundingClientRect();
      return other.width >= 120 && other.height > 0 && overlapsBeside(rect, other);
    });
    if (beside.length > 0) return beside.sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left);
  }
  return [];
}
