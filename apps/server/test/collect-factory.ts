// Test factories for the collector: a website row inserted directly (independent of the websites API) and
// beacons in the tracker's format.
import { randomUUID } from 'node:crypto';
import type { CollectEvent, CollectPayload } from '@foldline/contracts';
import type { FastifyInstance } from 'fastify';

export interface TestWebsite {
  id: string;
  userId: string;
  trackingCode: string;
  domain: string;
}

export const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

export async function insertWebsite(
  app: FastifyInstance,
  options: { userId?: string; domain?: string; status?: string; preference?: Record<string, boolean> } = {},
): Promise<TestWebsite> {
  const now = new Date().toISOString();
  let userId = options.userId;
  if (!userId) {
    userId = randomUUID();
    await app.metadata.db
      .insertInto('users')
      .values({ id: userId, name: 'Publisher', email: `p-${userId}@example.com`, password_hash: 'x', created_at: now, updated_at: now })
      .execute();
  }
  const website = { id: randomUUID(), userId, trackingCode: `FL-${randomUUID().slice(0, 8).toUpperCase()}`, domain: options.domain ?? 'news.example.com' };
  await app.metadata.db
    .insertInto('websites')
    .values({
      id: website.id,
      user_id: userId,
      name: 'Test site',
      domain: website.domain,
      tracking_code: website.trackingCode,
      status: options.status ?? 'active',
      timezone: 'UTC',
      settings: JSON.stringify({ preference: options.preference ?? {} }),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return website;
}

export function pageviewEvent(overrides: Partial<Extract<CollectEvent, { k: 'pv' }>> = {}): CollectEvent {
  return { k: 'pv', a: 0, t: 'Article', r: '', vw: 1280, vh: 800, dh: 4000, ...overrides };
}

export function beacon(site: TestWebsite, events: CollectEvent[], overrides: Partial<CollectPayload> = {}): CollectPayload {
  return { site: site.trackingCode, u: `https://${site.domain}/articles/one?utm_source=newsletter`, pv: randomUUID(), sid: randomUUID(), e: events, ...overrides };
}

export function adSlot(overrides: Partial<Extract<CollectEvent, { k: 'ad' }>['slot']> = {}) {
  return { key: 'div-gpt-ad-top', name: '/1234/news/top', gid: '/1234/news/top', sel: '#div-gpt-ad-top', x: 276, y: 120, w: 728, h: 90, ...overrides };
}

export function collect(app: FastifyInstance, payload: unknown, options: { userAgent?: string; contentType?: string; ip?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/collect',
    headers: {
      'content-type': options.contentType ?? 'text/plain;charset=UTF-8',
      'user-agent': options.userAgent ?? BROWSER_UA,
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}
