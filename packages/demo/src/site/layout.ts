// The demo pages' geometry at a given viewport width, computed from the page plan and METRICS the way the stylesheet
// lays them out (fixed heights everywhere except text, whose line breaks are estimated).
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

export interface PageLayout {
  path: string;
  device: Device;
  viewportWidth: number;
  docHeight: number;
  slots: PlacedSlot[];
  links: PlacedElement[];
  /** Text and images: where readers rest their eyes and sometimes click without a target. */
  content: PlacedElement[];
  mainColumn: { x: number; w: number };
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
  constructor(
    readonly m: DeviceMetrics,
    readonly device: Device,
  ) {}

  /** Places one block at the column's cursor and advances it. */
  place(block: Block, col: Column): void {
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
  for (const block of plan.top) if (shownOn(block, device)) builder.place(block, full);

  const mainWidth = m.mainWidth(containerWidth);
  const main: Column = { x: left, w: mainWidth, y: full.y };
  for (const block of plan.main) if (shownOn(block, device)) builder.place(block, main);
  let columnsEnd = main.y;
  if (m.sideWidth > 0) {
    const side: Column = { x: left + mainWidth + m.columnGap, w: m.sideWidth, y: full.y };
    for (const block of plan.side) if (shownOn(block, device)) builder.place(block, side);
    columnsEnd = Math.max(columnsEnd, side.y);
  }

  full.y = columnsEnd;
  for (const block of plan.bottom) if (shownOn(block, device)) builder.place(block, full);

  const layout: PageLayout = {
    path: plan.path,
    device,
    viewportWidth,
    docHeight: full.y + m.footer,
    slots: builder.slots,
    links: builder.links,
    content: builder.content,
    mainColumn: { x: left, w: mainWidth },
  };
  widths.set(viewportWidth, layout);
  return layout;
}

/** The page's boxes as a rendering's element map has them (selector → [x, y, width, height]), with its height: what the
 * engine reads a page from where the demo's own layout stands in for a rendering (the replay test, and the seed's
 * advice on pages as they were before a change, which the site no longer serves). */
export function elementMap(layout: PageLayout): { documentHeight: number; elements: Record<string, [number, number, number, number]> } {
  const elements: Record<string, [number, number, number, number]> = {};
  for (const element of [...layout.content, ...layout.links, ...layout.slots]) elements[element.selector] = [element.rect.x, element.rect.y, element.rect.w, element.rect.h];
  return { documentHeight: layout.docHeight, elements };
}
