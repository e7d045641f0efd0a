// One simulated pageview: where the reader's viewport stood and for how long, what they clicked and looked at, and
// what the ad slots saw — turned into the beacons the tracker would have sent.
import type { CollectEvent, CollectPayload } from '@foldline/contracts/collect';
import { layoutPage, type PageLayout, type PlacedElement, type PlacedSlot } from '../site/layout.ts';
import type { Device } from '../site/metrics.ts';
import type { PageKind, PagePlan } from '../site/page-plan.ts';
import type { Visitor } from './audience.ts';
import { auctionOf } from './prebid.ts';
import { createRng } from './prng.ts';
import type { Rng } from './prng.ts';
import { readingUnits, sameUnit, type ReadingUnit } from './reading.ts';

export interface SimulatedBeacon {
  payload: CollectPayload;
  /** Simulated server time of arrival (ms since epoch); event ages in the payload are relative to it. */
  receivedAt: number;
  ip: string;
  userAgent: string;
}

interface Behaviour {
  /** Share of pageviews that never scroll, and how long they stay (median, ms). */
  stay: number;
  stayDwell: number;
  /** Median scroll distance of the others (px) and its log-normal spread. */
  scrollMedian: number;
  scrollSigma: number;
  /** Share of stops that are a quick pass rather than a read: short whatever the stop brought in. */
  skim: number;
  /** Chance of clicking something that is not a link (text, an image). */
  deadClick: number;
}

// Calibrated so the aggregates match Chartbeat's scroll figures (half of article views reach 1,500 px, half of home
// page views 1,000 px) and, through them, Google's viewability figures (ads above the fold 68 % viewable, below it
// 40 %); see simulator.test.ts.
const BEHAVIOUR: Record<PageKind, Behaviour> = {
  article: { stay: 0.27, stayDwell: 1820, scrollMedian: 1100, scrollSigma: 1.0, skim: 0.15, deadClick: 0.1 },
  home: { stay: 0.4, stayDwell: 1950, scrollMedian: 220, scrollSigma: 1.05, skim: 0.2, deadClick: 0.05 },
  category: { stay: 0.3, stayDwell: 1950, scrollMedian: 400, scrollSigma: 1.0, skim: 0.2, deadClick: 0.04 },
};

/** Median reading time per character of text a stop newly brings into view (ms; a picture counts as a hundred
 * characters, reading.ts): a skimming pace, which with SETTLE_MS gives a story's readers about the time on the page
 * they had when they stopped every half screen whatever it showed (a median of 11 s on desktop, 15 s on phones). */
const MS_PER_CHAR = 6;

/** Phones show the same content in a taller, narrower page, so readers scroll further in pixels. */
const SCROLL_SCALE: Record<Device, number> = { desktop: 0.85, tablet: 1.05, mobile: 1.25 };

/** An estimated ad click per viewable impression: gives a CTR of about 0.1–0.2 % of impressions. */
const AD_CLICK_PER_VIEWABLE = 0.0025;
export const FILL_RATE = { gpt: 0.96, adsense: 0.95 } as const;
/** GPT lazy loading: a slot is requested when it comes within one viewport of the screen. AdSense loads at once. */
const LAZY_MARGIN_VIEWPORTS = 1;
/** The tracker flushes while the page is open and when it is hidden. */
const FLUSH_EVERY_MS = 15_000;
/** No input for 30 s pauses engaged time. */
const IDLE_MS = 30_000;
const MRC_MS = 1000;

/** Where the viewport stood (its top, document px) from `t` for `d` ms. */
interface Stop {
  t: number;
  y: number;
  d: number;
}

/** A stop in content terms: the viewport's top `offset` px from the top of the reading unit the stop was made for (the
 * page's top without one). The same stop on a changed page stands where that unit stands there. */
interface ContentStop {
  t: number;
  d: number;
  unit: ReadingUnit | undefined;
  offset: number;
}

