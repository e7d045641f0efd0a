// The demo pages' geometry at a given viewport width, computed from the page plan and METRICS the way the stylesheet
// lays them out (fixed heights everywhere except text, whose line breaks are estimated), and what a rendering of it
// would read: the element map and the content outline the screenshot service takes from the page's structure.
import { OUTLINE_TEXT_CHARS, type ContentOutline, type OutlineBlock, type OutlineBlockKind, type OutlineColumn } from '@foldline/contracts/content-outline';
import { articlePath, CATEGORIES } from './content.ts';
import { BLOCK, deviceOf, METRICS, type Device, type DeviceMetrics, type TextStyle } from './metrics.ts';
import { shownOn, type Block, type PagePlan, type SlotSpec } from './page-plan.ts';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PlacedSlot {
  spec: SlotSpec;
  rect: Rect;
  /** CSS selector of the slot container, as a tracker would report it. */
  selector: string;
}

export interface PlacedElement {
  /** Selector of the element (its id). */
  selector: string;
  rect: Rect;
  /** Where a click on it leads (links only). */
  href?: string;
}

/** The parts of a plan, as render.ts puts them in the page: above the columns, the main column, the side column, below. */
export type Section = 'top' | 'main' | 'side' | 'bottom';

/** One block of the plan as laid out: its element's box (margins outside it, as the browser measures it). */
export interface LaidBlock {
  block: Block;
  section: Section;
  rect: Rect;
}

export interface PageLayout {
  plan: PagePlan;
  path: string;
  device: Device;
  viewportWidth: number;
  docHeight: number;
  slots: PlacedSlot[];
  links: PlacedElement[];
  /** Text and images: where readers rest their eyes and sometimes click without a target. */
  content: PlacedElement[];
  mainColumn: { x: number; w: number };
  /** Every block shown at this width, in reading order per section (the side column's on desktop only). */
  blocks: LaidBlock[];
}

/** Number of lines a text needs in a box of the given width (greedy word wrap on an average character width). */
export function estimateLines(text: string, width: number, style: TextStyle): number {
  const charWidth = style.fontSize * style.charEm;
  const perLine = Math.max(1, Math.floor(width / charWidth));
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/)) {
    const length = word.length;
    if (used === 0) used = length;
    else if (used + 1 + length <= perLine) used += 1 + length;
    else {
      lines += 1;
      used = length;
    }
  }
  return lines;
}

/** Id of the i-th (0-based) item of a briefs block. */
export const briefId = (i: number) => `brief-${i + 1}`;

/** The n-th (1-based) paragraph of the article body as the tracker's selector names it (packages/tracker/src/selector.ts:
 * the first of its type goes without nth-of-type). */
export const paragraphSelector = (n: number) => (n === 1 ? '#article-body>p' : `#article-body>p:nth-of-type(${n})`);

export function slotSelector(spec: SlotSpec): string {
  return spec.network === 'gpt' ? `#${spec.id}` : `ins.adsbygoogle[data-ad-slot="${spec.id}"]`;
}

export const heroHeight = (width: number) => Math.round((width * 9) / 16);

interface Column {
  x: number;
  w: number;
  y: number;
}

class LayoutBuilder {
  readonly slots: PlacedSlot[] = [];
  readonly links: PlacedElement[] = [];
  readonly content: PlacedElement[] = [];
  readonly blocks: LaidBlock[] = [];
  constructor(
    readonly m: DeviceMetrics,
    readonly device: Device,
  ) {}

  /** Places one block at the column's cursor, advances it, and keeps the block's box (without its bottom margin: the
   * gap after a lead, a card grid or a paragraph is a margin, the padding under a list or the briefs is inside). */
  place(block: Block, col: Column, section: Section): void {
    const start = col.y;
    this.advance(block, col);
    const margin = block.kind === 'lead' || block.kind === 'cards' || block.kind === 'article-head' ? BLOCK.blockGap : block.kind === 'paragraph' ? BLOCK.paragraphGap : 0;
    this.blocks.push({ block, section, rect: { x: col.x, y: start, w: col.w, h: col.y - start - margin } });
  }

