// Password-reset tokens, stored hashed; each works once and until it expires, and only while it is its user's newest:
// a newer link, a reset or a password change retires every older one.
import { nowIso, type MetadataDb } from '../database.ts';

export async function insertResetToken(db: MetadataDb, token: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('reset_tokens')
    .values({ token_hash: token.tokenHash, user_id: token.userId, expires_at: token.expiresAt.toISOString(), used_at: null, created_at: nowIso() })
    .execute();
}

/** The user id a token belongs to, when the token is unused and not expired. */
export async function findUsableResetToken(db: MetadataDb, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('reset_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row?.user_id;
}

/** Consumes a token; false when it was already used (two resets racing on one link). */
export async function markResetTokenUsed(db: MetadataDb, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('reset_tokens')
    .set({ used_at: nowIso() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Retires every unused link of the user (marked used): a newer link, a completed reset or a password change. */
export async function retireResetTokensOfUser(db: MetadataDb, userId: string): Promise<void> {
  await db.updateTable('reset_tokens').set({ used_at: nowIso() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
