// The sign-in throttle's rows on every dialect: each change is a compare-and-set on the count, so two attempts that
// read the same count cannot both record theirs, and rows nobody failed on for long are swept.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  deleteSignInThrottle,
  findSignInThrottle,
  sweepSignInThrottle,
  updateSignInThrottle,
} from '../src/sign-in-throttle/sign-in-throttle.repository.ts';
import { describeEachDialect, openTestStore, type TestStore } from './test-store.ts';

describeEachDialect('sign-in throttle', (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(dialect);
  });
  afterAll(() => store.dispose());

  const at = '2026-11-24T09:00:00.000Z';

  it('records an attempt only against the count it read', async () => {
    const db = store.db;
    expect(await updateSignInThrottle(db, 'account-a', undefined, { failures: 1, blockedUntil: null, at })).toBe(true);
    // A second first attempt that read no row loses: the row exists now.
    expect(await updateSignInThrottle(db, 'account-a', undefined, { failures: 1, blockedUntil: null, at })).toBe(false);
    expect(await updateSignInThrottle(db, 'account-a', 0, { failures: 1, blockedUntil: null, at })).toBe(false);
    const blockedUntil = '2026-11-24T09:00:01.000Z';
    expect(await updateSignInThrottle(db, 'account-a', 1, { failures: 2, blockedUntil, at })).toBe(true);
    expect(await findSignInThrottle(db, 'account-a')).toEqual({ key: 'account-a', failures: 2, blocked_until: blockedUntil, last_failure_at: at });
    await deleteSignInThrottle(db, 'account-a');
    expect(await findSignInThrottle(db, 'account-a')).toBeUndefined();
  });

  it('sweeps rows whose last failure is older than the cut-off', async () => {
    const db = store.db;
    await updateSignInThrottle(db, 'old', undefined, { failures: 3, blockedUntil: null, at: '2026-11-20T00:00:00.000Z' });
    await updateSignInThrottle(db, 'recent', undefined, { failures: 3, blockedUntil: null, at });
    await sweepSignInThrottle(db, '2026-11-23T09:00:00.000Z');
    expect(await findSignInThrottle(db, 'old')).toBeUndefined();
    expect(await findSignInThrottle(db, 'recent')).toBeDefined();
  });
});
