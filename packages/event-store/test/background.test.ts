// Turns on the embedded engine (background.ts): a background statement waits while a look's runs and for a short grace
// after it (the look's next statement comes within it), runs at once when no look is about, never holds a look, never
// runs beside another background statement, and goes anyway once looks have held it MAX_HOLD_MS.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTurns, inBackground, isBackground, MAX_HOLD_MS } from '../src/background.ts';

/** An operation that runs until `finish` is called, recording when it started. */
function operation(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('turns on the embedded engine', () => {
  it('marks what runs inside inBackground, and what it starts, as background work', async () => {
    expect(isBackground()).toBe(false);
    const seen = await inBackground(async () => {
      await sleep(1);
      return new Promise<boolean>((resolve) => setImmediate(() => resolve(isBackground())));
    });
    expect(seen).toBe(true);
    expect(isBackground()).toBe(false);
  });

  it("holds a background statement while a look's runs and just after it, then runs it", async () => {
    const turns = createTurns();
    const log: string[] = [];
    const look = operation(log, 'look');
    const pass = operation(log, 'pass');
    const looking = turns.take(look.run);
    const passing = inBackground(() => turns.take(pass.run));
    await sleep(30);
    expect(log).toEqual(['start look']);
    look.finish();
    await looking;
    // The look's next statement, sent within the grace, still goes first.
    const next = operation(log, 'next');
    const nextLooking = turns.take(next.run);
    await sleep(30);
    expect(log).toEqual(['start look', 'end look', 'start next']);
    next.finish();
    await nextLooking;
    await sleep(30);
    expect(log.at(-1)).toBe('start pass');
    pass.finish();
    await expect(passing).resolves.toBe('pass');
  });

  it('runs a background statement at once when no look is about, and never holds a look behind one', async () => {
    const turns = createTurns();
    const log: string[] = [];
    const pass = operation(log, 'pass');
    const passing = inBackground(() => turns.take(pass.run));
    await sleep(0);
    expect(log).toEqual(['start pass']);
    const look = operation(log, 'look');
    const looking = turns.take(look.run);
    await sleep(0);
    expect(log).toEqual(['start pass', 'start look']);
    look.finish();
    pass.finish();
    await Promise.all([looking, passing]);
  });

  it('sends background statements one at a time, in the order they came', async () => {
    const turns = createTurns();
    const log: string[] = [];
    const first = operation(log, 'first');
    const second = operation(log, 'second');
    const passing = inBackground(() => Promise.all([turns.take(first.run), turns.take(second.run)]));
    await sleep(30);
    expect(log).toEqual(['start first']);
    first.finish();
    await sleep(30);
    expect(log).toEqual(['start first', 'end first', 'start second']);
    second.finish();
    await expect(passing).resolves.toEqual(['first', 'second']);
  });

  describe('with looks that never pause', () => {
    afterEach(() => vi.useRealTimers());

    it('sends a background statement once it has been held MAX_HOLD_MS, not before', async () => {
      vi.useFakeTimers();
      const turns = createTurns(() => Date.now());
      const log: string[] = [];
      const look = operation(log, 'look');
      const looking = turns.take(look.run);
      const pass = operation(log, 'pass');
      const passing = inBackground(() => turns.take(pass.run));
      await vi.advanceTimersByTimeAsync(MAX_HOLD_MS - 1);
      expect(log).toEqual(['start look']);
      await vi.advanceTimersByTimeAsync(1);
      expect(log).toEqual(['start look', 'start pass']);
      look.finish();
      pass.finish();
      await Promise.all([looking, passing]);
    });
  });
});
