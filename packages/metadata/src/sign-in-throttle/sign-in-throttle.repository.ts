// Failed sign-ins per account, keyed by a hash of the email. Every change is a compare-and-set on the count, so
// concurrent attempts on one account are counted one by one instead of all reading the same count.
import type { MetadataDb } from '../database.ts';
import type { SignInThrottleRow } from '../tables.ts';

export async function findSignInThrottle(db: MetadataDb, key: string): Promise<SignInThrottleRow | undefined> {
  return db.selectFrom('sign_in_throttle').selectAll().where('key', '=', key).executeTakeFirst();
}

/**
 * Stores the account's next state if its count is still `expected` (undefined: no row yet). False when a concurrent
 * attempt changed it first; the caller reads again.
 */
export async function updateSignInThrottle(
  db: MetadataDb,
  key: string,
  expected: number | undefined,
  next: { failures: number; blockedUntil: string | null; at: string },
): Promise<boolean> {
  const values = { failures: next.failures, blocked_until: next.blockedUntil, last_failure_at: next.at };
  if (expected === undefined) {
    const result = await db
      .insertInto('sign_in_throttle')
      .values({ key, ...values })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const result = await db.updateTable('sign_in_throttle').set(values).where('key', '=', key).where('failures', '=', expected).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSignInThrottle(db: MetadataDb, key: string): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('key', '=', key).execute();
}

/** Forgets accounts whose last failure is older than `before`, so guesses at many made-up addresses do not pile up. */
export async function sweepSignInThrottle(db: MetadataDb, before: string): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('last_failure_at', '<', before).execute();
}
