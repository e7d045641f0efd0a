// When an account's owner was last mailed that someone tried to sign up with their address (issue 22): at most one
// such mail an hour per account, whichever API process answered the attempt, so the time lives in the metadata store
// rather than in one process's memory.
// Frozen in time: a migration never imports application code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_up_attempt_mails')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mailed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_up_attempt_mails').execute();
}