export interface PageviewInput {
  rng: Rng;
  plan: PagePlan;
  visitor: Visitor;
  /** When the page was shown, ms since epoch. */
  start: number;
  site: string;
  url: string;
  referrer: string;
  sid: string;
  /** The path the reader clicks through to next, or undefined when the session ends on this page. */
  next: string | undefined;
  /** The page as changed (the recommendations' replay applies its advice to the plan): the reader comes to read
   * `plan`'s content and reads it on this one, laid out for real, stop by stop at the same blocks (see `placed`). */
  changedPlan?: PagePlan;
}

export interface PageviewResult {
  beacons: SimulatedBeacon[];
  /** When the reader left the page (ms since epoch). */
  end: number;
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

/** Where the reader picks up the text: each stop brings the next block to this far down the viewport (share of it). */
const READING_LINE = [0.25, 0.7] as const;
/** A stop moves the viewport at least this share of it; where the next block is already that high (a block taller than
 * what is left of the screen, or nothing left to read), the reader reads on by READ_ON of a screen. */
const MIN_STEP = 0.1;
const READ_ON = [0.3, 0.8] as const;
/** After a scroll the reader takes a moment to find their place and look over what came in (pictures, ads) before
 * reading its text (median, ms); a stop that brings in no text (an ad, the footer) still takes that moment. */
const SETTLE_MS = 1500;
const BACK_CHANCE = 0.05;

/**
 * How the reader reads the page (its layout as they came to it): a look at the top, then stops down the content, each
 * bringing the next block the reader has not seen whole to their reading line and dwelling in proportion to the text it
 * brought into view (or a quick skim), until the depth they were drawn to read to; now and then back to the stop before.
 * Every draw comes from the reader's own generator, in the same order whatever the page they will read it on.
 */
function trajectory(rng: Rng, kind: PageKind, device: Device, vh: number, layout: PageLayout): ContentStop[] {
  const b = BEHAVIOUR[kind];
  const units = readingUnits(layout);
  const maxScroll = Math.max(0, layout.docHeight - vh);
  const stops: Array<ContentStop & { median: number }> = [];
  let t = 0;
  /** The lowest document pixel in view so far: text above it has been seen. */
  let seen = 0;
  /** The median dwell on text coming into view down to `bottom`. */
  const reading = (bottom: number, settle = SETTLE_MS) => {
    let chars = 0;
    for (const unit of units) chars += (unit.chars * Math.max(0, Math.min(unit.bottom, bottom) - Math.max(unit.top, seen))) / Math.max(1, unit.bottom - unit.top);
    return settle + chars * MS_PER_CHAR;
  };
  const push = (y: number, unit: ReadingUnit | undefined, d: number, median: number) => {
    const stop = { t, d: Math.round(d), unit, offset: y - (unit?.top ?? 0), median };
    stops.push(stop);
    t += stop.d;
    seen = Math.max(seen, y + vh);
  };
  if (maxScroll <= 0 || rng.chance(b.stay)) {
    push(0, undefined, clamp(rng.logNormal(b.stayDwell, 1.25), 250, 600_000), b.stayDwell);
    return stops;
  }
  const target = Math.min(maxScroll, rng.logNormal(b.scrollMedian * SCROLL_SCALE[device], b.scrollSigma));
  // The first look, at the top as the page appears, is the time to read what it shows.
  const first = reading(vh, 0);
  push(0, undefined, clamp(rng.logNormal(first, 1.1), 200, 300_000), first);
  let y = 0;
  while (y < target - 1) {
    const line = vh * rng.range(...READING_LINE);
    const next = units.find((unit) => unit.bottom > y + vh);
    let unit = next;
    let to: number;
    if (next && next.top - line >= y + vh * MIN_STEP) to = next.top - line;
    else {
      to = y + vh * rng.range(...READ_ON);
      unit ??= units.at(-1);
    }
    y = Math.min(target, to);
    const median = reading(y + vh);
    push(y, unit, clamp(rng.chance(b.skim) ? rng.range(120, 800) : rng.logNormal(median, 0.9), 120, 300_000), median);
    const before = stops.at(-2)!;
    if (rng.chance(BACK_CHANCE)) {
      // Back to what the stop before showed, to read it again: shorter than the first time.
      y = (before.unit?.top ?? 0) + before.offset;
      push(y, before.unit, clamp(rng.logNormal(before.median * 0.6, 0.8), 120, 120_000), before.median);
    }
  }
  return stops;
}

/** The stops on a layout of the page: each where its unit stands there (the reader reads the same content, as the page
 * reflows), within the page's scroll range. */
function placed(stops: readonly ContentStop[], layout: PageLayout, vh: number, drawnOn: PageLayout): Stop[] {
  const units = layout === drawnOn ? undefined : readingUnits(layout);
  const maxScroll = Math.max(0, layout.docHeight - vh);
  return stops.map(({ t, d, unit, offset }) => {
    const top = unit ? ((units ? sameUnit(units, unit) : unit) ?? unit).top : 0;
    return { t, d, y: clamp(Math.round(top + offset), 0, maxScroll) };
  });
}

const inView = (slot: PlacedSlot, y: number, vh: number) =>
  Math.max(0, Math.min(slot.rect.y + slot.rect.h, y + vh) - Math.max(slot.rect.y, y)) / slot.rect.h;

interface TimedEvent {
  /** ms since the page was shown. */
  at: number;
  event: CollectEvent;
}

interface AdOutcome {
  slot: PlacedSlot;
  imp: string;
  /** In-view (≥ 50 %) segments after render: [from, to) in ms since page start. */
  segments: Array<[number, number]>;
  maxShare: number;
  /** When it rendered (ms since page start), and the layout shift its render caused (reported once, after it). */
  renderAt: number;
  shift: number;
}

/** Browsers that report layout shift (Chromium's; Chrome on iOS is WebKit). */
const reportsShift = (userAgent: string) => /Chrome\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);

