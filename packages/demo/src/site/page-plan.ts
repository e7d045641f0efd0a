// What each demo page is made of, top to bottom: the renderer turns a plan into HTML, the layout model into geometry.
import { ARTICLES, BRIEFS, CATEGORIES, articlePath, type Article, type Category } from './content.ts';
import type { Device } from './metrics.ts';

export const GPT_NETWORK = '/21700045/daily_gazette';
export const ADSENSE_CLIENT = 'ca-pub-4815162342000000';

export interface SlotSpec {
  network: 'gpt' | 'adsense';
  /** GPT: the div id (div-gpt-ad-…). AdSense: the data-ad-slot number. */
  id: string;
  /** GPT ad unit path; AdSense uses the slot number. */
  name: string;
  w: number;
  h: number;
  /** Share of requests the unit's demand fills, where it is not its network's usual (FILL_RATE in the simulator and the
   * ad stand-ins): the simulator draws each render's fill with it, the live page's stand-in reads it from the markup. */
  fill?: number;
  /** Seconds between refreshes: the slot renders again on a timer, in view or not, each render a new impression. */
  refreshSeconds?: number;
}

const gpt = (position: string, w: number, h: number): SlotSpec => ({
  network: 'gpt',
  id: `div-gpt-ad-${position}-${w}x${h}`,
  name: `${GPT_NETWORK}/${position.replace(/-/g, '_')}`,
  w,
  h,
});
const adsense = (slot: string, w: number, h: number): SlotSpec => ({ network: 'adsense', id: slot, name: slot, w, h });

export type Block = { devices?: Device[] } & (
  | { kind: 'ad'; slot: SlotSpec }
  | { kind: 'page-title'; title: string }
  | { kind: 'lead'; article: Article }
  | { kind: 'cards'; articles: Article[] }
  | { kind: 'briefs'; title: string; items: typeof BRIEFS }
  | { kind: 'article-head'; article: Article }
  | { kind: 'paragraph'; index: number; text: string }
  | { kind: 'subhead'; text: string }
  | { kind: 'related'; articles: Article[] }
  | { kind: 'most-read'; articles: Article[] }
);

export type PageKind = 'home' | 'category' | 'article';

export interface PagePlan {
  path: string;
  title: string;
  kind: PageKind;
  /** Full-width blocks above the two columns, the main column, the sidebar (desktop only), full-width blocks below. */
  top: Block[];
  main: Block[];
  side: Block[];
  bottom: Block[];
}

const SITE_NAME = 'Daily Gazette';
const byPopularity = [...ARTICLES].sort((a, b) => b.popularity - a.popularity);

function frame(position: string): { top: Block[]; side: Block[]; bottom: Block[] } {
  // Home and section pages have a 300x250 alone in their side column, where a 300x600 would stand and earn more: the
  // advice's format change on desktop. Articles keep a skyscraper below it.
  const sky: Block[] = position === 'article' ? [{ kind: 'ad', slot: gpt(`${position}-sky`, 160, 600) }] : [];
  // The articles' rail unit refreshes every 30 s whether in view or not, as many sites set their sidebar units: it sits
  // at the top of the page, readers read on past it, and most of its refreshes are never seen (the ad experience
  // figures' wasted refreshes).
  const rail = gpt(`${position}-rail`, 300, 250);
  return {
    top: [
      { kind: 'ad', slot: gpt(`${position}-top`, 970, 90), devices: ['desktop'] },
      { kind: 'ad', slot: gpt(`${position}-top`, 728, 90), devices: ['tablet'] },
      { kind: 'ad', slot: gpt(`${position}-top`, 320, 50), devices: ['mobile'] },
    ],
    side: [
      { kind: 'ad', slot: position === 'article' ? { ...rail, refreshSeconds: 30 } : rail },
      { kind: 'most-read', articles: byPopularity },
      ...sky,
    ],
    bottom: [
      { kind: 'ad', slot: gpt(`${position}-bottom`, 728, 90), devices: ['desktop', 'tablet'] },
      // On phones the sidebar's skyscraper gives way to a small banner.
      { kind: 'ad', slot: gpt(`${position}-anchor`, 320, 50), devices: ['mobile'] },
    ],
  };
}

function homePlan(): PagePlan {
  const [lead, ...rest] = ARTICLES;
  if (!lead) throw new Error('the demo needs at least one article');
  return {
    path: '/',
    title: `${SITE_NAME} — News from Alderport`,
    kind: 'home',
    ...frame('home'),
    main: [
      { kind: 'lead', article: lead },
      { kind: 'ad', slot: gpt('home-inline', 300, 250), devices: ['mobile'] },
      { kind: 'cards', articles: rest },
      { kind: 'ad', slot: adsense('7395012846', 336, 280) },
      { kind: 'briefs', title: 'In brief', items: BRIEFS },
    ],
  };
}

