// PostgreSQL only: trigram indexes for the Pages tab's search ('contains' on the title or the url_path). A search
// matching few pages read all 100,000 pages of a website through lower() and LIKE, 60 ms on an idle machine and 200 ms
// on a busy one; through pg_trgm's GIN indexes it reads the few candidates, under 3 ms. A search matching many pages
// still walks a sort index and stops after one slice (the planner picks by selectivity). pg_trgm ships with
// PostgreSQL's contrib and is a trusted extension (13+), so a database owner may create it; where it is missing or
// may not be created, nothing is done and searches scan, as on SQLite, whose covering sort indexes keep a scan at
// about 25 ms (migration 2026-11-23T2300). The expressions must stay those of pages.repository.ts.
// Frozen in time: a migration never imports application code.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const INDEXES = { pages_search_title: 'title', pages_search_path: 'url_path' };

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // Asked first: a failed CREATE EXTENSION would abort the migration's transaction and with it the server's start.
  const { rows } = await sql<{ usable: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
      OR (EXISTS (SELECT 1 FROM pg_available_extension_versions WHERE name = 'pg_trgm'
            AND (trusted OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)))
          AND has_database_privilege(current_database(), 'CREATE')) AS usable`.execute(db);
  if (!rows[0]?.usable) return;
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  for (const [name, column] of Object.entries(INDEXES)) {
    await sql`CREATE INDEX ${sql.id(name)} ON pages USING gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // The extension stays: something else may use it.
  for (const name of Object.keys(INDEXES)) await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
}
