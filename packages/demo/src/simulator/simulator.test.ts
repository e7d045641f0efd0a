// The simulator is deterministic, its beacons are valid collector payloads, and its aggregates match the published
// figures (Google Active View 2014, Chartbeat 2013) and the intended device mix.
import { collectPayloadSchema, type CollectEvent } from '@foldline/contracts/collect';
import { describe, expect, it } from 'vitest';
import { layoutPage } from '../site/layout.ts';
import { LAYOUT_CHANGES, planNow, planOnDay } from '../site/layout-changes.ts';
import { deviceOf } from '../site/metrics.ts';
import { PAGE_PLANS, planByPath } from '../site/page-plan.ts';
import { renderPage } from '../site/render.ts';
import { serveDemoSite } from '../site/site.ts';
import { measure } from './figures.ts';
import { daysBeforeEnd, historyDays, simulateDay, simulateHistory, type HistoryOptions } from './history.ts';

const options: HistoryOptions = { site: 'fl_test', origin: 'http://news.localhost:3000', seed: 'test', end: Date.UTC(2026, 10, 20, 12), days: 14 };

describe('behaviour simulator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const day = historyDays(options.end, 2)[0]!;
    const a = simulateDay(options, day);
    const b = simulateDay(options, day);
    const c = simulateDay({ ...options, seed: 'other' }, day);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });

  it('produces payloads the collector schema accepts, inside their day', () => {
    const day = historyDays(options.end, 3)[1]!;
    const beacons = simulateDay(options, day);
    expect(beacons.length).toBeGreaterThan(100);
    for (const beacon of beacons) {
      expect(collectPayloadSchema.safeParse(beacon.payload).success).toBe(true);
      expect(beacon.receivedAt).toBeGreaterThanOrEqual(day.start);
      expect(beacon.receivedAt).toBeLessThan(day.end);
      expect(new URL(beacon.payload.u).hostname).toBe('news.localhost');
    }
  });

  it('flags the clicks that lead nowhere as dead when the reader stays a second, and never a link click', () => {
    const day = historyDays(options.end, 3)[1]!;
    const clicks = simulateDay(options, day).flatMap((beacon) => beacon.payload.e.filter((e): e is Extract<CollectEvent, { k: 'click' }> => e.k === 'click'));
    const dead = clicks.filter((c) => c.dd === 1);
    expect(dead.length).toBeGreaterThan(0);
    expect(dead.length).toBeLessThan(clicks.length);
    expect(dead.every((c) => !/(^|>)a(:|>|$)/.test(c.s))).toBe(true);
  });

  it('matches the published viewability, scroll-reach and device figures', () => {
    const beacons = [...simulateHistory(options)].flatMap((day) => day.beacons);
    const f = measure(beacons);
    expect(f.pageviews).toBeGreaterThan(5000);
    // Google: above the fold 68 % viewable, below 40 %.
    expect(f.viewabilityAboveFold).toBeGreaterThan(0.63);
    expect(f.viewabilityAboveFold).toBeLessThan(0.74);
    expect(f.viewabilityBelowFold).toBeGreaterThan(0.35);
    expect(f.viewabilityBelowFold).toBeLessThan(0.46);
    // Chartbeat: half of the views reach 1,500 px on articles and 1,000 px on home pages.
    expect(f.articleReach1500).toBeGreaterThan(0.42);
    expect(f.articleReach1500).toBeLessThan(0.6);
    expect(f.homeReach1000).toBeGreaterThan(0.42);
    expect(f.homeReach1000).toBeLessThan(0.6);
    expect(f.deviceShare.desktop).toBeCloseTo(0.5, 1);
    expect(f.deviceShare.mobile).toBeCloseTo(0.4, 1);
    expect(f.deviceShare.tablet).toBeCloseTo(0.1, 1);
    expect(f.adCtr).toBeGreaterThan(0.0005);
    expect(f.adCtr).toBeLessThan(0.003);
    expect(f.emptyRenders).toBeGreaterThan(0);
  });

  it("reports a Prebid auction on most GPT impressions and none on AdSense's, once per impression, as the tracker does", () => {
    const day = historyDays(options.end, 3)[1]!;
    const events = simulateDay(options, day).flatMap((beacon) => beacon.payload.e);
    const impressions = events.filter((event) => event.k === 'ad' && event.ev === 'impression');
    const bids = events.filter((event): event is Extract<typeof event, { k: 'ad' }> => event.k === 'ad' && event.ev === 'bid');
    const gpt = impressions.filter((event) => event.k === 'ad' && event.slot.key.startsWith('div-gpt-ad-'));
    expect(bids.length).toBeGreaterThan(gpt.length * 0.7);
    expect(bids.length).toBeLessThanOrEqual(gpt.length);
    expect(new Set(bids.map((bid) => bid.imp)).size).toBe(bids.length);
    expect(bids.every((bid) => bid.slot.key.startsWith('div-gpt-ad-') && bid.cur === 'USD' && bid.cpm! <= bid.best!)).toBe(true);
    // Prebid wins about half the auctions, at CPMs of cents to a few dollars.
    const won = bids.filter((bid) => bid.won === 1);
    expect(won.length / bids.length).toBeGreaterThan(0.35);
    expect(won.length / bids.length).toBeLessThan(0.75);
    const mean = won.reduce((sum, bid) => sum + bid.cpm!, 0) / won.length;
    expect(mean).toBeGreaterThan(0.5);
    expect(mean).toBeLessThan(4);
  });

  it("gives the often unfilled unit its own fill rate, and refreshes the refreshed unit every 30 s in view or not, as the tracker reports it", () => {
    const slots = PAGE_PLANS.flatMap((plan) => [...plan.top, ...plan.main, ...plan.side, ...plan.bottom]).flatMap((block) => (block.kind === 'ad' ? [block.slot] : []));
    const lowFill = slots.find((slot) => slot.fill !== undefined)!;
    const refreshed = slots.find((slot) => slot.refreshSeconds !== undefined)!;
    type AdEvent = Extract<CollectEvent, { k: 'ad' }>;
    // Every event with its time (ms since epoch) and its pageview; each pageview's start and last beacon.
    const ads: Array<{ pv: string; at: number; beacon: number; event: AdEvent }> = [];
    const visits = new Map<string, { start: number; last: number }>();
    let beacon = 0;
    for (const { beacons } of simulateHistory(options)) {
      for (const { payload, receivedAt } of beacons) {
        beacon += 1;
        for (const event of payload.e) {
          if (event.k === 'pv') visits.set(payload.pv, { start: receivedAt - event.a, last: receivedAt });
          else if (event.k === 'ad') ads.push({ pv: payload.pv, at: receivedAt - event.a, beacon, event });
        }
        const visit = visits.get(payload.pv);
        if (visit) visit.last = Math.max(visit.last, receivedAt);
      }
    }
    const renders = (key: string) => ads.filter(({ event }) => event.slot.key === key && (event.ev === 'impression' || event.ev === 'empty'));

    // The often unfilled unit: its fill over its renders is about its own rate, far below its network's.
    const lowFillRenders = renders(lowFill.id);
    expect(lowFillRenders.length).toBeGreaterThan(500);
    expect(lowFillRenders.filter(({ event }) => event.ev === 'impression').length / lowFillRenders.length).toBeCloseTo(lowFill.fill!, 1);

    // The refreshed unit: a new impression every refreshSeconds (plus the ad server's delay) for as long as the page is
    // open, each with its own clock; the old impression's view time stops at the refresh, and the tracker sends it
    // before it records the new render.
    const period = refreshed.refreshSeconds! * 1000;
    const byPageview = new Map<string, typeof ads>();
    for (const render of renders(refreshed.id)) byPageview.set(render.pv, [...(byPageview.get(render.pv) ?? []), render]);
    expect(new Set(renders(refreshed.id).map(({ event }) => event.imp)).size).toBe(renders(refreshed.id).length);
    const inView = new Map<string, number>();
    const viewTimes = ads.filter(({ event }) => event.slot.key === refreshed.id && event.ev === 'view_time');
    for (const { event } of viewTimes) inView.set(event.imp, (inView.get(event.imp) ?? 0) + (event.iv ?? 0));
    const refreshes: typeof ads = [];
    const perLongVisit: number[] = [];
    for (const [pv, list] of byPageview) {
      list.sort((a, b) => a.at - b.at);
      list.slice(1).forEach((render, i) => {
        const before = list[i]!;
        expect(render.at - list[0]!.at - (i + 1) * period).toBeGreaterThanOrEqual(150);
        expect(render.at - list[0]!.at - (i + 1) * period).toBeLessThanOrEqual(601);
        const old = viewTimes.filter(({ event }) => event.imp === before.event.imp);
        expect(old.every(({ at }) => at < render.at)).toBe(true);
        if (old.length > 0) expect(old.at(-1)!.beacon).not.toBe(render.beacon);
        refreshes.push(render);
      });
      const visit = visits.get(pv)!;
      if (visit.last - visit.start >= 2 * period + 5000) perLongVisit.push(list.length);
    }
    // On long visits, more than one impression per pageview; most refreshes of this unit (at the top of the rail,
    // which readers read on past) are never in view, some are seen.
    expect(perLongVisit.length).toBeGreaterThan(100);
    expect(Math.min(...perLongVisit)).toBeGreaterThan(1);
    const filledRefreshes = refreshes.filter(({ event }) => event.ev === 'impression');
    const unseen = filledRefreshes.filter(({ event }) => !inView.get(event.imp)).length;
    expect(filledRefreshes.length).toBeGreaterThan(500);
    expect(unseen / filledRefreshes.length).toBeGreaterThan(0.5);
    expect(unseen).toBeLessThan(filledRefreshes.length);
  });
});

