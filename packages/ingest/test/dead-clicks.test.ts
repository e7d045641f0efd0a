// The tracker's dead-click flag (`dd` on a click event, issue 26) through the collector pipeline: stored in the clicks
// table's `dead` column (event-store migration 027), 0 for a click without it (not dead, or a tracker from before the
// flag); a flag other than 0 or 1 refused as any invalid event is: the whole beacon answered invalid_payload, nothing
// stored. On every event engine, with the metadata dialects paired as the API suites pair them.
import type { EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../event-store/test/support/test-stores.ts';
import type { Ingest } from '../src/pipeline.ts';
import { openPipelineHarness, pageviewBeacon as beacon, type PipelineHarness } from './support/pipeline-harness.ts';

/** A click on `s`, with whatever else `extra` adds (the flag, or a bad one). */
const click = (s: string, extra: Record<string, unknown> = {}) => ({ k: 'click', a: 0, x: 300, y: 1200, vw: 1280, dh: 3000, s, ox: 0.5, oy: 0.5, ...extra });

describeEachEngine('dead-click flags through the pipeline', (engine) => {
  let pipeline: PipelineHarness;
  let store: EventStore;
  let ingest: Ingest;
  let accept: PipelineHarness['accept'];
  let websiteId: string;
  const code = `FL-DEAD-${engine}`;

  const clickRows = () =>
    store.query<Record<string, unknown>>(`SELECT selector, dead FROM foldline.clicks WHERE website_id = {websiteId:UUID} ORDER BY selector`, { websiteId });

  beforeAll(async () => {
    pipeline = await openPipelineHarness(engine, code);
    ({ store, ingest, accept, websiteId } = pipeline);
  });
  afterAll(() => pipeline?.close());

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
