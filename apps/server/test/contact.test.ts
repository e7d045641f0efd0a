// /api/contact: public, validated, stored, e-mailed to CONTACT_EMAIL when set, rate-limited.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from './test-app.ts';

const message = { name: 'Ada', email: 'Ada@Example.com', subject: 'Pricing', message: 'How much is the hosted plan?' };
const outbox = (t: TestApp) => path.join(t.dataDir, 'outbox');
const post = (t: TestApp, payload: object) => t.app.inject({ method: 'POST', url: '/api/contact', payload });

describeEachDialect('contact', (dialect) => {
  describe('without CONTACT_EMAIL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it('stores the message without a token and answers 201', async () => {
      const response = await post(t, message);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ success: true });
      const rows = await t.app.metadata.db.selectFrom('contact_messages').selectAll().execute();
      expect(rows).toEqual([
        { id: expect.any(String), name: 'Ada', email: 'Ada@Example.com', subject: 'Pricing', message: 'How much is the hosted plan?', created_at: expect.any(String) },
      ]);
      expect(existsSync(outbox(t))).toBe(false);
    });

    it('takes a message without a subject', async () => {
      const response = await post(t, { name: 'Bob', email: 'bob@example.com', message: 'Hello' });
      expect(response.statusCode).toBe(201);
      const row = await t.app.metadata.db.selectFrom('contact_messages').selectAll().where('name', '=', 'Bob').executeTakeFirstOrThrow();
      expect(row.subject).toBe('');
    });

    it.each([
      [{ ...message, name: '' }, 'Name is required'],
      [{ ...message, name: '   ' }, 'Name is required'],
      [{ ...message, email: '' }, 'Email is required'],
      [{ ...message, email: 'not-an-address' }, 'Please enter a valid email address'],
      [{ ...message, message: '' }, 'Message is required'],
      [{ ...message, message: 'x'.repeat(10_001) }, undefined],
      [{ name: 'Ada' }, undefined],
    ])('refuses %j with 400 and stores nothing', async (payload, expected) => {
      const before = (await t.app.metadata.db.selectFrom('contact_messages').select('id').execute()).length;
      const response = await post(t, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toEqual(expected ?? expect.any(String));
      expect((await t.app.metadata.db.selectFrom('contact_messages').select('id').execute()).length).toBe(before);
    });
  });

  describe('with CONTACT_EMAIL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { env: { CONTACT_EMAIL: 'team@foldline.example' } });
    });
    afterAll(() => t.close());

    it('stores the message and e-mails it to the team with the sender as reply-to', async () => {
      const response = await post(t, message);
      expect(response.statusCode).toBe(201);
      expect(await t.app.metadata.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(1);
      const files = readdirSync(outbox(t));
      expect(files).toHaveLength(1);
      expect(files[0]).toContain('team@foldline.example');
      const mail = readFileSync(path.join(outbox(t), files[0]!), 'utf8');
      expect(mail).toMatch(/^To: team@foldline\.example$/m);
      expect(mail).toMatch(/^Reply-To: Ada@Example\.com$/im);
      expect(mail).toMatch(/^Subject: Contact form: Pricing$/m);
      expect(mail).toContain('How much is the hosted plan?');
    });

    it('still stores the message and answers 201 when the mail cannot be sent', async () => {
      const send = t.app.mailer.send;
      t.app.mailer.send = async () => {
        throw new Error('SMTP down');
      };
      try {
        const response = await post(t, { ...message, name: 'Offline' });
        expect(response.statusCode).toBe(201);
      } finally {
        t.app.mailer.send = send;
      }
      expect(await t.app.metadata.db.selectFrom('contact_messages').select('id').where('name', '=', 'Offline').execute()).toHaveLength(1);
    });
  });

  describe('rate limit', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { rateLimits: { contact: { max: 2, timeWindow: 60_000 } } });
    });
    afterAll(() => t.close());

    it('answers 429 with a JSON message once a client exceeds the limit', async () => {
      expect((await post(t, message)).statusCode).toBe(201);
      expect((await post(t, message)).statusCode).toBe(201);
      const limited = await post(t, message);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toMatch(/^Too many requests/);
      expect(await t.app.metadata.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(2);
    });
  });
});
