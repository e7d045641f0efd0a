// Opens the metadata store: SQLite in the data directory by default, PostgreSQL when a URL is given.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely';
import pg from 'pg';
import * as initial from './migrations/2026-11-22T0300-initial.ts';
import * as pageOrigin from './migrations/2026-11-23T0900-page-origin.ts';
import * as pageListIndexes from './migrations/2026-11-23T2300-page-list-indexes.ts';
import * as pageSearchTrigrams from './migrations/2026-11-23T2330-page-search-trigrams.ts';
import * as signInThrottle from './migrations/2026-11-24T0900-sign-in-throttle.ts';
import * as adUnitNames from './migrations/2026-11-24T1000-ad-unit-names.ts';
import * as visitorSalts from './migrations/2026-11-24T1100-visitor-salts.ts';
import * as adUnitsByWebsiteId from './migrations/2026-11-25T1000-ad-units-by-website-id.ts';
import * as potentialDays from './migrations/2026-11-25T1100-potential-days.ts';
import * as websiteVerifications from './migrations/2026-11-25T1200-website-verifications.ts';
import * as revenueDays from './migrations/2026-11-25T1300-revenue-days.ts';
import * as recommendationRecords from './migrations/2026-11-26T0100-recommendation-records.ts';
import * as revenueFetches from './migrations/2026-11-26T0200-revenue-fetches.ts';
import * as revenueRates from './migrations/2026-11-26T1000-revenue-rates.ts';
import * as signUpAttemptMails from './migrations/2026-11-26T1800-sign-up-attempt-mails.ts';
import type { MetadataSchema } from './tables.ts';

export type MetadataDb = Kysely<MetadataSchema>;

export interface MetadataStore {
  db: MetadataDb;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

/** Listed by hand so that the migrations ship with any bundle and run in a known order. */
const migrations: Record<string, Migration> = {
  '2026-11-22T0300-initial': initial,
  '2026-11-23T0900-page-origin': pageOrigin,
  '2026-11-23T2300-page-list-indexes': pageListIndexes,
  '2026-11-23T2330-page-search-trigrams': pageSearchTrigrams,
  '2026-11-24T0900-sign-in-throttle': signInThrottle,
  '2026-11-24T1000-ad-unit-names': adUnitNames,
  '2026-11-24T1100-visitor-salts': visitorSalts,
  '2026-11-25T1000-ad-units-by-website-id': adUnitsByWebsiteId,
  '2026-11-25T1100-potential-days': potentialDays,
  '2026-11-25T1200-website-verifications': websiteVerifications,
  '2026-11-25T1300-revenue-days': revenueDays,
  '2026-11-26T0100-recommendation-records': recommendationRecords,
  '2026-11-26T0200-revenue-fetches': revenueFetches,
  '2026-11-26T1000-revenue-rates': revenueRates,
  '2026-11-26T1800-sign-up-attempt-mails': signUpAttemptMails,
};

export interface MetadataOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite. */
  databaseUrl?: string | undefined;
  /** Folder for the SQLite file. ':memory:' keeps it in memory. */
  dataDir: string;
}

export async function openMetadataStore(options: MetadataOptions): Promise<MetadataStore> {
  const store = options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
  await migrateToLatest(store.db);
  return store;
}

function openSqlite(dataDir: string): MetadataStore {
  const file = dataDir === ':memory:' ? ':memory:' : path.join(dataDir, 'metadata.sqlite');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  // Several writers (collector, API) share the file: wait for a lock instead of failing at once.
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<MetadataSchema>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

function openPostgres(url: string): MetadataStore {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, a failover, an administrator) is an error event on the pool: with no
  // listener it would end the process. The pool drops that connection and opens another on the next query.
  pool.on('error', () => {});
  const db = new Kysely<MetadataSchema>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

async function migrateToLatest(db: MetadataDb): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Metadata migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Now as the ISO text the schema stores. */
export const nowIso = (): string => new Date().toISOString();
