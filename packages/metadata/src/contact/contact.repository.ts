// Messages sent through the public contact form: always stored, whether or not they are also e-mailed.
import { randomUUID } from 'node:crypto';
import { nowIso, type MetadataDb } from '../database.ts';
import type { ContactMessagesTable } from '../tables.ts';

export async function insertContactMessage(
  db: MetadataDb,
  message: Pick<ContactMessagesTable, 'name' | 'email' | 'subject' | 'message'>,
): Promise<ContactMessagesTable> {
  const row: ContactMessagesTable = { id: randomUUID(), ...message, created_at: nowIso() };
  await db.insertInto('contact_messages').values(row).execute();
  return row;
}
