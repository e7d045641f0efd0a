// The cookieless visitor id: stable within a UTC day for one website, address and browser; unlinkable across
// days and websites; the salts come from a store all processes share.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVisitorHasher } from '../src/visitor-hash.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0';
const SITE = '00000000-0000-4000-8000-000000000001';
const OTHER_SITE = '00000000-0000-4000-8000-000000000002';

/** The store as the metadata repository behaves: the first salt drawn for a day is kept; `down` makes it fail. */
function sharedStore() {
  const stored = new Map<string, string>();
  const state = { down: false, stored };
  const store = async (days: readonly string[], draw: () => string, keepFrom = '') => {
    if (state.down) throw new Error('store down');
    for (const day of stored.keys()) if (day < keepFrom) stored.delete(day);
    for (const day of days) if (!stored.has(day)) stored.set(day, draw());
    return new Map(days.map((day) => [day, stored.get(day)!]));
  };
  return { state, store };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('visitor hash', () => {
  it('is stable within a day and differs across days, websites, addresses and browsers', () => {
    const hasher = createVisitorHasher();
    const morning = Date.UTC(2026, 0, 10, 8);
    const evening = Date.UTC(2026, 0, 10, 22);
    const nextDay = Date.UTC(2026, 0, 11, 8);
    const id = hasher.hash(SITE, '203.0.113.5', UA, morning);
    expect(id).toMatch(/^\d+$/);
    expect(hasher.hash(SITE, '203.0.113.5', UA, evening)).toBe(id);
    expect(hasher.hash(SITE, '203.0.113.5', UA, nextDay)).not.toBe(id);
    expect(hasher.hash(OTHER_SITE, '203.0.113.5', UA, morning)).not.toBe(id);
    expect(hasher.hash(SITE, '203.0.113.6', UA, morning)).not.toBe(id);
    expect(hasher.hash(SITE, '203.0.113.5', `${UA} Edge`, morning)).not.toBe(id);
  });

  it('takes the salts of yesterday, today and tomorrow from the shared store, so two processes agree', async () => {
    const { state, store: shared } = sharedStore();
    const stored = state.stored;
    const asked: string[][] = [];
    const store = (days: readonly string[], draw: () => string) => {
      asked.push([...days]);
      return shared(days, draw);
    };
    const one = createVisitorHasher(store);
    const two = createVisitorHasher(store);
    await Promise.all([one.ready, two.ready]);
    const now = Date.now();
    const day = (offset: number) => new Date(now + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(asked[0]).toEqual([day(-1), day(0), day(1)]);
    expect(two.hash(SITE, '198.51.100.7', UA, now)).toBe(one.hash(SITE, '198.51.100.7', UA, now));
    // Tomorrow's salt is in before midnight.
    expect(two.hash(SITE, '198.51.100.7', UA, now + 24 * 3600 * 1000)).toBe(one.hash(SITE, '198.51.100.7', UA, now + 24 * 3600 * 1000));
    // A simulated past day (the demo's history) gets a salt of the process's own, never stored.
    expect(two.hash(SITE, '198.51.100.7', UA, now - 40 * 24 * 3600 * 1000)).not.toBe(one.hash(SITE, '198.51.100.7', UA, now - 40 * 24 * 3600 * 1000));
    expect([...stored.keys()].sort()).toEqual([day(-1), day(0), day(1)]);
    await one.close();
    await two.close();
  });

  it('goes on hashing when the store is away', async () => {
    const errors: unknown[] = [];
    const hasher = createVisitorHasher(async () => {
      throw new Error('store down');
    }, (error) => errors.push(error));
    await hasher.ready;
    expect(errors).toHaveLength(1);
    expect(hasher.hash(SITE, '198.51.100.7', UA, Date.now())).toMatch(/^\d+$/);
    await hasher.close();
  });

  it('hashes with its own salt while the store is away, and with the shared one once it answers again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { state, store } = sharedStore();
    state.down = true;
    const errors: unknown[] = [];
    const alone = createVisitorHasher(store, (error) => errors.push(error));
    await alone.ready;
    const now = Date.now();
    const meanwhile = alone.hash(SITE, '198.51.100.7', UA, now);
    state.down = false;
    const other = createVisitorHasher(store);
    await other.ready;
    expect(other.hash(SITE, '198.51.100.7', UA, now)).not.toBe(meanwhile);
    // The next refresh (every minute) brings the shared salt in.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(alone.hash(SITE, '198.51.100.7', UA, now)).toBe(other.hash(SITE, '198.51.100.7', UA, now));
    expect(errors).toHaveLength(1);
    await alone.close();
    await other.close();
  });

  it('forgets a day\'s salt, in the store and in memory, once the day is before yesterday', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(Date.UTC(2026, 0, 10, 23, 59, 30));
    const { state, store } = sharedStore();
    const hasher = createVisitorHasher(store);
    await hasher.ready;
    expect([...state.stored.keys()]).toEqual(['2026-01-09', '2026-01-10', '2026-01-11']);
    const yesterday = Date.UTC(2026, 0, 9, 12);
    const id = hasher.hash(SITE, '198.51.100.7', UA, yesterday);
    // Two days on, the next refresh deletes the 9th and 10th from the store, and the hasher lets go of them too.
    vi.setSystemTime(Date.UTC(2026, 0, 12, 0, 0, 30));
    await vi.advanceTimersByTimeAsync(60_000);
    expect([...state.stored.keys()].sort()).toEqual(['2026-01-11', '2026-01-12', '2026-01-13']);
    expect(hasher.hash(SITE, '198.51.100.7', UA, yesterday)).not.toBe(id);
    await hasher.close();
  });
});