/**
 * The layout shift a GPT unit's render causes: GPT slots on the demo site reserve no height, so a creative that renders
 * in or above the viewport pushes the text under it down — the impact is about the creative's height over the
 * viewport's, times how much of the viewport moved. AdSense slots keep their size (no shift), and a side column's
 * units move no text. Drawn from the
 * impression's own generator, so the simulation's other draws stay as they were.
 */
function renderShift(imp: string, slot: PlacedSlot, layout: PageLayout, viewportTop: number, vh: number): number {
  // A side column's unit pushes only the side column (nothing a reader reads moves).
  const beside = slot.rect.x >= layout.mainColumn.x + layout.mainColumn.w;
  if (slot.spec.network !== 'gpt' || beside || slot.rect.y > viewportTop + vh) return 0;
  const moved = createRng(`shift-${imp}`).range(0.4, 0.9);
  return Math.round(Math.min(1, slot.rect.h / vh) * moved * 1e4) / 1e4;
}

function slotEvent(slot: PlacedSlot) {
  const { spec, rect } = slot;
  return { key: spec.id, name: spec.name, gid: spec.name, sel: slot.selector, x: Math.round(rect.x), y: Math.round(rect.y), w: rect.w, h: rect.h };
}

/** One impression's MRC clock over the stops between its render and its end (the next render, for a refreshed slot):
 * its in-view segments, its largest in-view share, and when it became viewable (undefined: never). */
function clock(slot: PlacedSlot, stops: Stop[], vh: number, renderAt: number, until: number) {
  const segments: Array<[number, number]> = [];
  let maxShare = 0;
  let runStart: number | undefined;
  let viewableAt: number | undefined;
  for (const stop of stops) {
    const from = Math.max(stop.t, renderAt);
    const to = Math.min(stop.t + stop.d, until);
    if (to <= from) continue;
    const share = inView(slot, stop.y, vh);
    maxShare = Math.max(maxShare, share);
    if (share >= 0.5) {
      segments.push([from, to]);
      runStart ??= from;
      if (viewableAt === undefined && to - runStart >= MRC_MS) viewableAt = runStart + MRC_MS;
    } else runStart = undefined;
  }
  return { segments, maxShare, viewableAt };
}

