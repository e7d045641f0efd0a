// Access tokens (short-lived JWTs) and refresh tokens (opaque, stored hashed, rotated on every use).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { MetadataDb } from '@foldline/metadata';
import {
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenRotated,
  revokeRefreshTokenFamily,
} from '@foldline/metadata/tokens/refresh-tokens.repository';
import { SignJWT, jwtVerify } from 'jose';
import { unauthorized } from '../errors.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** Without 'Remember me' the browser drops the session when it closes; the server keeps it at most a day. */
const SESSION_REFRESH_TOKEN_TTL_MS = 24 * 3600 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

/** Who an access token speaks for: the user, and the sign-in (refresh token family) it was issued to. */
export interface AccessClaims {
  userId: string;
  /** Absent in tokens issued before sign-ins were named; such a token stands for no particular sign-in. */
  signInId: string | undefined;
}

export interface TokenIssuer {
  issue(db: MetadataDb, userId: string, options?: { persistent?: boolean; familyId?: string }): Promise<{ accessToken: string; refreshToken: string }>;
  rotate(db: MetadataDb, refreshToken: string): Promise<{ userId: string; tokens: { accessToken: string; refreshToken: string } }>;
  verifyAccessToken(token: string): Promise<AccessClaims>;
}

export function createTokenIssuer(secret: string): TokenIssuer {
  const key = new TextEncoder().encode(secret);

  async function signAccessToken(userId: string, familyId: string): Promise<string> {
    return new SignJWT({ typ: 'access', sid: familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(key);
  }

  const issuer: TokenIssuer = {
    async issue(db, userId, options = {}) {
      const persistent = options.persistent ?? true;
      const refreshToken = randomToken();
      const familyId = options.familyId ?? randomUUID();
      await insertRefreshToken(db, {
        userId,
        familyId,
        tokenHash: sha256(refreshToken),
        expiresAt: new Date(Date.now() + (persistent ? REFRESH_TOKEN_TTL_MS : SESSION_REFRESH_TOKEN_TTL_MS)),
        persistent,
      });
      return { accessToken: await signAccessToken(userId, familyId), refreshToken };
    },

    async rotate(db, refreshToken) {
      const record = await findRefreshToken(db, sha256(refreshToken));
      if (!record || record.revoked_at) throw unauthorized('Invalid refresh token');
      if (record.rotated_at) {
        // A rotated token came back: someone holds a copy. Revoke every token of this sign-in.
        await revokeRefreshTokenFamily(db, record.family_id);
        throw unauthorized('Invalid refresh token');
      }
      if (record.expires_at <= new Date().toISOString()) throw unauthorized('Refresh token expired');
      if (!(await markRefreshTokenRotated(db, record.id))) {
        await revokeRefreshTokenFamily(db, record.family_id);
        throw unauthorized('Invalid refresh token');
      }
      const tokens = await issuer.issue(db, record.user_id, { persistent: record.persistent === 1, familyId: record.family_id });
      return { userId: record.user_id, tokens };
    },

    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string') throw new Error('not an access token');
        return { userId: payload.sub, signInId: typeof payload.sid === 'string' ? payload.sid : undefined };
      } catch {
        throw unauthorized('Invalid or expired access token');
      }
    },
  };
  return issuer;
}
