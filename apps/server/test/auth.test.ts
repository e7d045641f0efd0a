// /api/auth: registration, sign-in, refresh rotation and reuse detection, password reset.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_MS } from '../src/auth/tokens.ts';
import { waitForResetToken } from './outbox.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

describeEachDialect('auth', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

  it('registers a user, returns tokens and the user, and lower-cases the email', async () => {
    const response = await post('/api/auth/register', { name: 'Ada Lovelace', email: 'Ada@Example.COM', password: 'analytical engine' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toEqual({ user_id: expect.any(String), name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(body.tokens.accessToken).toMatch(/^ey/);
    expect(body.tokens.refreshToken.length).toBeGreaterThan(30);
  });

  it('answers 409 for a taken email whatever its case', async () => {
    await post('/api/auth/register', { name: 'A', email: 'taken@example.com', password: 'password one' });
    const response = await post('/api/auth/register', { name: 'B', email: 'TAKEN@example.com', password: 'password two' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { message: 'An account with this email already exists' } });
  });

  it.each([
    [{ name: '', email: 'x@example.com', password: 'password1' }, 'All fields are required'],
    [{ name: 'X', email: 'not-an-email', password: 'password1' }, 'Please enter a valid email address'],
    [{ name: 'X', email: 'x@example.com', password: 'short' }, 'Password must be at least 8 characters long'],
    [{ name: 'X', email: 'x@example.com' }, undefined],
  ])('rejects a bad registration %j with 400', async (payload, message) => {
    const response = await post('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().error.message).toBe(message);
    else expect(response.json().error.message).toEqual(expect.any(String));
  });

  it('signs in with any case of the email and refuses a wrong password', async () => {
    const { user, password } = await signUp(t.app);
    const ok = await post('/api/auth/login', { email: user.email.toUpperCase(), password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toEqual(user);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { message: 'Invalid email or password' } });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    const empty = await post('/api/auth/login', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Email and password are required');
  });

  it('rotates refresh tokens and revokes the whole family when a rotated token is reused after the grace window', async () => {
    const { user, tokens } = await signUp(t.app);
    const first = await post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(first.statusCode).toBe(200);
    const second = first.json().tokens;
    expect(second.refreshToken).not.toBe(tokens.refreshToken);

    // The new access token works.
    const me = await t.app.inject({ method: 'GET', url: '/api/websites', headers: { authorization: `Bearer ${second.accessToken}` } });
    expect([200, 404]).toContain(me.statusCode);

    // Replaying the first token once the grace window for concurrent retries is over is theft: it fails and takes
    // the newer token down with it.
    const longAgo = new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000).toISOString();
    await t.app.metadata.db.updateTable('refresh_tokens').set({ rotated_at: longAgo }).where('user_id', '=', user.user_id).where('rotated_at', 'is not', null).execute();
    const replay = await post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(replay.statusCode).toBe(401);
    const descendant = await post('/api/auth/refresh', { refreshToken: second.refreshToken });
    expect(descendant.statusCode).toBe(401);
  });

  it('refuses an email holding a NUL character with 400, which PostgreSQL text could not even be asked about', async () => {
    for (const url of ['/api/auth/login', '/api/auth/forgot-password']) {
      const response = await post(url, { email: 'a\u0000@example.com', password: 'whatever1' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message: 'Please enter a valid email address' } });
    }
  });

  it('refuses a made-up or missing refresh token', async () => {
    expect((await post('/api/auth/refresh', { refreshToken: 'made-up' })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', {})).statusCode).toBe(400);
  });

  it('answers forgot-password the same for known and unknown addresses, and mails a working single-use link', async () => {
    const { user } = await signUp(t.app);
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect((await post('/api/auth/forgot-password', { email: '' })).statusCode).toBe(400);

    const token = await waitForResetToken(t.dataDir, user.email);
    const valid = await t.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${token}` });
    expect(valid.json()).toEqual({ valid: true });

    const tooShort = await post(`/api/auth/reset-password/${token}`, { password: 'short' });
    expect(tooShort.statusCode).toBe(400);

    const reset = await post(`/api/auth/reset-password/${token}`, { password: 'brand new password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.email).toBe(user.email);
    expect((await post('/api/auth/login', { email: user.email, password: 'brand new password' })).statusCode).toBe(200);

    // Single use.
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${token}` })).json()).toEqual({ valid: false });
    const again = await post(`/api/auth/reset-password/${token}`, { password: 'another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This password reset link is invalid or has expired.');
  });

  it('refuses an expired reset token', async () => {
    const { user } = await signUp(t.app);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await waitForResetToken(t.dataDir, user.email);
    await t.app.metadata.db.updateTable('reset_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${token}` })).json()).toEqual({ valid: false });
    expect((await post(`/api/auth/reset-password/${token}`, { password: 'brand new password' })).statusCode).toBe(400);
  });
});

describeEachDialect('auth rate limits', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: { auth: { max: 3, timeWindow: 60_000 } } });
  });
  afterAll(() => t.close());

  it('answers 429 with a JSON message once a client exceeds the sign-in limit', async () => {
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.com', password: 'password1' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/Too many requests/);
  });
});
