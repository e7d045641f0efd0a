// The visitor-hash salts of a few days, one per UTC day for all processes: the first process to need a day's salt
// stores the one it drew, and every process uses whichever was stored first.
import type { MetadataDb } from '../database.ts';

/** The salts of `days` (YYYY-MM-DD), creating each missing one from `draw()`; salts of days before `keepFrom` are deleted. */
export async function sharedSalts(db: MetadataDb, days: readonly string[], draw: () => string, keepFrom: string): Promise<Map<string, string>> {
  await db.deleteFrom('visitor_salts').where('day', '<', keepFrom).execute();
  for (const day of days) {
    await db.insertInto('visitor_salts').values({ day, salt: draw() }).onConflict((conflict) => conflict.column('day').doNothing()).execute();
  }
  const rows = await db.selectFrom('visitor_salts').select(['day', 'salt']).where('day', 'in', days).execute();
  return new Map(rows.map((row) => [row.day, row.salt]));
}
