// The simulator is deterministic, its beacons are valid collector payloads, and its aggregates match the published
// figures (Google Active View 2014, Chartbeat 2013) and the intended device mix.
import { collectPayloadSchema } from '@foldline/contracts/collect';
import { describe, expect, it } from 'vitest';
import { measure } from './figures.ts';
import { historyDays, simulateDay, simulateHistory, type HistoryOptions } from './history.ts';

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
});
