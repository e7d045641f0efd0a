// What an event store remembers of its operations: the running ones (close waits for them) and whether the latest to
// settle succeeded, and when (health takes a recent success for an answer).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInFlight } from '../src/in-flight.ts';

describe('in-flight operations', () => {
  afterEach(() => vi.useRealTimers());

  it('says the store answered only after a success, within the time asked, and not after a later failure', async () => {
    vi.useFakeTimers();
    const inFlight = createInFlight();
    expect(inFlight.answeredWithin(5_000)).toBe(false);
    await inFlight.track(async () => 1);
    expect(inFlight.answeredWithin(5_000)).toBe(true);
    vi.advanceTimersByTime(5_001);
    expect(inFlight.answeredWithin(5_000)).toBe(false);
    await inFlight.track(async () => 1);
    await expect(inFlight.track(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(inFlight.answeredWithin(5_000)).toBe(false);
  });

  it('waits for running operations on drain and refuses new ones', async () => {
    const inFlight = createInFlight();
    let finish!: () => void;
    const running = inFlight.track(() => new Promise<void>((resolve) => (finish = resolve)));
    let drained = false;
    const draining = inFlight.drain().then(() => (drained = true));
    await Promise.resolve();
    expect(drained).toBe(false);
    finish();
    await running;
    await draining;
    expect(drained).toBe(true);
    await expect(inFlight.track(async () => 1)).rejects.toThrow('closed');
  });
});
