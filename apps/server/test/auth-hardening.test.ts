// Sign-in hardening (issue 11 items 1, 5 and 6): the per-account sign-in back-off, reset links that only the newest
// works and whose mail is sent off the request path, concurrent refreshes within the grace window, and access tokens
// that stop working within seconds of their sign-in being revoked. Clocks are faked, never raced.
import { insertResetToken } from '@foldline/metadata/tokens/reset-tokens.repository';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../src/auth/tokens.ts';
import { LIVE_SIGN_IN_TTL_MS } from '../src/auth/live-sign-ins.ts';
import { SIGN_IN_BACKOFF_MAX_MS, SIGN_IN_FREE_ATTEMPTS, signInBackoffMs } from '../src/auth/sign-in-throttle.ts';
import { REFRESH_REUSE_GRACE_MS } from '../src/auth/tokens.ts';
import { waitForResetToken } from './outbox.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

const TOO_MANY = /^Too many requests\. Please try again in \d+ seconds?\.$/;

describe('sign-in back-off delays', () => {
  it('are free up to the threshold, then double from a second up to the cap', () => {
    expect(signInBackoffMs(SIGN_IN_FREE_ATTEMPTS - 1)).toBe(0);
    expect(signInBackoffMs(SIGN_IN_FREE_ATTEMPTS)).toBe(1_000);
    expect(signInBackoffMs(SIGN_IN_FREE_ATTEMPTS + 1)).toBe(2_000);
    expect(signInBackoffMs(SIGN_IN_FREE_ATTEMPTS + 3)).toBe(8_000);
    expect(signInBackoffMs(SIGN_IN_FREE_ATTEMPTS + 40)).toBe(SIGN_IN_BACKOFF_MAX_MS);
  });
});