interface SimulatedAds {
  outcomes: AdOutcome[];
  /** When the tracker sent a beacon of its own because a slot rendered again (ms since page start). */
  sends: number[];
}

/**
 * Ad slots: lazy render, fill, the MRC clock over the stops, the rare click, and refreshes. A refreshed slot renders
 * again every `refreshSeconds` after its first render until the reader leaves, each time as a new impression with a
 * clock of its own (the old one's view time stops there). Each refresh draws from a generator seeded by the impression
 * it replaces, so refreshes take no draws from the pageview's own stream.
 */
function simulateAds(rng: Rng, layout: PageLayout, stops: Stop[], vh: number, events: TimedEvent[], shifts: boolean, end: number): SimulatedAds {
  const outcomes: AdOutcome[] = [];
  const sends: number[] = [];
  for (const slot of layout.slots) {
    const lazy = slot.spec.network === 'gpt';
    const near = stops.find((stop) => !lazy || stop.y + vh * (1 + LAZY_MARGIN_VIEWPORTS) >= slot.rect.y);
    if (!near) continue;
    const firstRender = near.t + Math.round(rng.range(150, 600));
    const last = stops[stops.length - 1] as Stop;
    if (firstRender >= last.t + last.d) continue;
    const s = slotEvent(slot);
    const period = (slot.spec.refreshSeconds ?? 0) * 1000;
    let draw = rng;
    let renderAt = firstRender;
    for (let n = 1; ; n++) {
      const imp = draw.uuid();
      const following = period > 0 ? createRng(`refresh-${imp}`) : undefined;
      // The refresh request goes out on the timer; its ad comes back after the ad server's delay.
      const next = following ? firstRender + n * period + Math.round(following.range(150, 600)) : Infinity;
      const refreshed = next < end;
      const filled = draw.chance(slot.spec.fill ?? FILL_RATE[slot.spec.network]);
      events.push({ at: renderAt, event: { k: 'ad', a: 0, slot: s, imp, ev: filled ? 'impression' : 'empty' } });
      if (filled) {
        // Prebid's winning bid renders with the creative; a lost auction is reported as the impression ends (here at
        // once: the reader's leaving cuts nothing the tracker would not have sent by then). A refresh has its own.
        const auction = auctionOf(imp, slot.spec, layout.device, { k: 'ad', a: 0, slot: s, imp });
        if (auction) events.push({ at: renderAt + 50, event: auction });
        const { segments, maxShare, viewableAt } = clock(slot, stops, vh, renderAt, refreshed ? next : Infinity);
        if (viewableAt !== undefined) {
          const mp = Math.round(maxShare * 100);
          events.push({ at: viewableAt, event: { k: 'ad', a: 0, slot: s, imp, ev: 'viewable', mp } });
          if (draw.chance(AD_CLICK_PER_VIEWABLE)) events.push({ at: viewableAt + Math.round(draw.range(200, 4000)), event: { k: 'ad', a: 0, slot: s, imp, ev: 'click' } });
        }
        // A refresh replaces a creative of the same size: it moves nothing.
        const shift = shifts && n === 1 ? renderShift(imp, slot, layout, near.y, vh) : 0;
        outcomes.push({ slot, imp, segments, maxShare, renderAt, shift });
      }
      if (!following || !refreshed) break;
      // The tracker sends what it holds of a filled impression (its last view time) before it records the slot's new
      // render (packages/tracker/src/tracker.ts, impression()): the send at the render, the new impression a
      // millisecond later, so that it travels in the next beacon as it would.
      if (filled) sends.push(next);
      renderAt = next + 1;
      draw = following;
    }
  }
  return { outcomes, sends };
}

