// /api/docs/votes: the documentation's helpfulness vote is recorded (a deliberate deviation, DESIGN.md).
import { DOC_SECTIONS } from '@foldline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from './test-app.ts';

const post = (t: TestApp, payload: object) => t.app.inject({ method: 'POST', url: '/api/docs/votes', payload });

describeEachDialect('docs votes', (dialect) => {
  describe('recording', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it('records a vote for every documentation section without a token', async () => {
      for (const [index, section] of DOC_SECTIONS.entries()) {
        const response = await post(t, { section, helpful: index % 2 === 0 });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toEqual({ success: true });
      }
      const rows = await t.app.metadata.db.selectFrom('doc_votes').select(['section', 'helpful']).execute();
      expect(rows).toHaveLength(DOC_SECTIONS.length);
      expect(rows).toContainEqual({ section: 'introduction', helpful: 1 });
      expect(rows).toContainEqual({ section: 'getting-started', helpful: 0 });
    });

    it.each([{}, { section: 'introduction' }, { section: 'nowhere', helpful: true }, { section: 'faqs', helpful: 'yes' }])(
      'refuses %j with 400',
      async (payload) => {
        const response = await post(t, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toEqual(expect.any(String));
      },
    );
  });

  describe('rate limit', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { rateLimits: { contact: { max: 3, timeWindow: 60_000 } } });
    });
    afterAll(() => t.close());

    it('answers 429 once a client exceeds the limit', async () => {
      for (let i = 0; i < 3; i += 1) expect((await post(t, { section: 'faqs', helpful: true })).statusCode).toBe(201);
      const limited = await post(t, { section: 'faqs', helpful: true });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toMatch(/^Too many requests/);
    });
  });
});
