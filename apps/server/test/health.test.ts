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
    // A store whose latest statement failed is probed (here the probe fails too).
    await expect(t.app.events.query('SELECT no_such_column')).rejects.toThrow();
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

  it('takes a statement that just succeeded for an answer: no probe queued behind the running statements', async () => {
    await t.app.events.query('SELECT 1');
    const spy = vi.spyOn(t.app.events, 'query');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json()).toMatchObject({ status: 'ok', events: { status: 'ok' } });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
