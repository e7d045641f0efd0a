// The demo seed imports the sample Ad Manager report (packages/demo/src/seed/ad-manager-report.csv) over the end of
// its history, matched to the GPT units its simulated readers saw, through the same import as a publisher's upload;
// a restart does not import it again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoRevenueReport } from '@foldline/demo/seed/revenue-report';
import { importedRevenue, revenueImportSummaries, unmatchedRevenueUnits } from '@foldline/metadata/revenue-days/revenue-days.repository';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-demo-revenue-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const open = async () => {
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' }), { logger: false, serveWebApp: false });
  await app.ready();
  return app;
};

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

describe('demo revenue report', () => {
  it('moves the sample to the last 30 complete days of the history, and leaves out days before it', () => {
    const end = Date.UTC(2027, 2, 10, 15);
    const full = demoRevenueReport({ end, days: 90 })!;
    const days = [...new Set(full.split('\n').map((line) => line.match(/^\d{4}-\d{2}-\d{2}/)?.[0]).filter(Boolean))];
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2027-02-08');
    expect(days.at(-1)).toBe('2027-03-09');
    expect(full).toMatch(/^Total,/m);
    const short = demoRevenueReport({ end, days: 3 })!;
    expect(new Set(short.split('\n').map((line) => line.slice(0, 10)).filter((text) => /^\d{4}/.test(text)))).toEqual(new Set(['2027-03-08', '2027-03-09']));
    expect(short).not.toMatch(/^Total,/m);
    expect(demoRevenueReport({ end, days: 1 })).toBeUndefined();
  });

  it('is imported by the seed, its GPT units matched, the newsletter unit kept as unmatched; once', async () => {
    const end = Date.now();
    const app = await open();
    let websiteId: string;
    try {
      expect((await app.demo.seed({ days: 3, end })).outcome).toBe('seeded');
      websiteId = (await app.metadata.db.selectFrom('websites').select('id').where('domain', '=', 'news.localhost').executeTakeFirstOrThrow()).id;
      const [summary] = await revenueImportSummaries(app.metadata.db, websiteId);
      const yesterday = isoDay(Math.floor(end / DAY_MS) * DAY_MS - DAY_MS);
      expect(summary).toMatchObject({ source: 'ad_manager', to: yesterday, days: 2, unmatchedUnits: 1 });
      expect(summary!.matchedUnits).toBeGreaterThanOrEqual(10);
      expect((await unmatchedRevenueUnits(app.metadata.db, websiteId)).map((unit) => unit.reportUnit)).toEqual(['daily_gazette » newsletter_banner']);
      const revenue = await importedRevenue(app.metadata.db, [websiteId], yesterday, yesterday);
      expect(revenue.map((row) => row.unitKey)).toContain('/21700045/daily_gazette/article_top');
      // CPMs in the range the sample was made with.
      for (const row of revenue.filter((entry) => entry.impressions >= 100)) {
        const cpm = row.revenueMicros / 1e6 / (row.impressions / 1000);
        expect(cpm).toBeGreaterThan(0.4);
        expect(cpm).toBeLessThan(4);
      }
    } finally {
      await app.close();
    }

    const again = await open();
    try {
      const before = await again.metadata.db.selectFrom('revenue_days').select('imported_at').distinct().execute();
      expect((await again.demo.seed({ days: 3, end })).outcome).toBe('already-seeded');
      expect(await again.metadata.db.selectFrom('revenue_days').select('imported_at').distinct().execute()).toEqual(before);
    } finally {
      await again.close();
    }
  }, 120_000);
});
