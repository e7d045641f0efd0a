// The live readers on a clock of the test's own: visits start at the average rate, each beacon is sent only once its
// time has come (no event in the future), the readers already on the site arrive at once, a long pause brings no
// flood, and nothing is sent after stop().
import { collectPayloadSchema } from '@foldline/contracts/collect';
import { describe, expect, it } from 'vitest';
import type { Accept, AcceptMeta } from './feed.ts';
import { createLiveReaders, MAX_CATCH_UP_MS } from './live-readers.ts';

const T0 = Date.UTC(2026, 10, 20, 12);
const ORIGIN = 'http://news.localhost:3000';

function recorder() {
  const sent: { payload: Parameters<Accept>[0]; meta: AcceptMeta; at: number }[] = [];
  let clock = T0;
  const accept: Accept = async (payload, meta) => {
    sent.push({ payload, meta, at: clock });
    return { outcome: 'stored', stored: payload.e.length };
  };
  return { sent, accept, setClock: (at: number) => (clock = at) };
}

describe('live readers', () => {
  it('sends each beacon once its time has come, with its events in the past, as valid collector payloads', () => {
    const { sent, accept, setClock } = recorder();
    const readers = createLiveReaders({ site: 'fl_demo', origin: ORIGIN, accept, visitsPerMinute: 30, since: T0 - 60_000, now: () => T0, seed: 't' });
    for (let at = T0; at <= T0 + 10 * 60_000; at += 20_000) {
      setClock(at);
      readers.tick(at);
    }
    expect(sent.length).toBeGreaterThan(100);
    for (const { payload, meta, at } of sent) {
      expect(collectPayloadSchema.safeParse(payload).success).toBe(true);
      expect(payload.site).toBe('fl_demo');
      expect(new URL(payload.u).origin).toBe(ORIGIN);
      expect(meta.receivedAt).toBeLessThanOrEqual(at);
      // Sent at the first wake-up after its time (the first wake-up brings the minute before the start).
      expect(at - meta.receivedAt).toBeLessThan(at === T0 ? 60_000 : 20_000);
      for (const event of payload.e) {
        expect(event.a).toBeGreaterThanOrEqual(0);
        expect(meta.receivedAt - event.a).toBeGreaterThanOrEqual(T0 - 60_000);
      }
    }
    // The visits begun in the minute before the start (since) are there at the first wake-up.
    expect(sent.filter(({ at }) => at === T0).length).toBeGreaterThan(0);
  });

  it('starts visits at the average rate', () => {
    const { accept } = recorder();
    const readers = createLiveReaders({ site: 'fl_demo', origin: ORIGIN, accept, visitsPerMinute: 3, now: () => T0, seed: 'rate' });
    for (let at = T0; at <= T0 + 3_600_000; at += 20_000) readers.tick(at);
    // 180 expected in the hour; Poisson's spread is about 13.
    expect(readers.stats().visits).toBeGreaterThan(130);
    expect(readers.stats().visits).toBeLessThan(230);
  });

  it('makes visits for at most the catch-up span after a long pause', () => {
    const { accept } = recorder();
    const readers = createLiveReaders({ site: 'fl_demo', origin: ORIGIN, accept, visitsPerMinute: 60, now: () => T0, seed: 'pause' });
    readers.tick(T0 + 24 * 3_600_000);
    // A day's pause at 60 a minute would be 86,400 visits; five minutes are 300.
    expect(readers.stats().visits).toBeLessThan(((MAX_CATCH_UP_MS / 60_000) * 60 * 3) / 2);
    expect(readers.stats().visits).toBeGreaterThan(200);
  });

  it('sends nothing after stop()', async () => {
    const { sent, accept } = recorder();
    const readers = createLiveReaders({ site: 'fl_demo', origin: ORIGIN, accept, visitsPerMinute: 60, since: T0 - 60_000, now: () => T0, seed: 'stop' });
    readers.tick(T0);
    await readers.stop();
    const before = sent.length;
    readers.tick(T0 + 600_000);
    expect(sent.length).toBe(before);
  });
});
