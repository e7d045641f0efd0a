// Access tokens (short-lived JWTs naming their sign-in) and refresh tokens (opaque, stored hashed, rotated on every
// use, reuse detected), and the revocation of sign-ins, which stops their access tokens within seconds.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { nowIso, type MetadataDb } from '@foldline/metadata';
import {
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenRotated,
  revokeRefreshTokenFamily,
  revokeUserRefreshTokens,
  type RefreshTokenRecord,
} from '@foldline/metadata/tokens/refresh-tokens.repository';
import { SignJWT, jwtVerify } from 'jose';
import { unauthorized } from '../errors.ts';
import { createLiveSignIns } from './live-sign-ins.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** Without 'Remember me' the browser drops the session when it closes; the server keeps it at most a day. */
const SESSION_REFRESH_TOKEN_TTL_MS = 24 * 3600 * 1000;
/**
 * A rotated refresh token presented again this soon after its rotation is a concurrent retry (two tabs, a request
 * repeated after a lost answer), not theft: it gets the same successor. Later, reuse revokes the sign-in.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

/** Who an access token speaks for: the user, and the sign-in (refresh token family) it was issued to. */
export interface AccessClaims {
  userId: string;
  signInId: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface TokenIssuer {
  issue(db: MetadataDb, userId: string, options?: { persistent?: boolean }): Promise<TokenPair>;
  rotate(db: MetadataDb, refreshToken: string): Promise<{ userId: string; tokens: TokenPair }>;
  verifyAccessToken(token: string): Promise<AccessClaims>;
  /** Whether the access token's sign-in still stands (cached for a few seconds; see LIVE_SIGN_IN_TTL_MS). */
  isSignInLive(db: MetadataDb, claims: AccessClaims): Promise<boolean>;
  /** Ends the sign-in a refresh token belongs to (sign-out). Unknown tokens are ignored. */
  revokeByRefreshToken(db: MetadataDb, refreshToken: string): Promise<void>;
  /** Ends every sign-in of the user, or all but `exceptSignInId` (password change, reset, account deletion). */
  revokeUserSignIns(db: MetadataDb, userId: string, exceptSignInId?: string): Promise<void>;
}

export function createTokenIssuer(secret: string): TokenIssuer {
  const key = new TextEncoder().encode(secret);
  // A key of its own for deriving successors, so no value computed with it can pass for a JWT signature.
  const successorKey = createHmac('sha256', secret).update('foldline refresh token successor').digest();
  const liveSignIns = createLiveSignIns();

  async function signAccessToken(userId: string, signInId: string): Promise<string> {
    return new SignJWT({ typ: 'access', sid: signInId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(key);
  }

  /**
   * The token a refresh token rotates to, derived rather than random: a concurrent retry, in this process or any
   * other, can answer with the very successor the first request stored without the store keeping it in clear.
   * Unpredictable without the server secret, like a random token.
   */
  const successorOf = (refreshToken: string) => createHmac('sha256', successorKey).update(refreshToken).digest('base64url');

  async function storeRefreshToken(db: MetadataDb, token: { userId: string; familyId: string; persistent: boolean; value: string }) {
    await insertRefreshToken(db, {
      userId: token.userId,
      familyId: token.familyId,
      tokenHash: sha256(token.value),
      expiresAt: new Date(Date.now() + (token.persistent ? REFRESH_TOKEN_TTL_MS : SESSION_REFRESH_TOKEN_TTL_MS)),
      persistent: token.persistent,
    });
  }

  /** A retry of a rotation that happened within the grace window, whose successor is still the sign-in's newest. */
  async function isConcurrentRetry(db: MetadataDb, record: RefreshTokenRecord, successor: string): Promise<boolean> {
    if (!record.rotated_at || Date.now() - Date.parse(record.rotated_at) > REFRESH_REUSE_GRACE_MS) return false;
    const next = await findRefreshToken(db, sha256(successor));
    return next !== undefined && next.family_id === record.family_id && !next.revoked_at && !next.rotated_at;
  }

  async function revokeSignIn(db: MetadataDb, signInId: string): Promise<void> {
    await revokeRefreshTokenFamily(db, signInId);
    liveSignIns.forgetSignIn(signInId);
  }

  const issuer: TokenIssuer = {
    async issue(db, userId, options = {}) {
      const persistent = options.persistent ?? true;
      const refreshToken = randomToken();
      const signInId = randomUUID();
      await storeRefreshToken(db, { userId, familyId: signInId, persistent, value: refreshToken });
      return { accessToken: await signAccessToken(userId, signInId), refreshToken };
    },

    async rotate(db, refreshToken) {
      const tokenHash = sha256(refreshToken);
      let record = await findRefreshToken(db, tokenHash);
      if (!record || record.revoked_at) throw unauthorized('Invalid refresh token');
      const successor = successorOf(refreshToken);
      if (!record.rotated_at) {
        if (record.expires_at <= nowIso()) throw unauthorized('Refresh token expired');
        const current = record;
        // One transaction: a concurrent retry that finds the token rotated also finds its successor stored.
        const rotated = await db.transaction().execute(async (trx) => {
          if (!(await markRefreshTokenRotated(trx, current.id))) return false;
          await storeRefreshToken(trx, { userId: current.user_id, familyId: current.family_id, persistent: current.persistent === 1, value: successor });
          return true;
        });
        if (rotated) return { userId: current.user_id, tokens: { accessToken: await signAccessToken(current.user_id, current.family_id), refreshToken: successor } };
        // Another request rotated it between our read and our update: see what it did.
        record = await findRefreshToken(db, tokenHash);
        if (!record || record.revoked_at) throw unauthorized('Invalid refresh token');
      }
      if (await isConcurrentRetry(db, record, successor)) {
        return { userId: record.user_id, tokens: { accessToken: await signAccessToken(record.user_id, record.family_id), refreshToken: successor } };
      }
      // A rotated token came back after the grace window: someone holds a copy. End this sign-in everywhere.
      await revokeSignIn(db, record.family_id);
      throw unauthorized('Invalid refresh token');
    },

    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        // Every access token names its sign-in, so that revoking the sign-in stops it.
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('not an access token');
        return { userId: payload.sub, signInId: payload.sid };
      } catch {
        throw unauthorized('Invalid or expired access token');
      }
    },

    isSignInLive: (db, claims) => liveSignIns.isLive(db, claims.userId, claims.signInId),

    async revokeByRefreshToken(db, refreshToken) {
      const record = await findRefreshToken(db, sha256(refreshToken));
      if (record) await revokeSignIn(db, record.family_id);
    },

    async revokeUserSignIns(db, userId, exceptSignInId) {
      await revokeUserRefreshTokens(db, userId, exceptSignInId);
      liveSignIns.forgetUser(userId);
    },
  };
  return issuer;
}
