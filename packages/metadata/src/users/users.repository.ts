// Users: lookups always lower-case the email, so addresses compare case-insensitively on every dialect.
import { randomUUID } from 'node:crypto';
import { nowIso, type MetadataDb } from '../database.ts';
import type { UserRow } from '../tables.ts';

export async function findUserById(db: MetadataDb, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: MetadataDb, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function insertUser(
  db: MetadataDb,
  user: { name: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const now = nowIso();
  const row: UserRow = {
    id: randomUUID(),
    name: user.name,
    email: user.email.trim().toLowerCase(),
    password_hash: user.passwordHash,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function updateUserProfile(db: MetadataDb, id: string, profile: { name: string; email: string }): Promise<void> {
  await db
    .updateTable('users')
    .set({ name: profile.name, email: profile.email.trim().toLowerCase(), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function updateUserPassword(db: MetadataDb, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', id).execute();
}

/** Removes the user row; websites, pages, ad units and tokens go with it by cascade. Events are the caller's job. */
export async function deleteUser(db: MetadataDb, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
