import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBudgets, MinuteCounter, type CollectLimits } from '../src/budgets.ts';

const limits: CollectLimits = { beaconsPerPageview: 3, pageviewsPerSession: 2, eventsPerWebsite: 20, eventsPerAddress: 12, newPagesPerWebsite: 1, pagesPerWebsite: 1, newAdUnitsPerWebsite: 1, adUnitsPerWebsite: 1 };

function clock(start = 0) {
  const state = { now: start };
  return { state, now: () => state.now };
}

describe('MinuteCounter', () => {
  it('counts per key within a minute and starts over in the next', () => {
    const { state, now } = clock(60_000 * 10 + 5);
    const counter = new MinuteCounter(now, 2);
    expect(counter.add('a')).toBe(1);
    expect(counter.add('a', 4)).toBe(5);
    expect(counter.add('b')).toBe(1);
    // A third key is beyond maxKeys: read as its own n, never remembered.
    expect(counter.add('c')).toBe(1);
    expect(counter.add('c')).toBe(1);
    state.now += 60_000;
    expect(counter.add('a')).toBe(1);
  });
});

describe('MinuteCounter on the default clock', () => {
  afterEach(() => vi.useRealTimers());

  it('reads Date at each count, so a clock faked after it was made holds (or moves) its minute', () => {
    const counter = new MinuteCounter();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1, 12, 0, 59, 990) });
    expect([counter.add('w'), counter.add('w')]).toEqual([1, 2]);
    vi.setSystemTime(Date.UTC(2026, 0, 1, 12, 1, 0, 10));
    expect(counter.add('w')).toBe(1);
  });
});

describe('collector budgets', () => {
  const beacon = (pageviewId: string, sessionId = 's1', events = 1, address = `a-${pageviewId}`) => ({ websiteId: 'w1', pageviewId, sessionId, address, events });

  it('holds a pageview to its beacons a minute', () => {
    const { state, now } = clock();
    const budgets = createBudgets(limits, now);
    expect([1, 2, 3, 4].map(() => budgets.charge(beacon('pv1')))).toEqual(['ok', 'ok', 'ok', 'visit_budget']);
    state.now += 60_000;
    expect(budgets.charge(beacon('pv1'))).toBe('ok');
  });

  it('holds a visit to its pageviews a minute, counting each pageview once', () => {
    const budgets = createBudgets(limits, clock().now);
    expect(budgets.charge(beacon('pv1'))).toBe('ok');
    expect(budgets.charge(beacon('pv1'))).toBe('ok');
    expect(budgets.charge(beacon('pv2'))).toBe('ok');
    expect(budgets.charge(beacon('pv3'))).toBe('visit_budget');
    // Other visits are not held to this one's budget.
    expect(budgets.charge(beacon('pv4', 's2'))).toBe('ok');
  });

  it('holds a website to its events a minute, whatever ids the beacons carry', () => {
    const budgets = createBudgets(limits, clock().now);
    const verdicts = Array.from({ length: 5 }, (_, i) => budgets.charge(beacon(`pv${i}`, `s${i}`, 6)));
    expect(verdicts).toEqual(['ok', 'ok', 'ok', 'website_budget', 'website_budget']);
    // A refused beacon was not charged: a smaller one still fits.
    expect(budgets.charge(beacon('pv9', 's9', 2))).toBe('ok');
    expect(budgets.charge({ ...beacon('x', 'y', 1), websiteId: 'w2' })).toBe('ok');
  });

  it("holds one address to its share of the website's budget, leaving the rest to everyone else", () => {
    const budgets = createBudgets(limits, clock().now);
    // A flood of invented visits from one address: two beacons of 6 fit its share of 12, the third does not.
    const flood = Array.from({ length: 4 }, (_, i) => budgets.charge(beacon(`f${i}`, `fs${i}`, 6, 'flood')));
    expect(flood).toEqual(['ok', 'ok', 'address_budget', 'address_budget']);
    // Readers from other addresses still get the website's remaining 8 events.
    expect([1, 2, 3, 4].map((i) => budgets.charge(beacon(`r${i}`, `rs${i}`, 2)))).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(budgets.charge(beacon('r5', 'rs5', 2))).toBe('website_budget');
  });
});
