// Per-account sign-in back-off (issue 11): after a few failed sign-ins for one email every further attempt waits a
// growing delay, whatever address it comes from, so rotating addresses or proxies buys no extra guesses. Unknown
// addresses are throttled exactly like known ones, so the answers tell nothing about which accounts exist.
//
// The count lives in the metadata store, not in memory: several API processes (issue 13) must share it, or each
// process would grant its own set of guesses. It costs one read and one small write per sign-in, next to a scrypt
// hash that takes far longer.
import type { MetadataDb } from '@foldline/metadata';
import {
  deleteSignInThrottle,
  findSignInThrottle,
  sweepSignInThrottle,
  updateSignInThrottle,
} from '@foldline/metadata/sign-in-throttle/sign-in-throttle.repository';
import { tooManyRequests } from '../errors.ts';
import { sha256 } from './tokens.ts';

/** Failed attempts allowed before the back-off starts. */
export const SIGN_IN_FREE_ATTEMPTS = 5;
/** The first delay; each further failure doubles it. */
export const SIGN_IN_BACKOFF_BASE_MS = 1_000;
/** The longest delay: past it an attacker gets one guess per 15 minutes, a user who forgot the password a reset. */
export const SIGN_IN_BACKOFF_MAX_MS = 15 * 60_000;
/** Failures older than this are forgotten: yesterday's typos do not count today. */
export const SIGN_IN_FAILURES_KEPT_MS = 24 * 3600_000;
/** Rows nobody has failed on for a day are swept at most this often per process. */
const SWEEP_EVERY_MS = 60_000;
/** Attempts that lose the compare-and-set this many times (a burst of concurrent guesses) are refused. */
const MAX_CLAIM_TRIES = 3;

/** The wait after `failures` failed attempts. */
export function signInBackoffMs(failures: number): number {
  if (failures < SIGN_IN_FREE_ATTEMPTS) return 0;
  return Math.min(SIGN_IN_BACKOFF_BASE_MS * 2 ** (failures - SIGN_IN_FREE_ATTEMPTS), SIGN_IN_BACKOFF_MAX_MS);
}

const keyOf = (email: string) => sha256(email.trim().toLowerCase());

let lastSweep = 0;
/** Drops the rows of accounts nobody has failed on for a day, made-up addresses included, so they do not pile up. */
async function sweepNowAndThen(db: MetadataDb, now: number): Promise<void> {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  await sweepSignInThrottle(db, new Date(now - SIGN_IN_FAILURES_KEPT_MS).toISOString());
}

export interface SignInAttempt {
  /** The password was right: the account's failures are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Claims one attempt for the account before its password is checked, or throws 429 while the account is backed off.
 * The attempt counts as failed until succeeded() says otherwise, so concurrent guesses cannot all read the same count
 * and slip past it.
 */
export async function claimSignInAttempt(db: MetadataDb, email: string): Promise<SignInAttempt> {
  const key = keyOf(email);
  for (let tries = 0; tries < MAX_CLAIM_TRIES; tries += 1) {
    const now = Date.now();
    const row = await findSignInThrottle(db, key);
    const blockedUntil = row?.blocked_until ? Date.parse(row.blocked_until) : 0;
    if (blockedUntil > now) throw tooManyRequests(Math.ceil((blockedUntil - now) / 1000));
    const previous = row && now - Date.parse(row.last_failure_at) < SIGN_IN_FAILURES_KEPT_MS ? row.failures : 0;
    const failures = previous + 1;
    const wait = signInBackoffMs(failures);
    const at = new Date(now).toISOString();
    if (await updateSignInThrottle(db, key, row?.failures, { failures, blockedUntil: wait > 0 ? new Date(now + wait).toISOString() : null, at })) {
      if (!row) await sweepNowAndThen(db, now);
      return { succeeded: () => deleteSignInThrottle(db, key) };
    }
  }
  throw tooManyRequests(Math.ceil(SIGN_IN_BACKOFF_BASE_MS / 1000));
}

/** A completed password reset proves the account's owner is back: the back-off ends. */
export async function forgetSignInFailures(db: MetadataDb, email: string): Promise<void> {
  await deleteSignInThrottle(db, keyOf(email));
}
