// The Pages tab reads a website's pages a slice at a time, searched and sorted on the server, and must stay fast at
// 100,000 pages. One index per sort: led by website_id, then the sort's own expression, then url_path (unique within
// a website, the tie-break), so a slice is read in index order, forwards or backwards, and the walk stops after
// offset + limit entries instead of sorting every page. Each also holds lower(title) and url_path, the two values a
// search matches, so a searched walk tests index entries and reads only the matching rows from the table (on SQLite a
// search sorted by path went from 130 ms to 24 ms at 100,000 pages); the count of a website's pages reads an index
// too. The expressions must stay exactly those of pages.repository.ts for the planners to use them; SQLite and
// PostgreSQL both index expressions. Frozen in time: a migration never imports application code.
import { sql, type Kysely } from 'kysely';

const INDEXES = {
  pages_list_path: sql`website_id, url_path, lower(title)`,
  pages_list_title: sql`website_id, lower(title), url_path`,
  pages_list_last_activity: sql`website_id, coalesce(last_activity, created_at), url_path, lower(title)`,
  pages_list_status: sql`website_id, status, url_path, lower(title)`,
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, expression] of Object.entries(INDEXES)) {
    await db.schema.createIndex(name).on('pages').expression(expression).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
}
