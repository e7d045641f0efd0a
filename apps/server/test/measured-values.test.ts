// The placement advice's measured format values (issue 21 §1, issue 23; packages/analytics' measured-values.ts) from
// real event rows and an ad server report imported through the API, checked against figures computed by hand: viewable
// eCPM per device and format (a slot grouped by the size it rendered at on each device), the minimum of viewable
// impressions, Prebid-only revenue said so, imported revenue beyond Prebid's counted; the publisher's Settings over
// them; the recommendations API saying which values it used; the values read once per background pass, never per look,
// and no remembered answer given on values other than the current ones.
import { randomUUID } from 'node:crypto';
import { PAGE_COUNTS_TABLE, pageCountsOf, toEventTime } from '@foldline/event-store';
import type { AdviceValues, DeviceType, RecommendationsResponse } from '@foldline/contracts';
import { analyseWebsite } from '@foldline/analytics';
import { readMeasuredValues } from '@foldline/analytics/recommendations/measured-values';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';
import { createWebsite, insertPage } from './website-fixtures.ts';

const DAY = 86_400_000;
/** Every event on yesterday (UTC) from noon: inside the 30 days, and inside the week the slots' sizes are read from. */
const NOON = Date.parse(new Date(Date.now() - DAY).toISOString().slice(0, 10)) + DAY / 2;

const SLOTS = {
  mid: { key: 'mid', google: null },
  top: { key: 'top', google: '/1234/news/article_top' },
  side: { key: 'side', google: null },
} as const;
type SlotName = keyof typeof SLOTS;

/** A slot's impressions on a device at one size: the first `viewable` of them viewable, the first `wins` won by Prebid
 * at `cpm`, the others' auctions lost. */
interface Batch {
  slot: SlotName;
  device: DeviceType;
  size: [number, number];
  impressions: number;
  viewable: number;
  wins: number;
  cpm: number;
}

const PREBID: Batch[] = [
  // Desktop: 300x250 earns 400 × 2.00 ÷ 1,000 = 0.80 on 1,000 viewable impressions (vCPM 0.80); 728x90 500 × 3.00 ÷
  // 1,000 = 1.50 on 1,250 (vCPM 1.20); the 300x600 has 999 viewable impressions, one short of being priced.
  { slot: 'mid', device: 'desktop', size: [300, 250], impressions: 1200, viewable: 1000, wins: 400, cpm: 2 },
  { slot: 'top', device: 'desktop', size: [728, 90], impressions: 1500, viewable: 1250, wins: 500, cpm: 3 },
  { slot: 'side', device: 'desktop', size: [300, 600], impressions: 1100, viewable: 999, wins: 999, cpm: 5 },
  // Phones: the same 'mid' slot, 250 × 2.00 ÷ 1,000 = 0.50 on 1,000 (vCPM 0.50); 'top' renders a 320x50 there,
  // 1,000 × 0.80 ÷ 1,000 = 0.80 on 2,000 (vCPM 0.40).
  { slot: 'mid', device: 'mobile', size: [300, 250], impressions: 1000, viewable: 1000, wins: 250, cpm: 2 },
  { slot: 'top', device: 'mobile', size: [320, 50], impressions: 2500, viewable: 2000, wins: 1000, cpm: 0.8 },
];

/** The ad server's report: 'article_top' earned 3.80 yesterday, Prebid's 1.50 + 0.80 = 2.30 of it; the 1.50 beyond
 * is spread over the unit's 4,000 impressions that day: 1,500 on desktop (0.5625), 2,500 on phones (0.9375). */
const REPORT = `Date,Ad unit,Total impressions,Total CPM and CPC revenue\n${new Date(NOON).toISOString().slice(0, 10)},news » article_top,4000,3.80\n`;

