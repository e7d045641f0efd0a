// When each account's owner was last told of a sign-up attempt with their address: one claim per mail, atomic on
// every dialect, so two API processes answering attempts at once send one mail between them.
import type { MetadataDb } from '../database.ts';

/** Records a mail to the account's owner at `now` and answers true, unless one was recorded after `notBefore`. */
export async function claimSignUpAttemptMail(db: MetadataDb, userId: string, now: Date, notBefore: Date): Promise<boolean> {
  const result = await db
    .insertInto('sign_up_attempt_mails')
    .values({ user_id: userId, mailed_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ mailed_at: now.toISOString() })
        .where('sign_up_attempt_mails.mailed_at', '<=', notBefore.toISOString()),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
