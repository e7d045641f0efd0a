// POST /api/auth/register with an address that has an account: 409, nothing changed, the owner told by mail once.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from './test-app.ts';

describeEachDialect('registering a taken address', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const mailsTo = (email: string) => {
    const outbox = path.join(t.dataDir, 'outbox');
    if (!existsSync(outbox)) return [];
    return readdirSync(outbox)
      .filter((file) => file.endsWith(`-${email}.eml`))
      .map((file) => readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, ''));
  };

  it('answers 409, changes nothing, and mails the owner once an hour', async () => {
    expect((await post('/api/auth/register', { name: 'Grace', email: 'grace@example.com', password: 'first password' })).statusCode).toBe(201);
    expect(mailsTo('grace@example.com')).toHaveLength(0);

    const attempt = await post('/api/auth/register', { name: 'Mallory', email: 'Grace@Example.com', password: 'mallory-password' });
    expect(attempt.statusCode).toBe(409);
    expect(attempt.json()).toEqual({ error: { message: 'An account with this email already exists' } });

    // The mail leaves after the answer, as a reset link does.
    const [mail] = await vi.waitFor(() => {
      const mails = mailsTo('grace@example.com');
      if (mails.length === 0) throw new Error('no mail yet');
      return mails;
    });
    expect(mail).toMatch(/^Subject: Someone tried to create a Foldline account with your address$/m);
    expect(mail).toContain('Hello Grace');
    expect(mail).toContain('/forgot-password');
    expect(mail).not.toContain('mallory-password');
    expect(mail).not.toContain('Mallory');

    // A second attempt within the hour: the same answer, no second mail.
    expect((await post('/api/auth/register', { name: 'Mallory', email: 'grace@example.com', password: 'mallory-password' })).statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo('grace@example.com')).toHaveLength(1);

    // The owner's account is as it was: the first password signs in, the attempted one does not.
    expect((await post('/api/auth/login', { email: 'grace@example.com', password: 'first password' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: 'grace@example.com', password: 'mallory-password' })).statusCode).toBe(401);
  });
});