describeEachDialect('measured format values of the placement advice', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let websiteId: string;
  let pageId: string;
  const slotIds = new Map<SlotName, string>();
  let at = NOON;

  const context = () => ({ db: app.metadata.db, events: app.events, userId: owner.user.user_id, now: new Date() });
  const look = async (): Promise<AdviceValues> => {
    const response = await app.inject({ method: 'GET', url: `/api/analytics/recommendations?websiteId=${websiteId}`, headers: owner.auth });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as RecommendationsResponse).meta.values!;
  };
  /** [device, format, viewable eCPM, viewable impressions, value] of each measured format the advice took. */
  const measuredOf = (values: AdviceValues) => values.measured.map((m) => [m.device, m.format, round(m.viewable_ecpm), m.viewable_impressions, round(m.value)]);
  const round = (value: number) => Math.round(value * 1e6) / 1e6;

  /** The batches' rows as the collector writes them, with their page counts. */
  async function write(batches: readonly Batch[]): Promise<void> {
    const rows: Record<string, unknown>[] = [];
    for (const batch of batches) {
      for (let i = 0; i < batch.impressions; i += 1) {
        const impression = randomUUID();
        at += 1000;
        const row = {
          website_id: websiteId, ts: toEventTime(at), page_id: pageId, pageview_id: impression, session_id: impression, device: batch.device,
          ad_unit_id: slotIds.get(batch.slot), impression_id: impression, in_view_ms: 0, max_in_view_pct: 0, width: batch.size[0], height: batch.size[1], position_y: 900,
        };
        rows.push({ ...row, kind: 'impression' });
        if (i < batch.viewable) rows.push({ ...row, ts: toEventTime(at + 1200), kind: 'viewable', max_in_view_pct: 100 });
        const won = i < batch.wins;
        rows.push({ ...row, kind: 'bid', cpm: won ? batch.cpm : 0, best_cpm: batch.cpm, currency: 'USD', bidder: 'appnexus', prebid_won: won ? 1 : 0, net: 1 });
      }
    }
    await app.events.insert('foldline.ad_events', rows);
    await app.events.insert(PAGE_COUNTS_TABLE, pageCountsOf({ 'foldline.ad_events': rows }));
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
    owner = await signUp(app);
    websiteId = (await createWebsite(app, owner.auth)).website_id;
    pageId = (await insertPage(app, websiteId, '/story')).id;
    const now = new Date().toISOString();
    for (const [name, slot] of Object.entries(SLOTS) as [SlotName, (typeof SLOTS)[SlotName]][]) {
      const id = randomUUID();
      slotIds.set(name, id);
      await app.metadata.db
        .insertInto('ad_units')
        .values({
          id, website_id: websiteId, page_id: pageId, slot_key: slot.key, name: slot.key, google_ad_slot_id: slot.google, ad_format: '300x250',
          position_selector: `#${slot.key}`, position_x: 400, position_y: 900, width: 300, height: 250, status: 'active', created_at: now, last_detected: now,
        })
        .execute();
    }
    await write(PREBID);
  });
  afterAll(() => t?.close());

  it("reads viewable eCPM per device and format from Prebid's winning bids, and says they are all it knows", async () => {
    const measured = await readMeasuredValues(context(), websiteId);
    expect(measured.currency).toBe('USD');
    expect(measured.sources).toEqual({ prebid: true, imported: false });
    expect(measured.formats.map((m) => [m.device, m.format, round(m.revenue), m.viewable])).toEqual([
      ['desktop', '300x250', 0.8, 1000],
      ['desktop', '728x90', 1.5, 1250],
      ['mobile', '300x250', 0.5, 1000],
      ['mobile', '320x50', 0.8, 2000],
    ]);

    // The API: each measured format relative to its device's 300x250 (1.20 ÷ 0.80, 0.40 ÷ 0.50).
    const values = await look();
    expect(measuredOf(values)).toEqual([
      ['desktop', '300x250', 0.8, 1000, 1],
      ['desktop', '728x90', 1.2, 1250, 1.5],
      ['mobile', '300x250', 0.5, 1000, 1],
      ['mobile', '320x50', 0.4, 2000, 0.8],
    ]);
    expect(values).toMatchObject({ settings: [], currency: 'USD', revenue_sources: { prebid: true, imported: false }, days: 30, min_viewable_impressions: 1000 });
  });

  it('counts imported revenue beyond Prebid as soon as it is imported, and never gives an answer remembered on the old values', async () => {
    const upload = await app.inject({
      method: 'POST',
      url: `/api/websites/${websiteId}/revenue-imports?source=ad_manager&currency=USD`,
      headers: { ...owner.auth, 'content-type': 'text/csv' },
      payload: REPORT,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toMatchObject({ matchedUnits: 1 });
    // The import has the values read again (a look waits for that read): the answer remembered a moment ago was
    // computed on other values, and is not given.
    const values = await look();
    // Desktop 728x90: (1.50 + 0.5625) ÷ 1,250 × 1,000 = 1.65, ÷ 0.80 = 2.0625; phones' 320x50: (0.80 + 0.9375) ÷ 2,000
    // × 1,000 = 0.86875, ÷ 0.50 = 1.7375.
    expect(measuredOf(values)).toEqual([
      ['desktop', '300x250', 0.8, 1000, 1],
      ['desktop', '728x90', 1.65, 1250, 2.0625],
      ['mobile', '300x250', 0.5, 1000, 1],
      ['mobile', '320x50', 0.86875, 2000, 1.7375],
    ]);
    expect(values.revenue_sources).toEqual({ prebid: true, imported: true });
  });

  it("takes the publisher's Settings over a measured value", async () => {
    const save = await app.inject({ method: 'PUT', url: `/api/websites/${websiteId}`, headers: owner.auth, payload: { settings: { ads: { formatValues: { desktop: { '728x90': 0.7 } } } } } });
    expect(save.statusCode, save.body).toBe(200);
    const values = await look();
    expect(measuredOf(values).map(([device, format]) => `${device} ${format}`)).toEqual(['desktop 300x250', 'mobile 300x250', 'mobile 320x50']);
    expect(values.settings).toEqual([{ device: 'desktop', format: '728x90', value: 0.7 }]);
  });

  it('reads them again on the background pass, and keeps them with the analysis on them', async () => {
    // 500 more phone 300x250 impressions, all viewable and won at 3.00: 0.50 + 1.50 = 2.00 on 1,500 (vCPM 1.3333), so
    // a 320x50 is worth 0.86875 ÷ 1.3333 = 0.6516. Not before the next pass.
    await write([{ slot: 'mid', device: 'mobile', size: [300, 250], impressions: 500, viewable: 500, wins: 500, cpm: 3 }]);
    expect(measuredOf(await look()).at(-1)).toEqual(['mobile', '320x50', 0.86875, 2000, 1.7375]);
    // While the pass has read them and not yet kept the analysis on them (every event-store statement held here), a look
    // is given the answer and values kept before, at once: it neither computes on the new values nor waits for the pass.
    // The pass keeps both together.
    const measured = await readMeasuredValues(context(), websiteId);
    const query = app.events.query;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    app.events.query = (async (...args: Parameters<typeof query>) => gate.then(() => query.apply(app.events, args))) as typeof query;
    const renewal = analyseWebsite(context(), websiteId, app.advice.layout, { renew: true, measured });
    try {
      const during = await Promise.race([look(), new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000))]);
      expect(during === 'waited' ? during : measuredOf(during).at(-1)).toEqual(['mobile', '320x50', 0.86875, 2000, 1.7375]);
    } finally {
      app.events.query = query;
      open();
    }
    await renewal;
    expect(measuredOf(await look()).slice(1)).toEqual([
      ['mobile', '300x250', 1.333333, 1500, 1],
      ['mobile', '320x50', 0.86875, 2000, 0.6516],
    ]);
    // The server's pass does the same: 500 more at 3.00, 3.50 on 2,000 (vCPM 1.75), a 320x50 worth 0.86875 ÷ 1.75.
    await write([{ slot: 'mid', device: 'mobile', size: [300, 250], impressions: 500, viewable: 500, wins: 500, cpm: 3 }]);
    await app.advice.refreshAll();
    expect(measuredOf(await look()).slice(1)).toEqual([
      ['mobile', '300x250', 1.75, 2000, 1],
      ['mobile', '320x50', 0.86875, 2000, 0.4964],
    ]);
  });
});