function categoryPlan(category: Category): PagePlan {
  const articles = ARTICLES.filter((article) => article.category === category.slug);
  return {
    path: `/${category.slug}/`,
    title: `${category.name} — ${SITE_NAME}`,
    kind: 'category',
    ...frame('section'),
    main: [
      { kind: 'page-title', title: category.name },
      { kind: 'cards', articles },
      // Thin demand: AdSense leaves a third of this unit's requests unfilled (data-ad-status="unfilled"), so the fill
      // rate figures have an often-empty unit to show.
      { kind: 'ad', slot: { ...adsense('5160248937', 336, 280), fill: 0.65 } },
      { kind: 'briefs', title: `More ${category.name.toLowerCase()} news`, items: BRIEFS.filter((brief) => brief.category === category.slug) },
      { kind: 'cards', articles: ARTICLES.filter((article) => article.category !== category.slug) },
    ],
  };
}

/** The longest stories carry their in-content AdSense unit after the last paragraph instead of the fourth. */
export const LONG_STORY_PARAGRAPHS = 20;

/** Weaknesses of some stories' ad layouts, as real sites have them, so that the advice has each kind of change to find
 * on desktop and on phones from the demo's own readers (issue 21 §4). `mobileInline`: the phone-only unit after the
 * 2nd paragraph is missing ('none'), after the story's end ('end': a move) or a 320x100 banner where a 300x250 fits
 * ('320x100': a format change); `inContent: 'none'`: no AdSense unit in the story (on a short story, a new placement
 * on desktop); `mid: 'none'`: no unit after the 9th paragraph. The most read story has no unit in its text on any
 * device (new placements, where most readers read), and neither has the short library story (where the density limit
 * leaves no room for one). */
export const STORY_VARIANTS: Readonly<Record<string, { mobileInline?: 'none' | 'end' | '320x100'; inContent?: 'none'; mid?: 'none' }>> = {
  'tram-extension-approved': { mobileInline: 'none', inContent: 'none', mid: 'none' },
  'harbour-freight-third-quarter': { mobileInline: 'end', inContent: 'none' },
  'rovers-hold-leaders': { mobileInline: '320x100', inContent: 'none' },
  'library-weekend-hours': { inContent: 'none', mobileInline: 'none' },
};

function articlePlan(article: Article): PagePlan {
  const main: Block[] = [{ kind: 'article-head', article }];
  const total = article.body.filter((text) => !text.startsWith('## ')).length;
  // A deliberately poor placement, as many sites have one: on a long story the in-content unit sits after the last
  // paragraph, which few readers reach. The recommendations engine should find it and say where it would be seen.
  const deep = total >= LONG_STORY_PARAGRAPHS;
  const inContent = adsense('4821596307', 336, 280);
  const variant = STORY_VARIANTS[article.slug] ?? {};
  const mobileInline: Block = {
    kind: 'ad',
    slot: variant.mobileInline === '320x100' ? gpt('article-inline', 320, 100) : gpt('article-inline', 300, 250),
    devices: ['mobile'],
  };
  let paragraphs = 0;
  for (const text of article.body) {
    if (text.startsWith('## ')) {
      main.push({ kind: 'subhead', text: text.slice(3) });
      continue;
    }
    paragraphs += 1;
    main.push({ kind: 'paragraph', index: paragraphs, text });
    // In-content ads after the 2nd (phones), 4th and 9th paragraphs: the deeper ones only exist on longer stories.
    if (paragraphs === 2 && !variant.mobileInline?.match(/^(none|end)$/)) main.push(mobileInline);
    if (paragraphs === 4 && !deep && variant.inContent !== 'none') main.push({ kind: 'ad', slot: inContent });
    if (paragraphs === 9 && variant.mid !== 'none') main.push({ kind: 'ad', slot: gpt('article-mid', 300, 250) });
  }
  if (deep) main.push({ kind: 'ad', slot: inContent });
  if (variant.mobileInline === 'end') main.push(mobileInline);
  main.push({ kind: 'related', articles: ARTICLES.filter((other) => other !== article).slice(0, 3) });
  return { path: articlePath(article), title: `${article.title} — ${SITE_NAME}`, kind: 'article', ...frame('article'), main };
}

/** Every page of the demo site as its history begins. The publisher changes two of them partway (layout-changes.ts:
 * the history reads each page as it was on its day, the site serves `planNow`). */
export const PAGE_PLANS: PagePlan[] = [
  homePlan(),
  ...CATEGORIES.map(categoryPlan),
  ...ARTICLES.map(articlePlan),
];

/** A page as the history begins (layout-changes.ts: `planNow` for the page as served now). */
export function planByPath(path: string): PagePlan | undefined {
  return PAGE_PLANS.find((plan) => plan.path === path);
}

export function shownOn(block: { devices?: Device[] }, device: Device): boolean {
  return !block.devices || block.devices.includes(device);
}
