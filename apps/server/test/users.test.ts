// /api/users/:userId: profile, password, clearing all data and deleting the account; only your own id.
import { randomUUID } from 'node:crypto';
import {
  CURRENT_PASSWORD_INCORRECT_MESSAGE,
  PASSWORD_FIELDS_REQUIRED_MESSAGE,
  PASSWORD_NOT_UNIQUE_MESSAGE,
  PROFILE_REQUIRED_MESSAGE,
} from '@foldline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';
import { countEvents, countRollupRows, createWebsite, insertAdUnit, insertPage, seedEvents } from './website-fixtures.ts';

type SignedUp = Awaited<ReturnType<typeof signUp>>;

describeEachDialect('users', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  // One account for the cases that must change nothing (each scrypt hash costs a sign-up about 100 ms).
  let shared: Promise<SignedUp> | undefined;
  const sharedUser = () => (shared ??= signUp(t.app, { password: 'correct horse 1' }));

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  /** Two websites with pages, ad units and events; returns their ids. */
  async function seedAccount(user: SignedUp) {
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { website_id } = await createWebsite(t.app, user.auth);
      const page = await insertPage(t.app, website_id);
      await insertAdUnit(t.app, website_id, page.id);
      await seedEvents(t.app, website_id, page.id);
      ids.push(website_id);
    }
    return ids;
  }
  const rowsOf = async (table: 'websites' | 'pages' | 'ad_units', websiteIds: string[]) =>
    (await t.app.metadata.db.selectFrom(table).select('id').where(table === 'websites' ? 'id' : 'website_id', 'in', websiteIds).execute()).length;

  describe('PUT /users/:userId', () => {
    it('updates the name and e-mail and returns the user', async () => {
      const user = await signUp(t.app);
      const response = await call('PUT', `/api/users/${user.user.user_id}`, user.auth, { name: ' Grace Hopper ', email: 'Grace.Hopper@Example.com' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: { user_id: user.user.user_id, name: 'Grace Hopper', email: 'grace.hopper@example.com' } });
      expect((await login('GRACE.HOPPER@example.com', user.password)).statusCode).toBe(200);
      expect((await login(user.user.email, user.password)).statusCode).toBe(401);
    });

    it('keeps your own e-mail in another case, and answers 409 for an address another account has', async () => {
      const user = await signUp(t.app);
      const other = await signUp(t.app);
      const own = await call('PUT', `/api/users/${user.user.user_id}`, user.auth, { name: 'Same', email: user.user.email.toUpperCase() });
      expect(own.statusCode).toBe(200);
      expect(own.json().user.email).toBe(user.user.email);
      const taken = await call('PUT', `/api/users/${user.user.user_id}`, user.auth, { name: 'Thief', email: other.user.email.toUpperCase() });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ error: { message: 'An account with this email already exists' } });
      expect((await login(other.user.email, other.password)).json().user.name).toBe(other.user.name);
    });

    it.each([
      [{}, PROFILE_REQUIRED_MESSAGE],
      [{ email: 'a@example.com' }, PROFILE_REQUIRED_MESSAGE],
      [{ name: '  ', email: 'a@example.com' }, PROFILE_REQUIRED_MESSAGE],
      [{ name: 'A' }, PROFILE_REQUIRED_MESSAGE],
      [{ name: 'A', email: '' }, PROFILE_REQUIRED_MESSAGE],
      [{ name: 'A', email: 'not-an-address' }, 'Please enter a valid email address'],
      [{ name: 'A', email: 'a@b' }, 'Please enter a valid email address'],
    ])('refuses %j with 400', async (payload, message) => {
      const user = await sharedUser();
      const response = await call('PUT', `/api/users/${user.user.user_id}`, user.auth, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message } });
    });
  });

  describe('PUT /users/:userId/password', () => {
    it('changes the password after checking the current one', async () => {
      const user = await signUp(t.app);
      const url = `/api/users/${user.user.user_id}/password`;
      const response = await call('PUT', url, user.auth, { currentPassword: user.password, newPassword: 'a brand new secret' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      expect((await login(user.user.email, 'a brand new secret')).statusCode).toBe(200);
      expect((await login(user.user.email, user.password)).statusCode).toBe(401);
    });

    it('signs out the other sign-ins and keeps the one that changed it', async () => {
      const user = await signUp(t.app);
      const otherBrowser = (await login(user.user.email, user.password)).json() as { tokens: { refreshToken: string } };
      const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
      const response = await call('PUT', `/api/users/${user.user.user_id}/password`, user.auth, { currentPassword: user.password, newPassword: 'a brand new secret' });
      expect(response.statusCode).toBe(200);
      expect((await refresh(otherBrowser.tokens.refreshToken)).statusCode).toBe(401);
      const kept = await refresh(user.tokens.refreshToken);
      expect(kept.statusCode).toBe(200);
      // The kept sign-in goes on: its new access token works.
      const again = (kept.json() as { tokens: { accessToken: string } }).tokens.accessToken;
      expect((await call('PUT', `/api/users/${user.user.user_id}`, { authorization: `Bearer ${again}` }, { name: 'Still Here', email: user.user.email })).statusCode).toBe(200);
    });

    it.each([
      [{}, PASSWORD_FIELDS_REQUIRED_MESSAGE],
      [{ currentPassword: '', newPassword: 'long enough 1' }, PASSWORD_FIELDS_REQUIRED_MESSAGE],
      [{ currentPassword: 'correct horse 1' }, PASSWORD_FIELDS_REQUIRED_MESSAGE],
      [{ currentPassword: 'correct horse 1', newPassword: '' }, PASSWORD_FIELDS_REQUIRED_MESSAGE],
      [{ currentPassword: 'correct horse 1', newPassword: 'correct horse 1' }, PASSWORD_NOT_UNIQUE_MESSAGE],
      [{ currentPassword: 'correct horse 1', newPassword: 'short' }, 'Password must be at least 8 characters long'],
      [{ currentPassword: 'wrong password', newPassword: 'long enough 1' }, CURRENT_PASSWORD_INCORRECT_MESSAGE],
    ])('refuses %j with 400 and keeps the password', async (payload, message) => {
      const user = await sharedUser();
      const response = await call('PUT', `/api/users/${user.user.user_id}/password`, user.auth, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message } });
      expect((await login(user.user.email, 'correct horse 1')).statusCode).toBe(200);
    });
  });

  describe('POST /users/:userId/clear-data', () => {
    it("removes every website with its pages, ad units and events, keeps the account and other users' data", async () => {
      const user = await signUp(t.app);
      const other = await signUp(t.app);
      const mine = await seedAccount(user);
      const theirs = await seedAccount(other);
      const theirEvents = await Promise.all(theirs.map((id) => countEvents(t.app, id)));

      const response = await call('POST', `/api/users/${user.user.user_id}/clear-data`, user.auth);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });

      expect((await t.app.inject({ method: 'GET', url: '/api/websites', headers: user.auth })).json()).toEqual({ websites: [] });
      for (const table of ['websites', 'pages', 'ad_units'] as const) expect(await rowsOf(table, mine)).toBe(0);
      for (const id of mine) expect(await countEvents(t.app, id)).toBe(0);
      for (const id of mine) expect(await countRollupRows(t.app, id)).toBe(0);
      // The account stays and works.
      expect((await login(user.user.email, user.password)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/websites', headers: user.auth })).statusCode).toBe(200);

      expect(await Promise.all(theirs.map((id) => countEvents(t.app, id)))).toEqual(theirEvents);
      for (const table of ['websites', 'pages', 'ad_units'] as const) expect(await rowsOf(table, theirs)).toBe(2);
    });

    it('succeeds for an account without websites', async () => {
      const user = await signUp(t.app);
      expect((await call('POST', `/api/users/${user.user.user_id}/clear-data`, user.auth)).json()).toEqual({ success: true });
    });
  });

  describe('DELETE /users/:userId', () => {
    it("removes the account with all its data, ends its sessions, and leaves other users' data", async () => {
      const user = await signUp(t.app);
      const other = await signUp(t.app);
      const mine = await seedAccount(user);
      const theirs = await seedAccount(other);
      const theirEvents = await Promise.all(theirs.map((id) => countEvents(t.app, id)));

      const response = await call('DELETE', `/api/users/${user.user.user_id}`, user.auth);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });

      for (const table of ['websites', 'pages', 'ad_units'] as const) expect(await rowsOf(table, mine)).toBe(0);
      for (const id of mine) expect(await countEvents(t.app, id)).toBe(0);
      for (const id of mine) expect(await countRollupRows(t.app, id)).toBe(0);
      expect(await t.app.metadata.db.selectFrom('users').select('id').where('id', '=', user.user.user_id).execute()).toEqual([]);
      // Its access and refresh tokens stop working at once; the address is free again.
      expect((await t.app.inject({ method: 'GET', url: '/api/websites', headers: user.auth })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.tokens.refreshToken } })).statusCode).toBe(401);
      expect((await login(user.user.email, user.password)).statusCode).toBe(401);
      expect((await signUp(t.app, { email: user.user.email })).user.email).toBe(user.user.email);

      expect(await Promise.all(theirs.map((id) => countEvents(t.app, id)))).toEqual(theirEvents);
      expect((await login(other.user.email, other.password)).statusCode).toBe(200);
    });
  });

  describe('ownership, ids and authentication', () => {
    const routes = (id: string) =>
      [
        ['PUT', `/api/users/${id}`, { name: 'Hijacked', email: `hijack-${randomUUID().slice(0, 6)}@example.com` }],
        ['PUT', `/api/users/${id}/password`, { currentPassword: 'correct horse 1', newPassword: 'hijacked password' }],
        ['POST', `/api/users/${id}/clear-data`, undefined],
        ['DELETE', `/api/users/${id}`, undefined],
      ] as const;

    it("answers another user's id exactly like a missing one, and changes nothing", async () => {
      const caller = await signUp(t.app);
      const victim = await signUp(t.app, { password: 'correct horse 1' });
      const [victimSite] = await seedAccount(victim);
      for (const id of [victim.user.user_id, randomUUID()]) {
        for (const [method, url, payload] of routes(id)) {
          const response = await call(method, url, caller.auth, payload);
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.json()).toEqual({ error: { message: 'User not found' } });
        }
      }
      const victimLogin = await login(victim.user.email, 'correct horse 1');
      expect(victimLogin.statusCode).toBe(200);
      expect(victimLogin.json().user).toEqual(victim.user);
      expect(await countEvents(t.app, victimSite!)).toBeGreaterThan(0);
    });

    it.each(['me', 'not-a-uuid', '12345'])('answers a malformed id %j with 400', async (id) => {
      const caller = await signUp(t.app);
      for (const [method, url, payload] of routes(id)) {
        const response = await call(method, url, caller.auth, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json()).toEqual({ error: { message: 'Invalid id' } });
      }
    });

    it('answers 401 without a valid token', async () => {
      const user = await signUp(t.app, { password: 'correct horse 1' });
      for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }] as Record<string, string>[]) {
        for (const [method, url, payload] of routes(user.user.user_id)) {
          const response = await call(method, url, headers, payload);
          expect(response.statusCode, `${method} ${url}`).toBe(401);
          expect(response.json().error.message).toEqual(expect.any(String));
        }
      }
      expect((await login(user.user.email, 'correct horse 1')).json().user).toEqual(user.user);
    });
  });
});
