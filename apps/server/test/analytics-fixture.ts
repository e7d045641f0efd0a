// A fixture data set for the analytics tests, written through the ingest pipeline (app.ingest.accept) the way
// the tracker's beacons arrive, and kept as plain records so the tests can compute every expected figure
// themselves from the same rows, without the query layer.
import { randomUUID } from 'node:crypto';
import { DEFAULT_PREFERENCES, DEFAULT_THRESHOLDS, deviceFromViewportWidth, type CollectEvent, type DeviceType } from '@foldline/contracts';
import type { FastifyInstance } from 'fastify';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface FixtureWebsite {
  id: string;
  domain: string;
  trackingCode: string;
  timezone: string;
}

/** Inserts a website row for a user directly (the websites API belongs to another part of the product). */
export async function insertWebsite(app: FastifyInstance, userId: string, overrides: Partial<{ timezone: string; name: string; status: string }> = {}): Promise<FixtureWebsite> {
  const id = randomUUID();
  const domain = `site-${id.slice(0, 8)}.example.com`;
  const trackingCode = `fl_${id.replace(/-/g, '').slice(0, 16)}`;
  const now = new Date().toISOString();
  const timezone = overrides.timezone ?? 'UTC';
  await app.metadata.db
    .insertInto('websites')
    .values({
      id,
      user_id: userId,
      name: overrides.name ?? `Site ${id.slice(0, 4)}`,
      domain,
      tracking_code: trackingCode,
      status: overrides.status ?? 'active',
      timezone,
      settings: JSON.stringify({ thresholds: DEFAULT_THRESHOLDS, preference: DEFAULT_PREFERENCES }),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, domain, trackingCode, timezone };
}

export interface AdSlot {
  key: string;
  name: string;
  w: number;
  h: number;
  y: number;
}

export interface FixtureAdEvent {
  slot: AdSlot;
  kind: 'impression' | 'viewable' | 'click';
}

/** One pageview as the test knows it: when, where, on which device, and what followed it. */
export interface FixturePageview {
  website: FixtureWebsite;
  path: string;
  title: string;
  viewportWidth: number;
  device: DeviceType;
  sessionId: string;
  pageviewId: string;
  /** Time of the pageview (ms). */
  at: number;
  /** Engagement updates, sent ENGAGEMENT_DELAY later: engaged ms since the previous update and the running max scroll. */
  engagement: { ms: number; scroll: number }[];
  ads: FixtureAdEvent[];
}

/** Engagement and ad events arrive in a second beacon this long after the pageview. */
export const FOLLOW_UP_DELAY = 20_000;

export async function sendPageview(app: FastifyInstance, pv: FixturePageview): Promise<void> {
  const url = `https://${pv.website.domain}${pv.path}`;
  const base = { site: pv.website.trackingCode, u: url, pv: pv.pageviewId, sid: pv.sessionId, vw: pv.viewportWidth };
  const meta = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36' };
  const first = await app.ingest.accept(
    { ...base, e: [{ k: 'pv', a: 0, t: pv.title, r: '', vw: pv.viewportWidth, vh: 800, dh: 3000 }] },
    { ...meta, receivedAt: pv.at },
  );
  if (first.outcome !== 'stored') throw new Error(`pageview beacon not stored: ${JSON.stringify(first)}`);
  const followUp: CollectEvent[] = [
    ...pv.engagement.map((e, i) => ({ k: 'eng' as const, a: 0, ms: e.ms, sd: e.scroll, pd: i === 0 ? -1 : pv.engagement[i - 1]!.scroll, dh: 3000 })),
    ...adEvents(pv.ads),
  ];
  if (followUp.length === 0) return;
  const second = await app.ingest.accept({ ...base, e: followUp }, { ...meta, receivedAt: pv.at + FOLLOW_UP_DELAY });
  if (second.outcome !== 'stored') throw new Error(`follow-up beacon not stored: ${JSON.stringify(second)}`);
}

function adEvents(ads: readonly FixtureAdEvent[]): CollectEvent[] {
  const impressionIds = new Map<string, string>();
  return ads.map((ad) => {
    if (ad.kind === 'impression' || !impressionIds.has(ad.slot.key)) impressionIds.set(ad.slot.key, randomUUID());
    return {
      k: 'ad' as const,
      a: 0,
      slot: { key: ad.slot.key, name: ad.slot.name, sel: `#${ad.slot.key}`, x: 10, y: ad.slot.y, w: ad.slot.w, h: ad.slot.h },
      imp: impressionIds.get(ad.slot.key)!,
      ev: ad.kind,
    };
  });
}

/** A small deterministic generator, so the fixture is varied yet the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const SLOTS: AdSlot[] = [
  { key: 'top-banner', name: 'Top banner', w: 728, h: 90, y: 0 },
  { key: 'sidebar', name: 'Sidebar box', w: 300, h: 250, y: 600 },
  { key: 'footer', name: 'Footer banner', w: 320, h: 50, y: 2800 },
];
const WIDTHS = [1440, 375, 820];

/**
 * Pageviews spread over five months before `now`, several per session, on the given pages, with
 * engagement and ad events whose viewability and clicks vary by slot. Offsets stay at least two minutes
 * away from multiples of a day from now, so a request a few seconds later sees the same day period; from a week on a
 * period starts on the hour (up to an hour later than now minus its length), so tests take those windows from the
 * server's timeRange rather than from `now`.
 */
export function buildPageviews(now: number, pages: { website: FixtureWebsite; path: string; title: string }[], count: number, seed = 7): FixturePageview[] {
  const random = seededRandom(seed);
  const offsets = [10 * MINUTE, 3 * HOUR, 23 * HOUR + 30 * MINUTE, 24 * HOUR + 30 * MINUTE, 2 * DAY + 5 * MINUTE, 6 * DAY + 23 * HOUR, 7 * DAY + 2 * HOUR, 12 * DAY, 29 * DAY + 20 * HOUR, 30 * DAY + 3 * HOUR, 45 * DAY, 89 * DAY, 91 * DAY, 150 * DAY];
  const pageviews: FixturePageview[] = [];
  for (let i = 0; i < count; i++) {
    const page = pages[Math.floor(random() * pages.length)]!;
    const width = WIDTHS[Math.floor(random() * WIDTHS.length)]!;
    const sessionId = i % 3 === 0 || pageviews.length === 0 ? randomUUID() : pageviews[pageviews.length - 1]!.sessionId;
    const offset = offsets[Math.floor(random() * offsets.length)]! + Math.floor(random() * 20) * MINUTE;
    const engagement: { ms: number; scroll: number }[] = [];
    let scroll = 0;
    const updates = Math.floor(random() * 3);
    for (let u = 0; u < updates; u++) {
      scroll = Math.min(100, scroll + Math.floor(random() * 50));
      engagement.push({ ms: 500 + Math.floor(random() * 15_000), scroll });
    }
    const ads: FixtureAdEvent[] = [];
    for (const [index, slot] of SLOTS.entries()) {
      if (random() < 0.2) continue;
      ads.push({ slot, kind: 'impression' });
      if (random() < 0.8 - index * 0.25) ads.push({ slot, kind: 'viewable' });
      if (random() < 0.12) ads.push({ slot, kind: 'click' });
    }
    pageviews.push({
      website: page.website,
      path: page.path,
      title: page.title,
      viewportWidth: width,
      device: deviceFromViewportWidth(width),
      sessionId,
      pageviewId: randomUUID(),
      at: now - offset,
      engagement,
      ads,
    });
  }
  return pageviews;
}