describeEachDialect('auth hardening', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const validate = async (token: string) => (await t.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${token}` })).json();
  const websites = (accessToken: string) => t.app.inject({ method: 'GET', url: '/api/websites', headers: { authorization: `Bearer ${accessToken}` } });
  /** Time stands still from here on, until the test moves it. */
  const freezeTime = () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    return { advance: (ms: number) => vi.setSystemTime(Date.now() + ms) };
  };

  /** `count` sign-ins for `email`, each from another forwarded address; the answers in order. */
  async function signInsFromRotatingAddresses(email: string, password: string, count: number) {
    const answers: { status: number; message: string | undefined }[] = [];
    for (let i = 0; i < count; i += 1) {
      const response = await post('/api/auth/login', { email, password }, { 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}` });
      answers.push({ status: response.statusCode, message: response.json().error?.message });
    }
    return answers;
  }

  describe('per-account sign-in back-off', () => {
    it('answers 429 after repeated failures from rotating addresses, refuses the right password too, and lets it in after the window', async () => {
      const { user, password } = await signUp(t.app);
      const clock = freezeTime();
      const answers = await signInsFromRotatingAddresses(user.email, 'wrong password', 100);
      expect(answers.slice(0, SIGN_IN_FREE_ATTEMPTS).map((answer) => answer.status)).toEqual(Array(SIGN_IN_FREE_ATTEMPTS).fill(401));
      expect(answers.slice(SIGN_IN_FREE_ATTEMPTS).every((answer) => answer.status === 429)).toBe(true);
      expect(answers.at(-1)!.message).toMatch(TOO_MANY);

      // The right password during the back-off is refused as well, with the same answer.
      const during = await post('/api/auth/login', { email: user.email, password }, { 'x-forwarded-for': '192.0.2.200' });
      expect(during.statusCode).toBe(429);
      expect(during.json()).toEqual({ error: { message: expect.stringMatching(TOO_MANY) } });

      clock.advance(signInBackoffMs(SIGN_IN_FREE_ATTEMPTS) + 1);
      expect((await post('/api/auth/login', { email: user.email, password })).statusCode).toBe(200);
      // Success resets the count: the next wrong password is an ordinary 401.
      expect((await post('/api/auth/login', { email: user.email, password: 'wrong again' })).statusCode).toBe(401);
    });

    it('throttles an address without an account exactly like one with an account', async () => {
      const { user } = await signUp(t.app);
      freezeTime();
      const known = await signInsFromRotatingAddresses(user.email, 'wrong password', 12);
      const unknown = await signInsFromRotatingAddresses('no-such-account@example.com', 'wrong password', 12);
      expect(unknown).toEqual(known);
      expect(known.map((answer) => answer.status)).toEqual([...Array(SIGN_IN_FREE_ATTEMPTS).fill(401), ...Array(12 - SIGN_IN_FREE_ATTEMPTS).fill(429)]);
    });

    it('grows the wait with each failure after the threshold, and any case of the email is the same account', async () => {
      const { user } = await signUp(t.app);
      const clock = freezeTime();
      await signInsFromRotatingAddresses(user.email, 'wrong password', SIGN_IN_FREE_ATTEMPTS);
      clock.advance(signInBackoffMs(SIGN_IN_FREE_ATTEMPTS) + 1);
      expect((await post('/api/auth/login', { email: user.email.toUpperCase(), password: 'still wrong' })).statusCode).toBe(401);
      const refused = await post('/api/auth/login', { email: ` ${user.email} `, password: 'still wrong' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe('Too many requests. Please try again in 2 seconds.');
    });

    it('a completed password reset ends the back-off', async () => {
      const { user } = await signUp(t.app);
      freezeTime();
      await signInsFromRotatingAddresses(user.email, 'wrong password', SIGN_IN_FREE_ATTEMPTS + 1);
      await post('/api/auth/forgot-password', { email: user.email });
      const token = await waitForResetToken(t.dataDir, user.email);
      expect((await post(`/api/auth/reset-password/${token}`, { password: 'fresh password 1' })).statusCode).toBe(200);
      expect((await post('/api/auth/login', { email: user.email, password: 'fresh password 1' })).statusCode).toBe(200);
    });

    it('counts concurrent guesses one by one: a burst gets no more than the free attempts checked', async () => {
      const { user } = await signUp(t.app);
      freezeTime();
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) => post('/api/auth/login', { email: user.email, password: `guess ${i}` }, { 'x-forwarded-for': `203.0.113.${i + 1}` })),
      );
      const statuses = burst.map((response) => response.statusCode);
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(SIGN_IN_FREE_ATTEMPTS);
    });
  });

  describe('reset links', () => {
    it('a newer link retires the older one, and using the newer keeps it retired', async () => {
      const { user } = await signUp(t.app);
      await post('/api/auth/forgot-password', { email: user.email });
      const older = await waitForResetToken(t.dataDir, user.email);
      await post('/api/auth/forgot-password', { email: user.email });
      const newer = await waitForResetToken(t.dataDir, user.email, older);
      expect(await validate(older)).toEqual({ valid: false });
      expect(await validate(newer)).toEqual({ valid: true });

      expect((await post(`/api/auth/reset-password/${newer}`, { password: 'newer password 1' })).statusCode).toBe(200);
      expect(await validate(older)).toEqual({ valid: false });
      const late = await post(`/api/auth/reset-password/${older}`, { password: 'older password 1' });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ error: { message: 'This password reset link is invalid or has expired.' } });
      expect((await post('/api/auth/login', { email: user.email, password: 'newer password 1' })).statusCode).toBe(200);
    });

    it('completing a reset retires every other link of the user', async () => {
      const { user } = await signUp(t.app);
      // Two links alive at once, as two requests racing could leave them.
      const expiresAt = new Date(Date.now() + 3600_000);
      await insertResetToken(t.app.metadata.db, { userId: user.user_id, tokenHash: sha256('first-link-token'), expiresAt });
      await insertResetToken(t.app.metadata.db, { userId: user.user_id, tokenHash: sha256('second-link-token'), expiresAt });
      expect((await post('/api/auth/reset-password/second-link-token', { password: 'second password 1' })).statusCode).toBe(200);
      expect(await validate('first-link-token')).toEqual({ valid: false });
      expect((await post('/api/auth/reset-password/first-link-token', { password: 'first password 1' })).statusCode).toBe(400);
      expect((await post('/api/auth/login', { email: user.email, password: 'second password 1' })).statusCode).toBe(200);
    });

    it('changing the password in the account settings retires every reset link', async () => {
      const { user, password, auth } = await signUp(t.app);
      await post('/api/auth/forgot-password', { email: user.email });
      const token = await waitForResetToken(t.dataDir, user.email);
      const changed = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.user_id}/password`,
        headers: auth,
        payload: { currentPassword: password, newPassword: 'changed password 1' },
      });
      expect(changed.statusCode).toBe(200);
      expect(await validate(token)).toEqual({ valid: false });
      expect((await post(`/api/auth/reset-password/${token}`, { password: 'taken over 1' })).statusCode).toBe(400);
      expect((await post('/api/auth/login', { email: user.email, password: 'changed password 1' })).statusCode).toBe(200);
    });

    it('answers forgot-password without waiting for the mail: a mailer that never finishes does not hold the answer', async () => {
      const { user } = await signUp(t.app);
      let called!: () => void;
      const sending = new Promise<void>((resolve) => (called = resolve));
      const send = vi.spyOn(t.app.mailer, 'send').mockImplementation(() => {
        called();
        return new Promise<void>(() => {});
      });
      const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
      const known = await post('/api/auth/forgot-password', { email: user.email });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      await sending;
      expect(send).toHaveBeenCalledTimes(1);
      expect(send.mock.calls[0]![0].to).toBe(user.email);
    });

    it('logs a mail that fails instead of failing the request', async () => {
      const { user } = await signUp(t.app);
      vi.spyOn(t.app.mailer, 'send').mockRejectedValue(new Error('SMTP server said no'));
      let logged!: (args: unknown[]) => void;
      const failure = new Promise<unknown[]>((resolve) => (logged = resolve));
      vi.spyOn(t.app.log, 'error').mockImplementation((...args: unknown[]) => logged(args));
      const response = await post('/api/auth/forgot-password', { email: user.email });
      expect(response.statusCode).toBe(200);
      const [context, message] = await failure;
      expect(message).toBe('password reset e-mail not sent');
      expect(context).toMatchObject({ err: expect.objectContaining({ message: 'SMTP server said no' }) });
    });
  });

  describe('refresh race and revocation', () => {
    it('two refreshes of one token at once both get the same successor, which keeps working', async () => {
      const { tokens } = await signUp(t.app);
      const [first, second] = await Promise.all([
        post('/api/auth/refresh', { refreshToken: tokens.refreshToken }),
        post('/api/auth/refresh', { refreshToken: tokens.refreshToken }),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const successor = first.json().tokens.refreshToken;
      expect(second.json().tokens.refreshToken).toBe(successor);
      expect(successor).not.toBe(tokens.refreshToken);
      expect((await websites(first.json().tokens.accessToken)).statusCode).toBe(200);
      expect((await websites(second.json().tokens.accessToken)).statusCode).toBe(200);
      // The winner's successor was not revoked: it rotates on.
      expect((await post('/api/auth/refresh', { refreshToken: successor })).statusCode).toBe(200);
    });

    it('a retry within the grace window gets the same successor; reuse after it is theft and ends the sign-in', async () => {
      const { tokens } = await signUp(t.app);
      const clock = freezeTime();
      const rotated = (await post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).json().tokens;
      clock.advance(REFRESH_REUSE_GRACE_MS);
      const retry = await post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
      expect(retry.statusCode).toBe(200);
      expect(retry.json().tokens.refreshToken).toBe(rotated.refreshToken);

      clock.advance(1);
      expect((await post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
      expect((await post('/api/auth/refresh', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
      // The sign-in's access tokens stop at once in this process.
      expect((await websites(rotated.accessToken)).statusCode).toBe(401);
    });

    it('after sign-out the old access token answers 401 and the refresh token is dead', async () => {
      const { tokens } = await signUp(t.app);
      const other = (await post('/api/auth/login', { email: (await signUp(t.app)).user.email, password: 'correct horse 1' })).json().tokens;
      expect((await websites(tokens.accessToken)).statusCode).toBe(200);
      const signedOut = await post('/api/auth/logout', { refreshToken: tokens.refreshToken });
      expect(signedOut.statusCode).toBe(204);
      expect((await websites(tokens.accessToken)).statusCode).toBe(401);
      expect((await post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
      // Another sign-in is untouched; an unknown token is answered alike.
      expect((await websites(other.accessToken)).statusCode).toBe(200);
      expect((await post('/api/auth/logout', { refreshToken: 'not-a-token' })).statusCode).toBe(204);
    });

    it("a password change stops the other sign-ins' access tokens at once and keeps its own", async () => {
      const { user, password, tokens } = await signUp(t.app);
      const elsewhere = (await post('/api/auth/login', { email: user.email, password })).json().tokens;
      const changed = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.user_id}/password`,
        headers: { authorization: `Bearer ${tokens.accessToken}` },
        payload: { currentPassword: password, newPassword: 'changed password 2' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await websites(elsewhere.accessToken)).statusCode).toBe(401);
      expect((await websites(tokens.accessToken)).statusCode).toBe(200);
    });

    it('a revocation by another process (straight in the store) stops the access token once the cache entry expires', async () => {
      const { user, tokens } = await signUp(t.app);
      const clock = freezeTime();
      expect((await websites(tokens.accessToken)).statusCode).toBe(200);
      await t.app.metadata.db.updateTable('refresh_tokens').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', user.user_id).execute();
      clock.advance(LIVE_SIGN_IN_TTL_MS);
      expect((await websites(tokens.accessToken)).statusCode).toBe(401);
    });
  });
});
