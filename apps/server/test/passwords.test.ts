// Password hashing at its real cost: the hash and its check, and that an app built as the server builds it (no
// BuildOptions.passwordCost) hashes new passwords at PASSWORD_COST; the other suites' apps hash at a test-only cost
// (password-cost.ts), which verifying reads from the hash like any other.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { hashPassword, PASSWORD_COST, verifyPassword } from '../src/auth/passwords.ts';
import { loadConfig } from '../src/config.ts';
import { copyMigratedStore } from '../../../packages/event-store/test/support/migrated-store.ts';
import { TEST_PASSWORD_COST } from './password-cost.ts';
import { createTestApp, signUp, type TestApp } from './test-app.ts';

describe('password hashes', () => {
  it("are scrypt at OWASP's baseline, each with its own salt, and check the password they were made from", async () => {
    expect(PASSWORD_COST).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    const [first, second] = await Promise.all([hashPassword('correct horse 1', PASSWORD_COST), hashPassword('correct horse 1', PASSWORD_COST)]);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword('correct horse 1', first!)).toBe(true);
    expect(await verifyPassword('correct horse 2', first!)).toBe(false);
    expect(await verifyPassword('correct horse 1', 'bcrypt$x')).toBe(false);
  });

  it('are checked at the cost they were made with', async () => {
    const cheap = await hashPassword('correct horse 1', TEST_PASSWORD_COST);
    expect(cheap.startsWith(`scrypt$${TEST_PASSWORD_COST.N}$${TEST_PASSWORD_COST.r}$${TEST_PASSWORD_COST.p}$`)).toBe(true);
    expect(await verifyPassword('correct horse 1', cheap)).toBe(true);
    expect(await verifyPassword('correct horse 2', cheap)).toBe(false);
  });
});

/** The hash stored for a user. */
const storedHash = async (app: FastifyInstance, userId: string) =>
  (await app.metadata.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;

describe('an app built as the server builds it', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-passwords-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    await copyMigratedStore(path.join(dataDir, 'events'));
    // As server.ts builds it, less the logger and the web app: no password cost of its own.
    app = await buildApp(loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent' }), { logger: false, serveWebApp: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hashes a new account\'s password at the real cost', async () => {
    expect(app.passwordCost).toEqual(PASSWORD_COST);
    const user = await signUp(app);
    expect(await storedHash(app, user.user.user_id)).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password: user.password } })).statusCode).toBe(200);
  });
});

describe("the tests' apps", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('hash at the test-only cost, and sign in with it', async () => {
    const user = await signUp(t.app);
    expect(await storedHash(t.app, user.user.user_id)).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_COST.N}\\$${TEST_PASSWORD_COST.r}\\$${TEST_PASSWORD_COST.p}\\$`));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password: user.password } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password: 'wrong horse 1' } })).statusCode).toBe(401);
  });
});
