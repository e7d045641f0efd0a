// Which sign-ins (refresh token families) still stand, remembered for a few seconds so that checking every request's
// access token against revocation stays one indexed query per sign-in per few seconds instead of one per request.
import type { MetadataDb } from '@foldline/metadata';
import { isRefreshTokenFamilyLive } from '@foldline/metadata/tokens/refresh-tokens.repository';

/**
 * How long a sign-in found live is believed without asking the store again. This process forgets a sign-in the
 * moment it revokes it; another API process (issue 13 runs several) notices a revocation within this time.
 */
export const LIVE_SIGN_IN_TTL_MS = 5_000;
/** Past this many remembered sign-ins the expired ones are swept; there is one entry per active sign-in. */
const SWEEP_ABOVE = 10_000;

export interface LiveSignIns {
  isLive(db: MetadataDb, userId: string, signInId: string): Promise<boolean>;
  /** Forgets one sign-in (sign-out, reuse of a rotated refresh token). */
  forgetSignIn(signInId: string): void;
  /** Forgets every sign-in of a user (password change, reset, account deletion). */
  forgetUser(userId: string): void;
}

export function createLiveSignIns(): LiveSignIns {
  // Only positive answers are kept: a revoked sign-in stays revoked, and its requests are rare.
  const liveUntil = new Map<string, { userId: string; until: number }>();
  // Bumped by every revocation: an answer read before a revocation in this process is not remembered after it.
  let generation = 0;

  function sweep(now: number): void {
    for (const [signInId, entry] of liveUntil) if (entry.until <= now) liveUntil.delete(signInId);
  }

  return {
    async isLive(db, userId, signInId) {
      const now = Date.now();
      const known = liveUntil.get(signInId);
      if (known && known.userId === userId && known.until > now) return true;
      const asked = generation;
      if (!(await isRefreshTokenFamilyLive(db, userId, signInId))) return false;
      if (asked !== generation) return true;
      if (liveUntil.size >= SWEEP_ABOVE) sweep(now);
      liveUntil.set(signInId, { userId, until: now + LIVE_SIGN_IN_TTL_MS });
      return true;
    },
    forgetSignIn(signInId) {
      generation += 1;
      liveUntil.delete(signInId);
    },
    forgetUser(userId) {
      generation += 1;
      for (const [signInId, entry] of liveUntil) if (entry.userId === userId) liveUntil.delete(signInId);
    },
  };
}
