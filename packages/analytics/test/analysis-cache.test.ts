// The recommendations' memory (src/recommendations/analysis-cache.ts): fresh for longer than the background advice
// takes to renew it, then given at once while a new answer is computed behind it; renewed without a look waiting; one computation per key at a time, an incomplete answer kept a minute only, nothing kept across
// a forget, and no answer given to a look with other settings (its version).
import type { EventStore } from '@foldline/event-store';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_CACHE_MS, ANALYSIS_STALE_MS, INCOMPLETE_CACHE_MS, forgetAnalyses, forgetAnswer, remembered, renewed } from '../src/recommendations/analysis-cache.ts';

interface Answer {
  complete: boolean;
  n: number;
}

/** A computation that counts its runs and finishes when told: the oldest run still under way, or the given one of them. */
function engine(complete = true) {
  let runs = 0;
  const finishers: Array<() => void> = [];
  const compute = () =>
    new Promise<Answer>((resolve) => {
      runs += 1;
      const n = runs;
      finishers.push(() => resolve({ complete, n }));
    });
  return { compute, runs: () => runs, finish: (index = 0) => finishers.splice(index, 1)[0]!() };
}

const store = () => ({}) as EventStore;
/** The first answer of key 'k', computed and kept at time 0. */
async function answerAtZero(events: EventStore, compute: () => Promise<Answer>, finish: () => void): Promise<void> {
  const first = remembered(events, 'k', 0, compute);
  finish();
  await first;
}
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the recommendations memory', () => {
  it('computes once for calls at the same time and keeps the answer while fresh', async () => {
    const events = store();
    const { compute, runs, finish } = engine();
    const calls = [remembered(events, 'k', 0, compute), remembered(events, 'k', 10, compute)];
    finish();
    expect(await Promise.all(calls)).toEqual([{ complete: true, n: 1 }, { complete: true, n: 1 }]);
    expect(await remembered(events, 'k', ANALYSIS_CACHE_MS - 1, compute)).toEqual({ complete: true, n: 1 });
    expect(runs()).toBe(1);
  });

  it('past its freshness gives the kept answer at once and computes the next behind it, once', async () => {
    const events = store();
    const { compute, runs, finish } = engine();
    await answerAtZero(events, compute, finish);
    // Stale: answered without waiting (the computation has not finished), and a second look joins the same one.
    expect(await remembered(events, 'k', ANALYSIS_CACHE_MS + 1, compute)).toEqual({ complete: true, n: 1 });
    expect(await remembered(events, 'k', ANALYSIS_CACHE_MS + 2, compute)).toEqual({ complete: true, n: 1 });
    expect(runs()).toBe(2);
    finish();
    await settled();
    expect(await remembered(events, 'k', ANALYSIS_CACHE_MS + 3, compute)).toEqual({ complete: true, n: 2 });
  });

  it('renews an answer in the background while every look meanwhile gets the kept one at once', async () => {
    const events = store();
    const { compute, runs, finish } = engine();
    await answerAtZero(events, compute, finish);
    // The background advice renews the fresh answer: looks meanwhile neither wait nor start a computation of their own.
    const renewal = renewed(events, 'k', 10, compute);
    expect(await remembered(events, 'k', 11, compute)).toEqual({ complete: true, n: 1 });
    expect(await remembered(events, 'k', ANALYSIS_CACHE_MS + 1, compute)).toEqual({ complete: true, n: 1 });
    expect(runs()).toBe(2);
    finish();
    expect(await renewal).toEqual({ complete: true, n: 2 });
    // Kept from the renewal's time: fresh again for the looks after it.
    expect(await remembered(events, 'k', ANALYSIS_CACHE_MS + 9, compute)).toEqual({ complete: true, n: 2 });
    expect(runs()).toBe(2);
  });

  it('waits for a new answer when the kept one is too old to give', async () => {
    const events = store();
    const { compute, finish } = engine();
    await answerAtZero(events, compute, finish);
    const late = remembered(events, 'k', ANALYSIS_STALE_MS, compute);
    finish();
    expect(await late).toEqual({ complete: true, n: 2 });
  });

  it('keeps the stale answer when the computation behind it fails', async () => {
    const events = store();
    const { compute, finish } = engine();
    await answerAtZero(events, compute, finish);
    const failing = () => Promise.reject(new Error('store down'));
    expect(await remembered(events, 'k', ANALYSIS_CACHE_MS + 1, failing)).toEqual({ complete: true, n: 1 });
    await settled();
    expect(await remembered(events, 'k', ANALYSIS_CACHE_MS + 2, failing)).toEqual({ complete: true, n: 1 });
    await settled();
    // Too old to give: the failure is the caller's.
    await expect(remembered(events, 'k', ANALYSIS_STALE_MS, failing)).rejects.toThrow('store down');
  });

  it('keeps an incomplete answer a minute, then gives it while the next is computed; nothing across a forget', async () => {
    const events = store();
    const incomplete = engine(false);
    const first = remembered(events, 'k', 0, incomplete.compute);
    incomplete.finish();
    await first;
    expect(await remembered(events, 'k', INCOMPLETE_CACHE_MS - 1, incomplete.compute)).toEqual({ complete: false, n: 1 });
    expect(incomplete.runs()).toBe(1);
    // Past the minute: still given at once, and a new answer computed behind it for the next look.
    expect(await remembered(events, 'k', INCOMPLETE_CACHE_MS, incomplete.compute)).toEqual({ complete: false, n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(incomplete.runs()).toBe(2);
    incomplete.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await remembered(events, 'k', INCOMPLETE_CACHE_MS + 1, incomplete.compute)).toEqual({ complete: false, n: 2 });
    // Forgotten (a rendering of its website landed): the next look computes.
    forgetAnswer(events, 'k');
    const afterForget = remembered(events, 'k', INCOMPLETE_CACHE_MS + 2, incomplete.compute);
    incomplete.finish();
    expect(await afterForget).toEqual({ complete: false, n: 3 });

    // A computation under way when the events are forgotten keeps its answer nowhere that is read.
    const { compute, runs, finish } = engine();
    const before = remembered(events, 'j', 0, compute);
    forgetAnalyses(events);
    finish();
    await before;
    const after = remembered(events, 'j', 1, compute);
    finish();
    expect(await after).toEqual({ complete: true, n: 2 });
    expect(runs()).toBe(2);
  });
  it('computes the new answers behind kept ones one after another', async () => {
    const events = store();
    const a = engine();
    const b = engine();
    const firstA = remembered(events, 'a', 0, a.compute);
    const firstB = remembered(events, 'b', 0, b.compute);
    a.finish();
    b.finish();
    await Promise.all([firstA, firstB]);
    // Both stale at once: a's new answer is computed first, b's only when a's is done.
    expect(await remembered(events, 'a', ANALYSIS_CACHE_MS + 1, a.compute)).toEqual({ complete: true, n: 1 });
    expect(await remembered(events, 'b', ANALYSIS_CACHE_MS + 1, b.compute)).toEqual({ complete: true, n: 1 });
    await settled();
    expect([a.runs(), b.runs()]).toEqual([2, 1]);
    a.finish();
    await settled();
    expect([a.runs(), b.runs()]).toEqual([2, 2]);
    b.finish();
    await settled();
    expect(await remembered(events, 'b', ANALYSIS_CACHE_MS + 2, b.compute)).toEqual({ complete: true, n: 2 });
  });

  it('gives a kept answer only to a look with the same version, and never joins a computation of another', async () => {
    const events = store();
    const { compute, runs, finish } = engine();
    const old = remembered(events, 'k', 0, compute, 'density 30');
    // The settings changed while the old answer was being computed: the new look waits for its own.
    const changed = remembered(events, 'k', 1, compute, 'density 20');
    expect(runs()).toBe(2);
    // The old computation finishes last, superseded: it keeps nothing over the new answer.
    finish(1);
    expect(await changed).toEqual({ complete: true, n: 2 });
    finish();
    expect(await old).toEqual({ complete: true, n: 1 });
    expect(await remembered(events, 'k', 2, compute, 'density 20')).toEqual({ complete: true, n: 2 });
    // Nor is the new answer given under the old settings.
    const back = remembered(events, 'k', 3, compute, 'density 30');
    finish();
    expect(await back).toEqual({ complete: true, n: 3 });
    expect(runs()).toBe(3);
  });

  it('keeps nothing from a computation under way when its key is forgotten', async () => {
    const events = store();
    const { compute, runs, finish } = engine();
    const before = remembered(events, 'k', 0, compute);
    forgetAnswer(events, 'k');
    const after = remembered(events, 'k', 1, compute);
    finish();
    finish();
    expect(await before).toEqual({ complete: true, n: 1 });
    expect(await after).toEqual({ complete: true, n: 2 });
    expect(await remembered(events, 'k', 2, compute)).toEqual({ complete: true, n: 2 });
    expect(runs()).toBe(2);
  });
});
