// The tracker's dead-click flag (`dd` on a click event, issue 26) through the collector pipeline: stored in the clicks
// table's `dead` column (event-store migration 027), 0 for a click without it (not dead, or a tracker from before the
// flag); a flag other than 0 or 1 refused as any invalid event is: the whole beacon answered invalid_payload, nothing
// stored. On every event engine, with the metadata dialects paired as the API suites pair them.
import { randomUUID } from 'node:crypto';
import type { CollectPayload } from '@foldline/contracts';
import type { EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { dialects, openTestStore, type TestStore as MetadataTestStore } from '../../metadata/test/test-store.ts';
import { createIngest, type Ingest, type RequestMeta } from '../src/pipeline.ts';

const meta = (): RequestMeta => ({ ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', receivedAt: Date.now(), budgeted: false });

/** A click on `s`, with whatever else `extra` adds (the flag, or a bad one). */
const click = (s: string, extra: Record<string, unknown> = {}) => ({ k: 'click', a: 0, x: 300, y: 1200, vw: 1280, dh: 3000, s, ox: 0.5, oy: 0.5, ...extra });

/** A beacon of one pageview: its pageview event, then the given events. */
function beacon(code: string, events: Array<Record<string, unknown>>): CollectPayload {
  return {
    site: code,
    u: 'https://news.example.com/story',
    pv: randomUUID(),
    sid: randomUUID(),
    vw: 1280,
    e: [{ k: 'pv', a: 0, t: 'Story', r: '', vw: 1280, vh: 720, dh: 3000 }, ...events],
  } as CollectPayload;
}

describeEachEngine('dead-click flags through the pipeline', (engine) => {
  let events: TestStore;
  let store: EventStore;
  let metadata: MetadataTestStore;
  let ingest: Ingest;
  let code: string;
  let websiteId: string;

  const clickRows = () =>
    store.query<Record<string, unknown>>(`SELECT selector, dead FROM foldline.clicks WHERE website_id = {websiteId:UUID} ORDER BY selector`, { websiteId });
  const accept = (payload: CollectPayload) => ingest.accept(payload, meta());

  beforeAll(async () => {
    events = await createTestStore(engine);
    store = events.store;
    metadata = await openTestStore(engine === 'chdb' ? 'sqlite' : dialects.at(-1)!);
    const now = new Date().toISOString();
    const userId = randomUUID();
    websiteId = randomUUID();
    code = `FL-DEAD-${engine}`;
    await metadata.db.insertInto('users').values({ id: userId, name: 'P', email: 'p@example.com', password_hash: 'x', created_at: now, updated_at: now }).execute();
    await metadata.db
      .insertInto('websites')
      .values({ id: websiteId, user_id: userId, name: 'News', domain: 'news.example.com', tracking_code: code, status: 'active', timezone: 'UTC', settings: '{}', created_at: now, updated_at: now })
      .execute();
    ingest = createIngest({ metadata: metadata.db, events: store, gatherMs: 5, websiteTtlMs: 0 });
  });
  afterAll(async () => {
    await ingest?.close();
    await metadata?.dispose();
    await events?.close();
  });

  it('stores the flag: 1 for a dead click, 0 for one flagged 0 and for one without the flag', async () => {
    const result = await accept(beacon(code, [click('a-dead', { dd: 1 }), click('b-flagged-live', { dd: 0 }), click('c-unflagged')]));
    expect(result).toMatchObject({ outcome: 'stored', stored: 4 });
    expect(await clickRows()).toEqual([
      { selector: 'a-dead', dead: 1 },
      { selector: 'b-flagged-live', dead: 0 },
      { selector: 'c-unflagged', dead: 0 },
    ]);
    await store.command('TRUNCATE TABLE foldline.clicks');
  });

  it('refuses a flag other than 0 or 1 as any invalid event: the whole beacon, counted invalid_payload', async () => {
    const invalid: Array<[string, unknown]> = [
      ['2', 2],
      ['true', true],
      ['the text "1"', '1'],
      ['0.5', 0.5],
      ['-1', -1],
      ['null', null],
    ];
    const before = ingest.stats().dropped.invalid_payload;
    for (const [name, dd] of invalid) {
      const result = await accept(beacon(code, [click('fine', { dd: 1 }), click('bad', { dd })]));
      expect(result, name).toMatchObject({ outcome: 'invalid', stored: 0, reason: 'invalid_payload', dropped: { invalid_payload: 1 } });
      expect(result.message, name).toMatch(/^Invalid beacon at e\.2\.dd/);
    }
    expect(ingest.stats().dropped.invalid_payload).toBe(before + invalid.length);
    await ingest.flush();
    expect(await clickRows()).toEqual([]);
  });
});