describe("the demo publisher's layout changes", () => {
  const history: HistoryOptions = { ...options, days: 30 };
  const days = historyDays(history.end, history.days);
  /** The top the tracker reported for a slot on each pageview of a page on a day, with the pageview's viewport width. */
  function reportedTops(day: (typeof days)[number], path: string, key: string): Array<{ vw: number; y: number }> {
    const widths = new Map<string, number>();
    const tops: Array<{ pv: string; y: number }> = [];
    for (const { payload } of simulateDay(history, day)) {
      if (new URL(payload.u).pathname !== path) continue;
      for (const event of payload.e) {
        if (event.k === 'pv') widths.set(payload.pv, event.vw);
        if (event.k === 'ad' && event.slot.key === key && event.ev === 'impression') tops.push({ pv: payload.pv, y: event.slot.y });
      }
    }
    return tops.map(({ pv, y }) => ({ vw: widths.get(pv)!, y }));
  }

  it('reads each changed page on the layout of its day: the old one before the change, the new one from its day on', () => {
    for (const change of LAYOUT_CHANGES) {
      const first = planByPath(change.path)!;
      const unit = change.edit.type === 'new_ad_placement' ? change.edit.slot.id : change.edit.unit;
      const topOn = (plan: typeof first, vw: number) => layoutPage(plan, vw).slots.find((slot) => slot.spec.id === unit)?.rect.y;
      for (const offset of [1, 0]) {
        const day = days.find((d) => daysBeforeEnd(history.end, d) === change.daysBeforeEnd + offset)!;
        const shown = planOnDay(first, change.daysBeforeEnd + offset);
        expect(shown === first, `${change.path} ${offset ? 'the day before' : 'the day of'} the change`).toBe(offset === 1);
        const tops = reportedTops(day, change.path, unit);
        const onDevice = tops.filter(({ vw }) => deviceOf(vw) === change.edit.device);
        expect(onDevice.length, change.path).toBeGreaterThan(5);
        // Every pageview at the unit's place on that day's layout, laid out at the reader's own width; on the change's
        // device that place is another than before (on the others the page is as it was).
        for (const { vw, y } of tops) expect(y).toBe(topOn(shown, vw));
        for (const { vw } of onDevice) expect(topOn(first, vw)).not.toBe(topOn(planOnDay(first, change.daysBeforeEnd), vw));
      }
    }
  });

  it('serves each changed page as it is now', async () => {
    for (const change of LAYOUT_CHANGES) {
      const first = planByPath(change.path)!;
      const now = planNow(change.path)!;
      expect(now).not.toBe(first);
      expect(now).toBe(planOnDay(first, 0));
      const served = await serveDemoSite(change.path, { trackingScript: undefined, prebid: false });
      expect(served.body).toBe(renderPage(now, { trackingScript: undefined, prebid: false }));
      expect(served.body).not.toBe(renderPage(first, { trackingScript: undefined, prebid: false }));
    }
  });
});
