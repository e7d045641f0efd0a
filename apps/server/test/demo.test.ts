// The demo plugin: the demo site answers on news.localhost only, and seeding creates the account, stores events
// through the ingest pipeline, and does not seed again on a second start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-demo-'));
const start = async () => {
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' }), { logger: false, serveWebApp: false });
  await app.ready();
  return app;
};
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('demo', () => {
  it('serves the demo site on news.localhost and not on other hosts, seeds once', async () => {
    const app = await start();
    try {
      const first = await app.demo.seed({ days: 2 });
      expect(first.outcome).toBe('seeded');
      expect(first.stored).toBeGreaterThan(1000);

      const home = await app.inject({ url: '/', headers: { host: 'news.localhost:3000' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('div-gpt-ad-home-top-970x90');
      expect(home.body).toContain('class="adsbygoogle"');
      const code = await app.demo.trackingCode();
      expect(home.body).toContain(`<script defer src="http://localhost:3000/api/tracker.js" data-site="${code}"></script>`);
      const article = await app.inject({ url: '/local/tram-extension-approved', headers: { host: 'news.localhost' } });
      expect(article.statusCode).toBe(200);
      expect((await app.inject({ url: '/ads/gpt.js', headers: { host: 'news.localhost' } })).body).toContain('impressionViewable');
      // Another host never sees the demo site; the API stays reachable on the demo host.
      const other = await app.inject({ url: '/local/tram-extension-approved', headers: { host: 'localhost:3000' } });
      expect(other.body).not.toContain('Daily Gazette');
      expect((await app.inject({ url: '/api/health', headers: { host: 'news.localhost' } })).statusCode).toBe(200);

      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@foldline.local', password: 'foldline-demo' } });
      expect(login.statusCode).toBe(200);
      const [row] = await app.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews');
      expect(Number(row?.n)).toBeGreaterThan(100);
    } finally {
      await app.close();
    }

    const again = await start();
    try {
      const before = await again.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews');
      const second = await again.demo.seed({ days: 2 });
      expect(second.outcome).toBe('already-seeded');
      const after = await again.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews');
      expect(after).toEqual(before);
    } finally {
      await again.close();
    }
  });
});