function pointIn(rng: Rng, el: PlacedElement): { x: number; y: number; ox: number; oy: number } {
  const ox = clamp(0.5 + rng.normal() * 0.18, 0.02, 0.98);
  const oy = clamp(0.5 + rng.normal() * 0.15, 0.05, 0.95);
  return { x: Math.round(el.rect.x + ox * el.rect.w), y: Math.round(el.rect.y + oy * el.rect.h), ox: Number(ox.toFixed(3)), oy: Number(oy.toFixed(3)) };
}

const visibleAt = (el: PlacedElement, y: number, vh: number) => el.rect.y >= y && el.rect.y + el.rect.h <= y + vh;

export function simulatePageview(input: PageviewInput): PageviewResult {
  const { rng, plan, visitor } = input;
  const original = layoutPage(plan, visitor.vw);
  const layout = input.changedPlan ? layoutPage(input.changedPlan, visitor.vw) : original;
  const { vh } = visitor;
  const dh = layout.docHeight;
  const maxScroll = Math.max(0, dh - vh);
  // How the reader reads is drawn on the page they came to; on a changed page they read the same content, block by
  // block, wherever the change put it.
  const stops = placed(trajectory(rng, plan.kind, visitor.device, vh, original), layout, vh, original);
  const events: TimedEvent[] = [];
  const vw = visitor.vw;

  events.push({ at: 0, event: { k: 'pv', a: 0, t: plan.title, r: input.referrer, vw, vh, dh } });

  // Leaving through a link: bring it into view if it is not, then click it.
  let clickAt: number | undefined;
  if (input.next !== undefined) {
    const candidates = layout.links.filter((link) => link.href === input.next);
    const last = stops[stops.length - 1] as Stop;
    const target =
      candidates.find((link) => visibleAt(link, last.y, vh)) ??
      candidates.reduce<PlacedElement | undefined>((best, link) => (!best || Math.abs(link.rect.y - last.y) < Math.abs(best.rect.y - last.y) ? link : best), undefined);
    if (target) {
      if (!visibleAt(target, last.y, vh)) {
        const t = last.t + last.d;
        stops.push({ t, y: Math.round(clamp(target.rect.y - vh * 0.3, 0, maxScroll)), d: Math.round(rng.range(700, 2600)) });
      }
      const final = stops[stops.length - 1] as Stop;
      clickAt = final.t + final.d - Math.round(rng.range(50, 200));
      const p = pointIn(rng, target);
      events.push({ at: clickAt, event: { k: 'click', a: 0, x: p.x, y: p.y, vw, dh, s: target.selector, ox: p.ox, oy: p.oy } });
    }
  }

  // Clicks that lead nowhere (selecting text, tapping a picture) and sparse attention samples while reading.
  const deadClickChance = BEHAVIOUR[plan.kind].deadClick;
  for (const stop of stops) {
    if (stop.d >= 1500 && rng.chance(0.6)) {
      const x = Math.round(clamp(layout.mainColumn.x + layout.mainColumn.w * clamp(0.45 + rng.normal() * 0.22, 0, 1), 0, vw - 1));
      const y = Math.round(stop.y + vh * clamp(0.4 + rng.normal() * 0.18, 0.02, 0.98));
      const w = Math.round(Math.min(stop.d, IDLE_MS) * rng.range(0.3, 0.8));
      events.push({ at: stop.t + Math.round(stop.d / 2), event: { k: 'att', a: 0, x, y: Math.min(y, dh - 1), vw, w, dh } });
    }
    if (stop.d >= 2000 && rng.chance(deadClickChance / 2)) {
      const shown = layout.content.filter((el) => visibleAt(el, stop.y, vh));
      if (shown.length) {
        const el = rng.pick(shown);
        const p = pointIn(rng, el);
        const at = stop.t + Math.round(stop.d * rng.range(0.2, 0.9));
        // Dead as the tracker tells it (content is never a link or button, and nothing answers): when the reader
        // neither scrolled on nor left within the second after.
        const dead = stop.t + stop.d - at >= 1000 ? { dd: 1 as const } : {};
        events.push({ at, event: { k: 'click', a: 0, x: p.x, y: p.y, vw, dh, s: el.selector, ox: p.ox, oy: p.oy, ...dead } });
      }
    }
  }

  const last = stops[stops.length - 1] as Stop;
  const end = clickAt ?? last.t + last.d;
  const { outcomes: ads, sends } = simulateAds(rng, layout, stops, vh, events, reportsShift(visitor.userAgent), end);
  // The reader left: nothing after that moment was seen or sent.
  for (let i = events.length - 1; i >= 0; i--) if ((events[i] as TimedEvent).at > end) events.splice(i, 1);

  // Flush points: every 15 s while open, when a filled slot renders again, and the last one when the page is hidden.
  const open: number[] = [...sends];
  for (let f = FLUSH_EVERY_MS; f < end; f += FLUSH_EVERY_MS) open.push(f);
  const flushes = [...new Set(open)].sort((a, b) => a - b);
  flushes.push(end);

  const beacons: SimulatedBeacon[] = [];
  const pv = rng.uuid();
  let previous = 0;
  let maxDepth = 0;
  // As the tracker does: each engagement update names the depth reported before it, -1 before the first.
  let reportedDepth = -1;
  for (const flush of flushes) {
    const first = previous === 0;
    const batch = events.filter((e) => (first ? e.at >= 0 : e.at > previous) && e.at <= flush);
    let engaged = 0;
    for (const stop of stops) {
      const stopEnd = Math.min(stop.t + stop.d, end);
      if (stopEnd <= stop.t || stop.t >= flush) continue;
      maxDepth = Math.max(maxDepth, Math.min(100, ((stop.y + vh) / dh) * 100));
      // Engaged: visible and active; a reader who stays put for over 30 s counts as idle after that.
      const from = Math.max(stop.t, previous);
      engaged += Math.max(0, Math.min(stopEnd, flush, stop.t + IDLE_MS) - from);
      // A viewport span is reported once the viewport has moved on (or the page is hidden).
      // Its time is when it began, as the tracker stamps it; it travels in the beacon of the flush after it ended.
      if (stopEnd > previous && stopEnd <= flush) batch.push({ at: stop.t, event: { k: 'span', a: 0, y: stop.y, vh, dh, d: stopEnd - stop.t } });
    }
    const depth = Math.round(maxDepth * 10) / 10;
    // The shifts of the renders since the previous flush: each unit's, and the page's (theirs added up).
    let pageShift = 0;
    for (const ad of ads) {
      let iv = 0;
      for (const [from, to] of ad.segments) iv += Math.max(0, Math.min(to, flush, end) - Math.max(from, previous));
      const ls = ad.shift > 0 && ad.renderAt > (first ? -1 : previous) && ad.renderAt <= flush ? ad.shift : 0;
      pageShift += ls;
      if (iv > 0 || ls > 0) batch.push({ at: flush, event: { k: 'ad', a: 0, slot: slotEvent(ad.slot), imp: ad.imp, ev: 'view_time', iv: Math.round(iv), mp: Math.round(ad.maxShare * 100), ...(ls > 0 ? { ls } : {}) } });
    }
    batch.push({ at: flush, event: { k: 'eng', a: 0, ms: Math.round(engaged), sd: depth, pd: reportedDepth, dh, ...(pageShift > 0 ? { ls: Math.round(pageShift * 1e4) / 1e4 } : {}) } });
    reportedDepth = depth;
    const receivedAt = input.start + flush + Math.round(rng.range(40, 250));
    batch.sort((a, b) => a.at - b.at);
    const e = batch.map(({ at, event }) => ({ ...event, a: receivedAt - (input.start + at) }));
    beacons.push({ payload: { site: input.site, u: input.url, pv, sid: input.sid, e }, receivedAt, ip: visitor.ip, userAgent: visitor.userAgent });
    previous = flush;
  }
  return { beacons, end: input.start + end };
}
