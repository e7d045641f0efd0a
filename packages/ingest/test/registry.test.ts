// The page registry's memory of a website across processes: pages deleted by another process ("Clear Website Data"
// there) are registered afresh here once the website's row says it changed, and not before.
import { randomUUID } from 'node:crypto';
import { openMetadataStore, type MetadataStore } from '@foldline/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COLLECT_LIMITS } from '../src/budgets.ts';
import { createRegistry } from '../src/registry.ts';

let store: MetadataStore;
const websiteId = randomUUID();
beforeAll(async () => {
  store = await openMetadataStore({ dataDir: ':memory:' });
  const now = new Date().toISOString();
  const userId = randomUUID();
  await store.db.insertInto('users').values({ id: userId, name: 'P', email: 'p@example.com', password_hash: 'x', created_at: now, updated_at: now }).execute();
  await store.db
    .insertInto('websites')
    .values({ id: websiteId, user_id: userId, name: 'S', domain: 'example.com', tracking_code: 'FL-REGISTRY', status: 'active', timezone: 'UTC', settings: '{}', created_at: now, updated_at: now })
    .execute();
});
afterAll(() => store.close());

describe('registry', () => {
  it('forgets a website\'s pages when its row changed since last seen, and only then', async () => {
    const registry = createRegistry(store.db, DEFAULT_COLLECT_LIMITS, (error) => {
      throw error;
    });
    const sighting = { websiteId, urlPath: '/a', origin: 'https://example.com', title: 'A', at: Date.now() };
    registry.observeWebsite(websiteId, 'v1');
    const first = await registry.pageId(sighting);
    // Another process clears the website's data: its pages go, then its row changes.
    await store.db.deleteFrom('pages').where('website_id', '=', websiteId).execute();

    registry.observeWebsite(websiteId, 'v1');
    expect(await registry.pageId(sighting)).toBe(first);
    registry.observeWebsite(websiteId, 'v2');
    const second = await registry.pageId(sighting);
    expect(second).not.toBe(first);
    const stored = await store.db.selectFrom('pages').select('id').where('website_id', '=', websiteId).execute();
    expect(stored).toEqual([{ id: second }]);
    await registry.drain();
  });

  it('drops a sighting whose website or page another process deleted, instead of failing the batch', async () => {
    const registry = createRegistry(store.db, DEFAULT_COLLECT_LIMITS, (error) => {
      throw error;
    });
    const at = Date.now();
    const pageId = await registry.pageId({ websiteId, urlPath: '/kept', origin: 'https://example.com', title: 'K', at });
    await store.db.deleteFrom('pages').where('id', '=', pageId).execute();
    const unit = { websiteId, pageId, slotKey: 'top', name: 'top', googleAdSlotId: null, selector: '#top', x: 0, y: 0, width: 728, height: 90, at };
    await expect(registry.adUnitId(unit)).rejects.toMatchObject({ reason: 'unknown_site' });
    await expect(registry.pageId({ websiteId: randomUUID(), urlPath: '/x', origin: 'https://example.com', title: 'X', at })).rejects.toMatchObject({ reason: 'unknown_site' });
  });
});
