// Builds a real app on a temporary data directory for tests: SQLite always, PostgreSQL when TEST_DATABASE_URL is set;
// events in embedded chDB, or through the ClickHouse server adapter for suites that ask (describeEachStores).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe } from 'vitest';
import { openClickHouseStore } from '@foldline/event-store/clickhouse-store';
import { startClickHouseShim } from '../../../packages/event-store/test/support/clickhouse-shim.ts';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

export type Dialect = 'sqlite' | 'postgres';

/** The dialects this run covers. */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Runs a suite once per metadata dialect. */
export function describeEachDialect(name: string, suite: (dialect: Dialect) => void): void {
  for (const dialect of dialects) describe(`${name} [${dialect}]`, () => suite(dialect));
}

/** The stores a suite's app runs on: a metadata dialect, and events in embedded chDB or through the ClickHouse server adapter. */
export interface Stores {
  dialect: Dialect;
  events: 'chdb' | 'clickhouse-adapter';
}

/**
 * Runs a suite once per metadata dialect, the PostgreSQL run with its events through the ClickHouse server adapter
 * (issue 13): against TEST_CLICKHOUSE_URL when set, else against the test-only shim (chDB behind ClickHouse's HTTP
 * interface). Pairing the engines with the dialects covers both event stores without a third run of the suite.
 * Without TEST_DATABASE_URL only SQLite on chDB runs. The suite's apps must not overlap in time: chDB holds one data
 * directory per process, and the shim is chDB in this process.
 */
export function describeEachStores(name: string, suite: (stores: Stores) => void): void {
  for (const dialect of dialects) {
    const stores: Stores = { dialect, events: dialect === 'postgres' ? 'clickhouse-adapter' : 'chdb' };
    describe(`${name} [${dialect}${stores.events === 'chdb' ? '' : ' + ClickHouse adapter'}]`, () => suite(stores));
  }
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh app with its own data directory (and its own PostgreSQL database for the postgres dialect). */
export async function createTestApp(stores: Dialect | Stores = 'sqlite', options: BuildOptions & { env?: Record<string, string> } = {}): Promise<TestApp> {
  const { dialect, events } = typeof stores === 'string' ? { dialect: stores, events: 'chdb' as const } : stores;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-test-'));
  let dropDatabase = async () => {};
  const eventStore = events === 'clickhouse-adapter' ? await eventStoreOnServer() : undefined;
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `foldline_test_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    // Tests stand for readers at many addresses through X-Forwarded-For, as if behind a proxy on loopback.
    TRUST_PROXY: 'loopback',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(eventStore ? { CLICKHOUSE_URL: eventStore.url } : {}),
    ...options.env,
  });
  const app = await buildApp(config, {
    logger: false,
    serveWebApp: false,
    // Tests sign in many times from one address; the rate-limit tests set their own limits.
    rateLimits: { auth: { max: 10_000, timeWindow: 60_000 }, contact: { max: 10_000, timeWindow: 60_000 } },
    ...options,
  });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await dropDatabase();
      await eventStore?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An empty event store behind ClickHouse's HTTP interface: a database of its own on TEST_CLICKHOUSE_URL, else a shim. */
async function eventStoreOnServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = process.env.TEST_CLICKHOUSE_URL;
  if (server) {
    const url = new URL(server);
    url.pathname = `/foldline_test_${randomUUID().replace(/-/g, '')}`;
    return {
      url: url.toString(),
      async close() {
        const admin = openClickHouseStore(url);
        // The store's own database, under the name its statements give it.
        await admin.command('DROP DATABASE IF EXISTS foldline SYNC');
        await admin.close();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'foldline-shim-'));
  const shim = await startClickHouseShim({ dataDir: dir });
  return {
    url: shim.url,
    async close() {
      await shim.close();
      rmSync(dir, { recursive: true, force: true });
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

let counter = 0;

/** Registers a new user through the API and returns what a client would keep. */
export async function signUp(app: FastifyInstance, overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  counter += 1;
  const body = { name: `User ${counter}`, email: `user${counter}-${randomUUID().slice(0, 8)}@example.com`, password: 'correct horse 1', ...overrides };
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const json = response.json() as { tokens: { accessToken: string; refreshToken: string }; user: { user_id: string; name: string; email: string } };
  return { ...json, password: body.password, auth: { authorization: `Bearer ${json.tokens.accessToken}` } };
}
