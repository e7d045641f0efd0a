// The tracker's Prebid 'bid' events through the collector pipeline: stored in ad_events with their auction's fields
// (the bidder cleaned like other text), other ad kinds left at the columns' defaults, and a bid event outside its
// bounds refused as any invalid event is: the whole beacon answered invalid_payload (counted once, its events unread),
// nothing stored. On every event engine, with the metadata dialects paired as the API suites pair them (chDB on
// SQLite, the adapter on PostgreSQL when TEST_DATABASE_URL is set).
import { randomUUID } from 'node:crypto';
import type { CollectPayload } from '@foldline/contracts';
import type { EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../event-store/test/support/test-stores.ts';
import type { TestStore as MetadataTestStore } from '../../metadata/test/test-store.ts';
import type { Ingest } from '../src/pipeline.ts';
import { openPipelineHarness, pageviewBeacon, type PipelineHarness } from './support/pipeline-harness.ts';

const SLOT = { key: 'div-gpt-ad-top', name: '/1234/home/top', gid: '/1234/home/top', sel: '#div-gpt-ad-top', x: 20, y: 100, w: 728, h: 90 };

/** A beacon of one pageview: its pageview event, then the given ad events of its slot. */
const beacon = (code: string, ads: Array<Record<string, unknown>>): CollectPayload => pageviewBeacon(code, ads.map((ad) => ({ k: 'ad', a: 0, slot: SLOT, ...ad })));
const won = (imp: string) => ({ imp, ev: 'bid', cpm: 2.25, best: 2.25, cur: 'EUR', bidder: 'rubicon', net: 0, won: 1 });
const lost = (imp: string) => ({ imp, ev: 'bid', cpm: 0, best: 1.5, cur: 'USD', bidder: 'appnexus', net: 1, won: 0 });

describeEachEngine('Prebid bid events through the pipeline', (engine) => {
  let pipeline: PipelineHarness;
  let store: EventStore;
  let metadata: MetadataTestStore;
  let ingest: Ingest;
  let accept: PipelineHarness['accept'];
  let websiteId: string;
  const code = `FL-BIDS-${engine}`;

  const adRows = () =>
    store.query<Record<string, unknown>>(
      `SELECT toString(impression_id) AS imp, kind, cpm, best_cpm, currency, bidder, prebid_won, net
       FROM foldline.ad_events WHERE website_id = {websiteId:UUID} ORDER BY kind, imp`,
      { websiteId },
    );

  beforeAll(async () => {
    pipeline = await openPipelineHarness(engine, code);
    ({ store, metadata, ingest, accept, websiteId } = pipeline);
  });
  afterAll(() => pipeline?.close());

  it('stores a won and a lost auction with their fields, and leaves the other ad kinds at the defaults', async () => {
    const [first, second] = [randomUUID(), randomUUID()].sort();
    const result = await accept(
      beacon(code, [
        { imp: first, ev: 'impression' },
        { ...won(first!), bidder: 'rubi\u0000con\u0007' },
        { imp: second, ev: 'impression' },
        lost(second!),
      ]),
    );
    expect(result).toMatchObject({ outcome: 'stored', stored: 5 });
    expect(await adRows()).toEqual([
      { imp: first, kind: 'bid', cpm: 2.25, best_cpm: 2.25, currency: 'EUR', bidder: 'rubicon', prebid_won: 1, net: 0 },
      { imp: second, kind: 'bid', cpm: 0, best_cpm: 1.5, currency: 'USD', bidder: 'appnexus', prebid_won: 0, net: 1 },
      { imp: first, kind: 'impression', cpm: 0, best_cpm: 0, currency: '', bidder: '', prebid_won: 0, net: 0 },
      { imp: second, kind: 'impression', cpm: 0, best_cpm: 0, currency: '', bidder: '', prebid_won: 0, net: 0 },
    ]);
    await store.command('TRUNCATE TABLE foldline.ad_events');
  });

  it('refuses a bid event outside its bounds as any invalid event: the whole beacon, counted invalid_payload', async () => {
    const imp = randomUUID();
    const invalid: Array<[string, Record<string, unknown>]> = [
      ['a CPM over 10,000', { ...won(imp), cpm: 10_000.01, best: 10_000.01 }],
      ['a negative best bid', { ...lost(imp), best: -1 }],
      ['a currency not in ISO capitals', { ...won(imp), cur: 'eur' }],
      ['a currency of four letters', { ...won(imp), cur: 'EURO' }],
      ['a bidder over 64 characters', { ...won(imp), bidder: 'b'.repeat(65) }],
      ['a flag of 2', { ...won(imp), won: 2 }],
      ['a net flag of true', { ...won(imp), net: true }],
      ['a missing currency', { ...won(imp), cur: undefined }],
      ['a missing best bid', { ...lost(imp), best: undefined }],
      ['a won CPM above the best', { ...won(imp), best: 1 }],
      ['a CPM on a lost auction', { ...lost(imp), cpm: 1 }],
    ];
    const before = ingest.stats().dropped.invalid_payload;
    for (const [name, event] of invalid) {
      const result = await accept(beacon(code, [{ imp, ev: 'impression' }, event]));
      expect(result, name).toMatchObject({ outcome: 'invalid', stored: 0, reason: 'invalid_payload', dropped: { invalid_payload: 1 } });
      expect(result.message, name).toMatch(/^Invalid beacon at e\.2\./);
    }
    // JSON text can say what a JavaScript object cannot send: an infinite CPM.
    const text = JSON.stringify(beacon(code, [{ imp, ev: 'impression' }, won(imp)])).replace('"cpm":2.25', '"cpm":1e999');
    expect(await accept(text)).toMatchObject({ outcome: 'invalid', reason: 'invalid_payload' });
    expect(ingest.stats().dropped.invalid_payload).toBe(before + invalid.length + 1);
    await ingest.flush();
    expect(await adRows()).toEqual([]);
    // The same event within its bounds is stored.
    expect(await accept(beacon(code, [{ imp, ev: 'impression' }, { ...won(imp), cpm: 10_000, best: 10_000, bidder: 'b'.repeat(64) }]))).toMatchObject({ outcome: 'stored' });
    expect(await adRows()).toContainEqual({ imp, kind: 'bid', cpm: 10_000, best_cpm: 10_000, currency: 'EUR', bidder: 'b'.repeat(64), prebid_won: 1, net: 0 });
    await store.command('TRUNCATE TABLE foldline.ad_events');
  });

  it('drops bid events with the other ad events when the website does not collect ads', async () => {
    await metadata.db.updateTable('websites').set({ settings: JSON.stringify({ preference: { autoDetectAdUnits: false } }), updated_at: new Date().toISOString() }).where('id', '=', websiteId).execute();
    const imp = randomUUID();
    const result = await accept(beacon(code, [{ imp, ev: 'impression' }, won(imp)]));
    expect(result).toMatchObject({ outcome: 'stored', stored: 1, dropped: { ads_off: 2 } });
    expect(await adRows()).toEqual([]);
  });
});
