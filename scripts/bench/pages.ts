// Pages bench: one website with 100,000 pages (the collector's default cap per website) in the metadata store, then
// GET /api/websites/{id}/pages timed over HTTP for each sort, deep offsets and searches, and GET /api/websites/{id}
// (its first 100 pages and the count), p50/p95. SQLite by default; BENCH_DATABASE_URL=postgres://… times PostgreSQL
// (the database must exist and be empty). Run by `npm run bench` (or `npm run bench pages`).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { timed } from './support/timing.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 100_000);
const SECTIONS = ['news', 'sport', 'harbour', 'culture', 'opinion', 'weather', 'business'];
const WORDS = ['Council', 'ferry', 'Budget', 'match', 'Festival', 'storm', 'Market', 'school'];

const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const config = loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const app = await buildApp(config, { logger: false, serveWebApp: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

try {
  const session = await post<{ tokens: { accessToken: string } }>('/api/auth/register', { name: 'Bench', email: `bench-${randomUUID()}@example.com`, password: 'bench password 1' });
  const headers = { authorization: `Bearer ${session.tokens.accessToken}`, 'content-type': 'application/json' };
  const { data } = await post<{ data: { website: { website_id: string } } }>('/api/websites', { name: 'Daily Gazette', domain: 'gazette.example.com' }, headers);
  const websiteId = data.website.website_id;

  // Pages as a news site grows them: a section and a slug, a headline, one in ten retired, three in ten never seen again.
  const loadStart = performance.now();
  const day = Date.UTC(2026, 0, 1);
  for (let start = 0; start < PAGES; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, PAGES - start) }, (_, i) => {
      const n = start + i;
      const section = SECTIONS[n % SECTIONS.length]!;
      return {
        id: randomUUID(),
        website_id: websiteId,
        url_path: `/${section}/2026/${String((n * 7919) % PAGES).padStart(6, '0')}-${WORDS[n % WORDS.length]!.toLowerCase()}-report`,
        title: `${WORDS[(n * 3) % WORDS.length]} ${section} report no. ${n}`,
        status: n % 10 === 0 ? 'inactive' : 'active',
        created_at: new Date(day + n * 60_000).toISOString(),
        last_activity: n % 10 < 3 ? null : new Date(day + ((n * 104_729) % PAGES) * 90_000).toISOString(),
        origin: null,
      };
    });
    await app.metadata.db.insertInto('pages').values(rows).execute();
  }
  console.log(`${PAGES.toLocaleString('en')} pages in ${app.metadata.dialect} in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
  // A website gains its pages over months, and autovacuum keeps PostgreSQL's statistics of them; after a bulk load
  // the planner would not know them yet.
  if (app.metadata.dialect === 'postgres') await sql`ANALYZE pages`.execute(app.metadata.db);

  const last = Math.max(0, PAGES - 50);
  const calls: [string, string][] = [
    ['first 50 by path', '/pages'],
    ['first 50 by name', '/pages?sort=title'],
    ['first 50, latest activity first', '/pages?sort=last_activity&order=desc'],
    ['first 50 by status', '/pages?sort=status'],
    ['middle 50 by name', `/pages?sort=title&offset=${Math.floor(PAGES / 2)}`],
    ['last 50 by path (deepest offset)', `/pages?offset=${last}`],
    ['last 50 by activity', `/pages?sort=last_activity&offset=${last}`],
    ['search, common ("harbour")', '/pages?search=harbour'],
    ['search, one page, by name', `/pages?search=no.%20${PAGES - 1}&sort=title`],
    ['search, no page', '/pages?search=no%20such%20page'],
    ['GET /api/websites/{id}', ''],
  ];
  console.log(`\n${'call'.padEnd(36)} ${'total'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
  for (const [label, url] of calls) {
    let total = 0;
    const { p50, p95 } = await timed(async () => {
      const response = await fetch(`${base}/api/websites/${websiteId}${url}`, { headers });
      const body = (await response.json()) as { total?: number; website?: { pages_total: number } };
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
      total = body.total ?? body.website?.pages_total ?? 0;
    });
    console.log(`${label.padEnd(36)} ${total.toLocaleString('en').padStart(8)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}`);
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}


async function post<T>(url: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<T> {
  const response = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
