// Builds a real app on a temporary data directory for tests: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
// Each dialect comes with an event engine: SQLite with embedded chDB, PostgreSQL with the ClickHouse server adapter.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe } from 'vitest';
import { openClickHouseStore } from '@foldline/event-store/clickhouse-store';
import { startClickHouseShim } from '../../../packages/event-store/test/support/clickhouse-shim.ts';
import { copyMigratedStore } from '../../../packages/event-store/test/support/migrated-store.ts';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TEST_PASSWORD_COST } from './password-cost.ts';

export type Dialect = 'sqlite' | 'postgres';

/** Where a test app keeps its events: embedded chDB, or a ClickHouse server through the adapter (CLICKHOUSE_URL). */
export type EventEngine = 'chdb' | 'clickhouse-adapter';

/** The dialects this run covers. */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * The event engine each dialect's app runs on (issue 13): the PostgreSQL run, a scale-out's metadata store, keeps its
 * events through the ClickHouse server adapter, against TEST_CLICKHOUSE_URL when set and else against the test-only
 * shim (chDB behind ClickHouse's HTTP interface, in this process). Pairing the engines with the dialects covers both
 * event stores without a third run of every suite; CI sets TEST_DATABASE_URL, so it runs both.
 */
export const engineOf = (dialect: Dialect): EventEngine => (dialect === 'postgres' ? 'clickhouse-adapter' : 'chdb');

/** Runs a suite once per metadata dialect, each with its event engine; the suite's name says both. */
export function describeEachDialect(name: string, suite: (dialect: Dialect) => void): void {
  for (const dialect of dialects) describe(`${name} [${dialect}+${engineOf(dialect)}]`, () => suite(dialect));
}

/**
 * Runs a suite once, on the last dialect and its engine: PostgreSQL with the ClickHouse adapter where the run has
 * PostgreSQL (CI), else SQLite with chDB. For suites too slow to run twice whose chDB path the browser tests also take.
 */
export function describeOnLastDialect(name: string, suite: (dialect: Dialect) => void): void {
  const dialect = dialects.at(-1)!;
  describe(`${name} [${dialect}+${engineOf(dialect)}]`, () => suite(dialect));
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions extends BuildOptions {
  env?: Record<string, string>;
  /** The dialect's own (engineOf) unless given. */
  events?: EventEngine;
}

/**
 * A fresh app with its own data directory, its own PostgreSQL database for the postgres dialect and its own event
 * store. A suite's apps must not overlap in time: chDB holds one data directory per process, and the shim is chDB here.
 */
export async function createTestApp(dialect: Dialect = 'sqlite', options: TestAppOptions = {}): Promise<TestApp> {
  const { env, events = engineOf(dialect), ...buildOptions } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-test-'));
  // Migrated already (migrated-store.ts): the app's own migrations find nothing pending.
  if (events === 'chdb') await copyMigratedStore(path.join(dataDir, 'events'));
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
    ...env,
  });
  const app = await buildApp(config, {
    logger: false,
    serveWebApp: false,
    // Tests sign in many times from one address; the rate-limit tests set their own limits.
    rateLimits: { auth: { max: 10_000, timeWindow: 60_000 }, contact: { max: 10_000, timeWindow: 60_000 } },
    passwordCost: TEST_PASSWORD_COST,
    ...buildOptions,
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
  await copyMigratedStore(dir);
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
