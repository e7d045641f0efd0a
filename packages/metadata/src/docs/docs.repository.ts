// Helpfulness votes of the documentation page's sections.
import { randomUUID } from 'node:crypto';
import { nowIso, type MetadataDb } from '../database.ts';

export async function insertDocVote(db: MetadataDb, vote: { section: string; helpful: boolean }): Promise<void> {
  await db
    .insertInto('doc_votes')
    .values({ id: randomUUID(), section: vote.section, helpful: vote.helpful ? 1 : 0, created_at: nowIso() })
    .execute();
}
