// The collector's pipeline on a fresh event store and metadata store, with one active website to collect for: the
// harness of the suites that send one kind of event through `accept` and read the stored rows back. The metadata
// dialects are paired with the event engines as the API suites pair them (chDB on SQLite, the adapter on PostgreSQL
// when TEST_DATABASE_URL is set), so a suite covers both without running every pair.
import { randomUUID } from 'node:crypto';
import type { CollectPayload } from '@foldline/contracts';
import type { EventStore } from '@foldline/event-store';
import { createTestStore, type Engine } from '../../../event-store/test/support/test-stores.ts';
import { dialects, openTestStore, type TestStore as MetadataTestStore } from '../../../metadata/test/test-store.ts';
import { createIngest, type Ingest, type RequestMeta } from '../../src/pipeline.ts';

export interface PipelineHarness {
  store: EventStore;
  metadata: MetadataTestStore;
  ingest: Ingest;
  websiteId: string;
  /** Sends a beacon (an object, or JSON text) through the pipeline as a reader's browser would. */
  accept(payload: CollectPayload | string): ReturnType<Ingest['accept']>;
  /** Closes the pipeline, then the stores. */
  close(): Promise<void>;
}

/** A reader's request: a desktop Chrome (no bot), not charged to the collector's budgets. */
const readerMeta = (): RequestMeta => ({
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  receivedAt: Date.now(),
  budgeted: false,
});

/** Opens the stores on `engine`, adds a user and their website with tracking code `code`, and starts the pipeline. */
export async function openPipelineHarness(engine: Engine, code: string): Promise<PipelineHarness> {
  const events = await createTestStore(engine);
  const store = events.store;
  let metadata: MetadataTestStore | undefined;
  let ingest: Ingest | undefined;
  const close = async () => {
    await ingest?.close();
    await metadata?.dispose();
    await events.close();
  };
  try {
    metadata = await openTestStore(engine === 'chdb' ? 'sqlite' : dialects.at(-1)!);
    const { db } = metadata;
    const now = new Date().toISOString();
    const userId = randomUUID();
    const websiteId = randomUUID();
    await db.insertInto('users').values({ id: userId, name: 'P', email: 'p@example.com', password_hash: 'x', created_at: now, updated_at: now }).execute();
    await db
      .insertInto('websites')
      .values({ id: websiteId, user_id: userId, name: 'News', domain: 'news.example.com', tracking_code: code, status: 'active', timezone: 'UTC', settings: '{}', created_at: now, updated_at: now })
      .execute();
    // Rows gathered 5 ms (not 50) before a write, so each beacon is answered soon; the website never cached, so a
    // change to its settings holds from the next beacon.
    const pipeline = createIngest({ metadata: db, events: store, gatherMs: 5, websiteTtlMs: 0 });
    ingest = pipeline;
    return { store, metadata, ingest: pipeline, websiteId, accept: (payload) => pipeline.accept(payload, readerMeta()), close };
  } catch (error) {
    // The suite's own clean-up never sees a harness that failed to open.
    await close();
    throw error;
  }
}

/** A beacon of one pageview on the website's story: its pageview event, then `events`. */
export function pageviewBeacon(code: string, events: Array<Record<string, unknown>>): CollectPayload {
  return {
    site: code,
    u: 'https://news.example.com/story',
    pv: randomUUID(),
    sid: randomUUID(),
    vw: 1280,
    e: [{ k: 'pv', a: 0, t: 'Story', r: '', vw: 1280, vh: 720, dh: 3000 }, ...events],
  } as CollectPayload;
}