  private advance(block: Block, col: Column): void {
    const { m } = this;
    const start = col.y;
    switch (block.kind) {
      case 'ad': {
        const { w, h } = block.slot;
        const rect = { x: col.x + Math.round((col.w - w) / 2), y: start + BLOCK.adPadding + BLOCK.adLabel, w, h };
        this.slots.push({ spec: block.slot, rect, selector: slotSelector(block.slot) });
        col.y += h + BLOCK.adLabel + 2 * BLOCK.adPadding;
        return;
      }
      case 'page-title':
        col.y += BLOCK.pageTitle;
        return;
      case 'lead': {
        const image = heroHeight(col.w);
        const h = image + m.leadHeadline + m.leadTeaser;
        this.links.push({ selector: `#lead-${block.article.slug}`, rect: { x: col.x, y: start, w: col.w, h }, href: articlePath(block.article) });
        col.y += h + BLOCK.blockGap;
        return;
      }
      case 'cards': {
        const cardWidth = (col.w - (m.cardColumns - 1) * m.cardGap) / m.cardColumns;
        block.articles.forEach((article, i) => {
          const row = Math.floor(i / m.cardColumns);
          const column = i % m.cardColumns;
          const rect = { x: col.x + column * (cardWidth + m.cardGap), y: start + row * (m.cardHeight + m.cardGap), w: cardWidth, h: m.cardHeight };
          this.links.push({ selector: `#story-${article.slug}`, rect, href: articlePath(article) });
        });
        const rows = Math.ceil(block.articles.length / m.cardColumns);
        col.y += rows * m.cardHeight + Math.max(0, rows - 1) * m.cardGap + BLOCK.blockGap;
        return;
      }
      case 'briefs': {
        let y = start + BLOCK.sectionTitle;
        for (const [i, item] of block.items.entries()) {
          const h = BLOCK.briefTitle + estimateLines(item.text, col.w, m.brief) * m.brief.lineHeight;
          this.content.push({ selector: `#${briefId(i)}`, rect: { x: col.x, y, w: col.w, h } });
          y += h + BLOCK.briefGap;
        }
        col.y = y + BLOCK.blockGap;
        return;
      }
      case 'article-head': {
        const { article } = block;
        let y = start + BLOCK.kicker + estimateLines(article.title, col.w, m.headline) * m.headline.lineHeight;
        y += 12 + estimateLines(article.teaser, col.w, m.standfirst) * m.standfirst.lineHeight + BLOCK.byline;
        const image = heroHeight(col.w);
        this.content.push({ selector: '#article-hero', rect: { x: col.x, y, w: col.w, h: image } });
        col.y = y + image + BLOCK.caption + BLOCK.blockGap;
        return;
      }
      case 'paragraph': {
        const h = estimateLines(block.text, col.w, m.body) * m.body.lineHeight;
        this.content.push({ selector: paragraphSelector(block.index), rect: { x: col.x, y: start, w: col.w, h } });
        col.y += h + BLOCK.paragraphGap;
        return;
      }
      case 'subhead':
        col.y += BLOCK.subhead.padTop + estimateLines(block.text, col.w, { fontSize: BLOCK.subhead.fontSize, lineHeight: BLOCK.subhead.lineHeight, charEm: m.headline.charEm }) * BLOCK.subhead.lineHeight + BLOCK.subhead.padBottom;
        return;
      case 'related':
      case 'most-read': {
        const itemHeight = block.kind === 'related' ? BLOCK.relatedItem : BLOCK.listItem;
        block.articles.forEach((article, i) => {
          const rect = { x: col.x, y: start + BLOCK.sectionTitle + i * itemHeight, w: col.w, h: itemHeight };
          this.links.push({ selector: `#${block.kind}-${article.slug}`, rect, href: articlePath(article) });
        });
        col.y += BLOCK.sectionTitle + block.articles.length * itemHeight + BLOCK.blockGap;
        return;
      }
    }
  }
}

/** Per plan (a changed plan is another object, laid out on its own) and width. */
const cache = new WeakMap<PagePlan, Map<number, PageLayout>>();

