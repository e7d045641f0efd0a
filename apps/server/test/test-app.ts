// Builds a real app on a temporary data directory for tests: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

export type Dialect = 'sqlite' | 'postgres';

/** The dialects this run covers. */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Runs a suite once per metadata dialect. */
export function describeEachDialect(name: string, suite: (dialect: Dialect) => void): void {
  for (const dialect of dialects) describe(`${name} [${dialect}]`, () => suite(dialect));
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh app with its own data directory (and its own PostgreSQL database for the postgres dialect). */
export async function createTestApp(dialect: Dialect = 'sqlite', options: BuildOptions & { env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-test-'));
  let dropDatabase = async () => {};
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
