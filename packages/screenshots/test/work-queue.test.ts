// The capture queue with fake tasks (no Chromium): never more than its concurrency at once, one run per key, fair
// between accounts (round-robin, at most one running while another waits, a bounded share of waiting captures), the
// user's captures before the server's own, and a time limit per capture.
import { describe, expect, it } from 'vitest';
import { ScreenshotError } from '../src/errors.ts';
import { createWorkQueue, QUEUE_FULL_MESSAGE, tooManyWaitingMessage, type QueueLimits } from '../src/work-queue.ts';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LIMITS: QueueLimits = { concurrency: 2, waitingPerAccount: 10, waitingInAll: 100, timeLimitMs: 60_000 };
const A = { account: 'account-a' };
const B = { account: 'account-b' };

/** Tasks that run until the test ends them, recording the order they started in. */
function gate() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finishers.set(name, () => resolve(name));
    });
  /** Ends a running task and lets the queue start the next. */
  const finish = async (name: string) => {
    const end = finishers.get(name);
    if (!end) throw new Error(`${name} is not running`);
    end();
    await later(0);
  };
  return { started, task, finish };
}

describe('work queue', () => {
  it('runs at most two tasks at once and all of them in the end', async () => {
    const queue = createWorkQueue(LIMITS);
    let running = 0;
    let most = 0;
    const task = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await later(10);
      running -= 1;
      return n;
    };
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => queue.run(`page ${n}`, A, task(n))))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
  });

  it('shares a run under way, and runs again once it is done; a failure frees its slot', async () => {
    const queue = createWorkQueue({ ...LIMITS, concurrency: 1 });
    let runs = 0;
    const task = async () => {
      runs += 1;
      await later(5);
      return runs;
    };
    const both = [queue.run('same', A, task), queue.run('same', A, task)];
    expect([queue.has('same'), queue.has('other'), queue.size]).toEqual([true, false, 1]);
    const [a, b] = await Promise.all(both);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    await expect(queue.run('broken', A, () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    await expect(queue.run('thrown', A, () => { throw new Error('thrown'); })).rejects.toThrow('thrown');
    expect(await queue.run('same', A, task)).toBe(2);
  });

  it('starts another account\'s capture before the third of an account that queued twelve', async () => {
    const queue = createWorkQueue(LIMITS);
    const { started, task, finish } = gate();
    const results = Array.from({ length: 12 }, (_, i) => queue.run(`a${i + 1}`, A, task(`a${i + 1}`)));
    const other = queue.run('b1', B, task('b1'));
    await later(0);
    expect(started).toEqual(['a1', 'a2']);
    // The first slot that frees goes to B, which runs nothing, not to A, which still runs one.
    await finish('a1');
    expect(started).toEqual(['a1', 'a2', 'b1']);
    await finish('a2');
    await finish('b1');
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    for (let i = 3; i <= 12; i++) await finish(`a${i}`);
    expect(await other).toBe('b1');
    expect(await Promise.all(results)).toHaveLength(12);
  });

  it('takes turns between accounts with captures waiting', async () => {
    const queue = createWorkQueue({ ...LIMITS, concurrency: 1 });
    const { started, task, finish } = gate();
    const all = [
      ...['a1', 'a2', 'a3'].map((name) => queue.run(name, A, task(name))),
      ...['b1', 'b2'].map((name) => queue.run(name, B, task(name))),
      queue.run('c1', { account: 'account-c' }, task('c1')),
    ];
    for (const name of ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']) {
      await later(0);
      expect(started.at(-1)).toBe(name);
      await finish(name);
    }
    await Promise.all(all);
  });

  it('runs background captures after the interactive ones, and one someone now waits for with them', async () => {
    const queue = createWorkQueue({ ...LIMITS, concurrency: 1 });
    const { started, task, finish } = gate();
    const all = [
      queue.run('busy', { account: 'account-c' }, task('busy')),
      queue.run('a-background', { ...A, priority: 'background' }, task('a-background')),
      queue.run('b-background', { ...B, priority: 'background' }, task('b-background')),
      queue.run('late', { ...B, priority: 'background' }, task('late')),
      queue.run('a-screen', A, task('a-screen')),
      queue.run('b-screen', { ...B, priority: 'interactive' }, task('b-screen')),
    ];
    // A user opens the page a background capture was waiting for: it is that user's capture now.
    all.push(queue.run('late', B, task('late')));
    for (const name of ['busy', 'a-screen', 'b-screen', 'late', 'a-background', 'b-background']) {
      await later(0);
      expect(started.at(-1)).toBe(name);
      await finish(name);
    }
    await Promise.all(all);
  });

  it('refuses an account\'s captures beyond its share of waiting ones with a message, and still admits another account\'s', async () => {
    const queue = createWorkQueue(LIMITS);
    const { started, task, finish } = gate();
    const admitted = Array.from({ length: 12 }, (_, i) => queue.run(`a${i + 1}`, A, task(`a${i + 1}`)));
    await later(0);
    const refused = await queue.run('a13', A, task('a13')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ScreenshotError);
    expect(refused).toMatchObject({ statusCode: 429, message: tooManyWaitingMessage(10) });
    expect(refused).toMatchObject({ message: 'Your account already has 10 screenshots waiting to be taken. Please try again in a minute, once they are done.' });
    // Joining a capture already waiting is no new capture.
    const joined = queue.run('a12', A, task('a12 again'));
    // The share is per priority: the server's own renderings do not use up the user's.
    const background = queue.run('a-background', { ...A, priority: 'background' }, task('a-background'));
    const other = queue.run('b1', B, task('b1'));
    await finish('a1');
    expect(started).toEqual(['a1', 'a2', 'b1']);
    for (const name of ['a2', 'b1', ...Array.from({ length: 10 }, (_, i) => `a${i + 3}`)]) await finish(name);
    await finish('a-background');
    expect(await Promise.all([...admitted, joined, background, other])).toHaveLength(15);
    expect(started).not.toContain('a13');
    expect(started).not.toContain('a12 again');
  });

  it('refuses everyone once the queue holds its bound of waiting captures', async () => {
    const queue = createWorkQueue({ ...LIMITS, concurrency: 1, waitingInAll: 2 });
    const { task, finish } = gate();
    const admitted = ['a1', 'a2', 'b1'].map((name, i) => queue.run(name, i < 2 ? A : B, task(name)));
    await expect(queue.run('c1', { account: 'account-c' }, task('c1'))).rejects.toMatchObject({ statusCode: 503, message: QUEUE_FULL_MESSAGE });
    for (const name of ['a1', 'b1', 'a2']) await finish(name);
    await Promise.all(admitted);
  });

  it('answers for a capture past its time limit and gives its slot to the next', async () => {
    const queue = createWorkQueue({ ...LIMITS, concurrency: 1, timeLimitMs: 50 });
    const startedAt = Date.now();
    const stuck = queue.run('stuck', A, () => new Promise<never>(() => undefined));
    const next = queue.run('next', B, async () => 'next');
    await expect(stuck).rejects.toMatchObject({ statusCode: 502, message: expect.stringMatching(/^The page could not be captured: it did not finish within/) });
    expect(await next).toBe('next');
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    const labelled = createWorkQueue({ ...LIMITS, timeLimitMs: 1_000 });
    await expect(labelled.run('slow', { ...A, label: 'https://shop.example/' }, () => later(2_000))).rejects.toMatchObject({
      message: 'https://shop.example/ could not be captured: it did not finish within 1 s.',
    });
    expect(queue.size + labelled.size).toBe(0);
  });
});
