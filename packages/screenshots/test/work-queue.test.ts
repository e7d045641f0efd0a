// The capture queue: never more than its concurrency at once, and one run for callers asking for the same key.
import { describe, expect, it } from 'vitest';
import { createWorkQueue } from '../src/work-queue.ts';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('work queue', () => {
  it('runs at most two tasks at once and all of them in the end', async () => {
    const queue = createWorkQueue(2);
    let running = 0;
    let most = 0;
    const task = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await later(10);
      running -= 1;
      return n;
    };
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => queue.run(`page ${n}`, task(n))))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
  });

  it('shares a run under way, and runs again once it is done; a failure frees its slot', async () => {
    const queue = createWorkQueue(1);
    let runs = 0;
    const task = async () => {
      runs += 1;
      await later(5);
      return runs;
    };
    const both = [queue.run('same', task), queue.run('same', task)];
    expect([queue.has('same'), queue.has('other'), queue.size]).toEqual([true, false, 1]);
    const [a, b] = await Promise.all(both);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    await expect(queue.run('broken', () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(await queue.run('same', task)).toBe(2);
  });
});
