// Opens a fresh metadata store for a test: SQLite in a temporary directory always, and PostgreSQL in a database of
// its own when TEST_DATABASE_URL is set (as CI does), so the same tests run on both dialects.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { openMetadataStore, type MetadataStore } from '../src/database.ts';

export type Dialect = MetadataStore['dialect'];

export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Runs a suite once per metadata dialect. */
export function describeEachDialect(name: string, suite: (dialect: Dialect) => void): void {
  for (const dialect of dialects) describe(`${name} [${dialect}]`, () => suite(dialect));
}

export interface TestStore extends MetadataStore {
  /** Closes the store and removes its directory or database. */
  dispose(): Promise<void>;
}

export async function openTestStore(dialect: Dialect): Promise<TestStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-metadata-'));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (dialect === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `foldline_test_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const store = await openMetadataStore({ dataDir, databaseUrl });
  return {
    ...store,
    async dispose() {
      await store.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