/** The page's geometry at a viewport width; cached, since the simulator asks for the same few widths again and again. */
export function layoutPage(plan: PagePlan, viewportWidth: number): PageLayout {
  const widths = cache.get(plan) ?? new Map<number, PageLayout>();
  cache.set(plan, widths);
  const cached = widths.get(viewportWidth);
  if (cached) return cached;

  const device = deviceOf(viewportWidth);
  const m = METRICS[device];
  const containerWidth = m.container ?? viewportWidth - 2 * m.gutter;
  const left = Math.max(m.gutter, Math.round((viewportWidth - containerWidth) / 2));
  const builder = new LayoutBuilder(m, device);

  // The masthead logo and the navigation row.
  builder.links.push({ selector: '#masthead-logo', rect: { x: left, y: 12, w: 240, h: m.navTop - 24 }, href: '/' });
  const navItems = [{ slug: '', name: 'Home' }, ...CATEGORIES];
  const navWidth = Math.min(120, containerWidth / navItems.length);
  navItems.forEach((item, i) => {
    builder.links.push({
      selector: `#nav-${item.slug || 'home'}`,
      rect: { x: left + i * navWidth, y: m.navTop, w: navWidth, h: m.navHeight },
      href: item.slug ? `/${item.slug}/` : '/',
    });
  });

  const full: Column = { x: left, w: containerWidth, y: m.header + BLOCK.blockGap };
  for (const block of plan.top) if (shownOn(block, device)) builder.place(block, full, 'top');

  const mainWidth = m.mainWidth(containerWidth);
  const main: Column = { x: left, w: mainWidth, y: full.y };
  for (const block of plan.main) if (shownOn(block, device)) builder.place(block, main, 'main');
  let columnsEnd = main.y;
  if (m.sideWidth > 0) {
    const side: Column = { x: left + mainWidth + m.columnGap, w: m.sideWidth, y: full.y };
    for (const block of plan.side) if (shownOn(block, device)) builder.place(block, side, 'side');
    columnsEnd = Math.max(columnsEnd, side.y);
  }

  full.y = columnsEnd;
  for (const block of plan.bottom) if (shownOn(block, device)) builder.place(block, full, 'bottom');

  const layout: PageLayout = {
    plan,
    path: plan.path,
    device,
    viewportWidth,
    docHeight: full.y + m.footer,
    slots: builder.slots,
    links: builder.links,
    content: builder.content,
    mainColumn: { x: left, w: mainWidth },
    blocks: builder.blocks,
  };
  widths.set(viewportWidth, layout);
  return layout;
}

/** The tag of the element render.ts makes of a block (an article head is a header and the hero figure after it). */
const TAG: Record<Block['kind'], string> = {
  ad: 'div',
  'page-title': 'h1',
  lead: 'a',
  cards: 'div',
  briefs: 'section',
  'article-head': 'header',
  paragraph: 'p',
  subhead: 'h2',
  related: 'section',
  'most-read': 'section',
};

/** Where render.ts puts each section's blocks, as the tracker's selector names the parent (packages/tracker/src/
 * selector.ts: an id ends the path; body's children are the header, then the top, columns and bottom containers). */
const PARENT: Record<Section, string> = { top: 'body>div', main: '#main', side: 'body>div:nth-of-type(2)>aside', bottom: 'body>div:nth-of-type(3)' };
/** An article's paragraphs and the ads between them sit in one element of their own (render.ts, renderMain). */
const ARTICLE_BODY = '#article-body';

/** Whether a block sits in an article's body rather than around it. */
const inArticleBody = (plan: PagePlan, section: Section, block: Block) =>
  plan.kind === 'article' && section === 'main' && block.kind !== 'article-head' && block.kind !== 'related';

/**
 * The tracker's selector of every block's element on a device, as render.ts writes the page: its own id where it has
 * one, else its tag's place among its parent's children of that tag. The page's script takes out the ad blocks hidden on
 * the device before anything reads the page (browser/page-ads.ts), so they do not count; every other block does.
 */
