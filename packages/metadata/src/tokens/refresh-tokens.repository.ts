// Refresh tokens, stored only as SHA-256 hashes, grouped in families for reuse detection.
import { randomUUID } from 'node:crypto';
import { nowIso, type MetadataDb } from '../database.ts';

export interface RefreshTokenRecord {
  id: string;
  user_id: string;
  family_id: string;
  expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  persistent: number;
}

export async function insertRefreshToken(
  db: MetadataDb,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; persistent: boolean },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: randomUUID(),
      user_id: token.userId,
      family_id: token.familyId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt.toISOString(),
      created_at: nowIso(),
      rotated_at: null,
      revoked_at: null,
      persistent: token.persistent ? 1 : 0,
    })
    .execute();
}

export async function findRefreshToken(db: MetadataDb, tokenHash: string): Promise<RefreshTokenRecord | undefined> {
  return db
    .selectFrom('refresh_tokens')
    .select(['id', 'user_id', 'family_id', 'expires_at', 'rotated_at', 'revoked_at', 'persistent'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token as exchanged. Returns false when another request rotated it first (a race or a replay). */
export async function markRefreshTokenRotated(db: MetadataDb, id: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: nowIso() })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Whether a sign-in still stands: some token of its family is neither revoked nor expired. Revocation takes a whole
 * family at once and an account's deletion takes its tokens by cascade, so this also says the user still exists.
 */
export async function isRefreshTokenFamilyLive(db: MetadataDb, userId: string, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeRefreshTokenFamily(db: MetadataDb, familyId: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

/** Revokes every sign-in of the user, or every one but `exceptFamilyId`. */
export async function revokeUserRefreshTokens(db: MetadataDb, userId: string, exceptFamilyId?: string): Promise<void> {
  let query = db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptFamilyId) query = query.where('family_id', '!=', exceptFamilyId);
  await query.execute();
}
