// The one error shape: unknown /api paths answer 404 JSON, bad input a 4xx, and a 5xx never shows internals.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';
import { createWebsite } from './website-fixtures.ts';

const GENERIC_500 = { error: { message: 'Something went wrong on our side. Please try again.' } };
const SECRET = 'password=hunter2 at /srv/foldline/data/metadata.sqlite';

describeEachDialect('errors', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/websites-typo'],
    ['DELETE', '/api/users'],
    ['GET', '/api/auth/login'],
    ['PATCH', '/api/websites/00000000-0000-0000-0000-000000000000'],
  ] as const)('answers %s %s with a 404 JSON error', async (method, url) => {
    const response = await t.app.inject({ method, url: `${url}?x=1` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: { message: `No API route for ${method} ${url}` } });
  });

  it("answers an address that does not decode, and an over-long id, in the one error shape", async () => {
    const user = await signUp(t.app);
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/websites/%E0%A4%A', headers: user.auth });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: { message: 'The address is not valid' } });
    const long = await t.app.inject({ method: 'GET', url: `/api/websites/${'a'.repeat(101)}`, headers: user.auth });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { message: 'The address is too long' } });
  });

  it('answers malformed JSON and a wrong content type with a 4xx', async () => {
    const user = await signUp(t.app);
    const badJson = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.user.user_id}`,
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ error: { message: 'The request body is not valid JSON' } });
    const xml = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ error: { message: 'Unsupported content type' } });
  });

  it('hides a failing store behind a generic 500', async () => {
    const user = await signUp(t.app);
    const { website_id } = await createWebsite(t.app, user.auth);
    const spy = vi.spyOn(t.app.events, 'query').mockRejectedValue(new Error(SECRET));
    try {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/websites/${website_id}/data`, headers: user.auth });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual(GENERIC_500);
      expect(response.body).not.toContain('hunter2');
    } finally {
      spy.mockRestore();
    }
    // The website is still there: nothing was deleted before the failure.
    expect((await t.app.inject({ method: 'GET', url: `/api/websites/${website_id}`, headers: user.auth })).statusCode).toBe(200);
  });
});

describe('a route that throws', () => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-errors-'));
    app = await buildApp(loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent' }), { logger: false, serveWebApp: false });
    app.get('/api/test/throw', async () => {
      throw new Error(SECRET);
    });
    app.get('/api/test/throw-with-status', async () => {
      throw Object.assign(new TypeError(SECRET), { statusCode: 503 });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['/api/test/throw', '/api/test/throw-with-status'])('%s answers 500 without its message or stack', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(GENERIC_500);
    expect(response.body).not.toMatch(/hunter2|\/srv\/|at .*\.ts/);
  });
});
