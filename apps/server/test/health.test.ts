// /api/health: the state of both stores.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeEachDialect, engineOf, type TestApp } from './test-app.ts';

describeEachDialect('health', (dialect) => {
  const engine = engineOf(dialect) === 'chdb' ? 'chdb' : 'clickhouse';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers 200 with both stores up, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      metadata: { status: 'ok', engine: dialect },
      events: { status: 'ok', engine },
    });
  });

  it('answers 503 and names the store that fails, without its error', async () => {
    const spy = vi.spyOn(t.app.events, 'query').mockRejectedValueOnce(new Error('Code: 210. DB::NetException: /srv/foldline/events'));
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'error',
        metadata: { status: 'ok', engine: dialect },
        events: { status: 'error', engine },
      });
      expect(response.body).not.toContain('NetException');
    } finally {
      spy.mockRestore();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
