// Simulated history of the demo site: sessions of a few pageviews each, day by day, as beacons with backdated
// arrival times, each page read on its layout of the day (the publisher changes some: site/layout-changes.ts). Each
// day draws from its own seeded stream, so any day can be regenerated alone (resuming a seed).
import { ARTICLES, articlePath, CATEGORIES } from '../site/content.ts';
import { planOnDay } from '../site/layout-changes.ts';
import { PAGE_PLANS, planByPath, type PagePlan } from '../site/page-plan.ts';
import { drawVisitor, SOURCES, type Landing, type Visitor } from './audience.ts';
import { simulatePageview, type SimulatedBeacon } from './pageview.ts';
import { createRng, type Rng } from './prng.ts';
import { DAY_MS, pageviewsOnDay, timeOfDay } from './traffic.ts';

export interface HistoryOptions {
  /** The demo website's tracking code. */
  site: string;
  /** Origin the pages are served from, e.g. http://news.localhost:3000. */
  origin: string;
  seed: number | string;
  /** The history ends here (ms since epoch); day boundaries are UTC midnights. */
  end: number;
  days: number;
  /** Multiplies the traffic curve (tests and benchmarks). */
  scale?: number;
}

/** Chance that a reader opens another page after this one. Home and section pages are hubs, articles are ends. */
const CONTINUE: Record<PagePlan['kind'], number> = { home: 0.45, category: 0.5, article: 0.33 };
const MAX_PAGES_PER_SESSION = 8;
/** Some readers come back later the same day with the same device and address. */
const RETURNING_SAME_DAY = 0.12;

const articlePlans = ARTICLES.map((article) => ({ plan: planByPath(articlePath(article)) as PagePlan, weight: article.popularity }));
const homePlan = PAGE_PLANS[0] as PagePlan;
const categoryPlans = CATEGORIES.map((category) => planByPath(`/${category.slug}/`) as PagePlan);

function landingPlan(rng: Rng, landing: Landing): PagePlan {
  if (landing === 'home') return homePlan;
  if (landing === 'category') return rng.weighted(categoryPlans, (plan) => (plan.path === '/local/' ? 3 : 1));
  return rng.weighted(articlePlans, (a) => a.weight).plan;
}

/** Where a reader goes next: the links each page offers, weighted by what readers want. */
function nextPlan(rng: Rng, from: PagePlan): PagePlan {
  const r = rng.next();
  if (from.kind === 'home') return r < 0.85 ? landingPlan(rng, 'article') : landingPlan(rng, 'category');
  if (from.kind === 'category') {
    if (r < 0.1) return homePlan;
    return rng.weighted(articlePlans, (a) => (a.plan.path.startsWith(from.path) ? a.weight * 3 : a.weight)).plan;
  }
  if (r < 0.2) return homePlan;
  if (r < 0.33) return landingPlan(rng, 'category');
  const others = articlePlans.filter((a) => a.plan !== from);
  return rng.weighted(others, (a) => a.weight).plan;
}

export interface SessionInput {
  rng: Rng;
  site: string;
  origin: string;
  visitor: Visitor;
  start: number;
  /** Nothing may arrive at or after this time (the day's end): the session stops short instead. */
  deadline: number;
  /** The day the session is on, in days before the history's end: the pages are read as they were laid out that day
   * (layout-changes.ts). Undefined: as they are now (the live readers). */
  daysBeforeEnd?: number;
  /** Page choice, when the caller brings its own pages (the bulk generator). */
  pickLanding?: (rng: Rng, landing: Landing) => PagePlan;
  pickNext?: (rng: Rng, from: PagePlan) => PagePlan;
}