export function blockSelectors(plan: PagePlan, device: Device): Map<Block, string> {
  const out = new Map<Block, string>();
  for (const section of ['top', 'main', 'side', 'bottom'] as const) {
    const seen = new Map<string, number>();
    const nth = (parent: string, tag: string) => {
      const n = (seen.get(`${parent} ${tag}`) ?? 0) + 1;
      seen.set(`${parent} ${tag}`, n);
      return `${parent}>${n > 1 ? `${tag}:nth-of-type(${n})` : tag}`;
    };
    for (const block of plan[section]) {
      if (block.kind === 'ad' && !shownOn(block, device)) continue;
      const parent = inArticleBody(plan, section, block) ? ARTICLE_BODY : PARENT[section];
      const tag = TAG[block.kind];
      const path = nth(parent, tag);
      out.set(block, block.kind === 'lead' ? `#lead-${block.article.slug}` : path);
    }
  }
  return out;
}

/** The words a rendering's outline keeps of a block: its heading's text, else its own, cut at OUTLINE_TEXT_CHARS. */
function blockText(block: Block): string {
  const text = (() => {
    switch (block.kind) {
      case 'ad':
        return 'Advertisement';
      case 'page-title':
        return block.title;
      case 'lead':
      case 'article-head':
        return block.article.title;
      case 'cards':
        return block.articles[0]?.title ?? '';
      case 'briefs':
        return block.title;
      case 'paragraph':
      case 'subhead':
        return block.text;
      case 'related':
        return 'Read next';
      case 'most-read':
        return 'Most read';
    }
  })();
  return text.length > OUTLINE_TEXT_CHARS ? `${text.slice(0, OUTLINE_TEXT_CHARS - 1).trimEnd()}…` : text;
}

const blockKind = (block: Block): OutlineBlockKind =>
  block.kind === 'ad' ? 'ad' : block.kind === 'paragraph' ? 'paragraph' : block.kind === 'subhead' || block.kind === 'page-title' ? 'heading' : 'block';

const boxOf = (rect: Rect): [number, number, number, number] => [Math.round(rect.x), Math.round(rect.y), Math.round(rect.w), Math.round(rect.h)];

/**
 * The page's content outline as the screenshot service reads it from the rendered page (packages/screenshots/src/
 * browser/layout.ts, contentOutline): an article's body paragraph by paragraph, with its ads and subheadings; a home or
 * section page's main column block by block; the side column beside either on desktop.
 */
export function contentOutline(layout: PageLayout): ContentOutline | null {
  const { plan } = layout;
  const selectors = blockSelectors(plan, layout.device);
  const article = plan.kind === 'article';
  const columnOf = (selector: string, laid: LaidBlock[]): OutlineColumn => {
    const blocks: OutlineBlock[] = laid.map(({ block, rect }) => ({ tag: TAG[block.kind], kind: blockKind(block), box: boxOf(rect), text: blockText(block), selector: selectors.get(block)! }));
    const top = Math.min(...laid.map(({ rect }) => rect.y));
    const bottom = Math.max(...laid.map(({ rect }) => rect.y + rect.h));
    return { selector, box: boxOf({ x: laid[0]?.rect.x ?? 0, y: top, w: laid[0]?.rect.w ?? 0, h: bottom - top }), blocks };
  };
  const main = layout.blocks.filter(({ block, section }) => section === 'main' && (!article || inArticleBody(plan, section, block)));
  if (main.length === 0) return null;
  const side = layout.blocks.filter(({ section }) => section === 'side');
  return {
    kind: article ? 'article' : 'blocks',
    main: columnOf(article ? ARTICLE_BODY : PARENT.main, main),
    sides: side.length > 0 ? [columnOf(PARENT.side, side)] : [],
  };
}

/** The page's boxes as a rendering's element map has them (selector → [x, y, width, height]), with its height and its
 * content outline: what the engine reads a page from where the demo's own layout stands in for a rendering (the replay
 * test, and the seed's advice on pages as they were before a change, which the site no longer serves). */
export function elementMap(layout: PageLayout): { documentHeight: number; elements: Record<string, [number, number, number, number]>; outline: ContentOutline | null } {
  const elements: Record<string, [number, number, number, number]> = {};
  for (const element of [...layout.content, ...layout.links, ...layout.slots]) elements[element.selector] = [element.rect.x, element.rect.y, element.rect.w, element.rect.h];
  return { documentHeight: layout.docHeight, elements, outline: contentOutline(layout) };
}