export function simulateSession(input: SessionInput): SimulatedBeacon[] {
  const { rng } = input;
  const source = rng.weighted(SOURCES, (s) => s.share);
  const landing = rng.weighted(Object.entries(source.landing) as Array<[Landing, number]>, ([, w]) => w)[0];
  const sid = rng.uuid();
  const beacons: SimulatedBeacon[] = [];
  let plan = (input.pickLanding ?? landingPlan)(rng, landing);
  let url = `${input.origin}${plan.path}${source.query ? `?${source.query}` : ''}`;
  let referrer = source.referrer;
  let start = input.start;
  for (let n = 1; n <= MAX_PAGES_PER_SESSION; n++) {
    const goOn = n < MAX_PAGES_PER_SESSION && rng.chance(CONTINUE[plan.kind]);
    const next = goOn ? (input.pickNext ?? nextPlan)(rng, plan) : undefined;
    // The reader comes for the page's content and reads it on the page's layout of the day.
    const shown = planOnDay(plan, input.daysBeforeEnd);
    const result = simulatePageview({ rng, plan, visitor: input.visitor, start, site: input.site, url, referrer, sid, next: next?.path, ...(shown === plan ? {} : { changedPlan: shown }) });
    if (result.beacons.some((beacon) => beacon.receivedAt >= input.deadline)) break;
    beacons.push(...result.beacons);
    if (!next) break;
    referrer = url;
    url = `${input.origin}${next.path}`;
    plan = next;
    // The next page takes a moment to load.
    start = result.end + Math.round(rng.range(300, 2500));
  }
  return beacons;
}

export interface DayRange {
  start: number;
  end: number;
}

/** The UTC days of the history, oldest first; the last one ends at `end` (today, partly). */
export function historyDays(end: number, days: number): DayRange[] {
  const today = Math.floor(end / DAY_MS) * DAY_MS;
  const ranges: DayRange[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const start = today - i * DAY_MS;
    ranges.push({ start, end: Math.min(start + DAY_MS, end) });
  }
  return ranges;
}

/** How many days before the history's end a day of it is: 0 for the last, partial one. */
export const daysBeforeEnd = (end: number, day: { start: number }) => Math.floor((end - day.start) / DAY_MS);

/** One day of traffic, in arrival order. Deterministic for (seed, day start). */
export function simulateDay(options: HistoryOptions, day: DayRange): SimulatedBeacon[] {
  const rng = createRng(`${options.seed}:${day.start}`);
  const before = daysBeforeEnd(options.end, day);
  const target = pageviewsOnDay(rng, day.start, before) * (options.scale ?? 1) * ((day.end - day.start) / DAY_MS);
  const beacons: SimulatedBeacon[] = [];
  const visitors: Visitor[] = [];
  let pageviews = 0;
  // Sessions are drawn until the day's pageview budget is spent; a partial day (today) gets its share.
  while (pageviews < target) {
    const sessionRng = rng.fork();
    const returning = visitors.length > 0 && sessionRng.chance(RETURNING_SAME_DAY);
    const visitor = returning ? sessionRng.pick(visitors) : drawVisitor(sessionRng);
    if (!returning) visitors.push(visitor);
    const start = day.start + timeOfDay(sessionRng);
    const session = start < day.end ? simulateSession({ rng: sessionRng, site: options.site, origin: options.origin, visitor, start, deadline: day.end, daysBeforeEnd: before }) : [];
    const views = new Set(session.map((beacon) => beacon.payload.pv)).size;
    // A session cut off by the day's end still uses its budget, or the loop could spin on a partial day.
    pageviews += Math.max(1, views);
    beacons.push(...session);
  }
  beacons.sort((a, b) => a.receivedAt - b.receivedAt);
  return beacons;
}

/** The whole history, a day at a time. */
export function* simulateHistory(options: HistoryOptions): Generator<{ day: DayRange; index: number; beacons: SimulatedBeacon[] }> {
  const days = historyDays(options.end, options.days);
  for (let index = 0; index < days.length; index++) {
    const day = days[index] as DayRange;
    yield { day, index, beacons: simulateDay(options, day) };
  }
}
