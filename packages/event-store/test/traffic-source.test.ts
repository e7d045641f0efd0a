// Traffic sources (issue 26): the rules on referrers and UTM tags readers arrive with, and pageview_segments (migration
// 029) storing, for every one of them, the source the function gives — through its view as pageviews are written, from
// the copy of the pageviews stored before it — and following pageviews' deletes and retried writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../src/event-store.ts';
import * as migration029 from '../src/migrations/029-pageview-segments.ts';
import { hostPattern, trafficSourceOf, type PageviewReferral } from '../src/traffic-source.ts';
import { deleteWebsiteEvents, deleteWebsiteEventsBetween } from '../src/website-data.ts';
import { createTestStore, describeEachEngine, type TestStore } from './support/test-stores.ts';

const CASES: [Partial<PageviewReferral>, string][] = [
  [{}, 'direct'],
  [{ referrerHost: 'google.com' }, 'search'],
  [{ referrerHost: 'google.co.uk' }, 'search'],
  [{ referrerHost: 'google.com.au' }, 'search'],
  [{ referrerHost: 'news.google.de' }, 'search'],
  [{ referrerHost: 'bing.com' }, 'search'],
  [{ referrerHost: 'cn.bing.com' }, 'search'],
  [{ referrerHost: 'duckduckgo.com' }, 'search'],
  [{ referrerHost: 'search.yahoo.co.jp' }, 'search'],
  [{ referrerHost: 'yahoo.com' }, 'referral'],
  [{ referrerHost: 'l.facebook.com' }, 'social'],
  [{ referrerHost: 'm.facebook.com' }, 'social'],
  [{ referrerHost: 't.co' }, 'social'],
  [{ referrerHost: 'news.ycombinator.com' }, 'social'],
  [{ referrerHost: 'pinterest.co.uk' }, 'social'],
  // Names that only look alike.
  [{ referrerHost: 'notgoogle.com' }, 'referral'],
  [{ referrerHost: 'google.com.evil.example' }, 'referral'],
  [{ referrerHost: 'facebook.com.example.org' }, 'referral'],
  [{ referrerHost: 'example.org' }, 'referral'],
  // Tags decide over the referrer.
  [{ utmSource: 'newsletter' }, 'referral'],
  [{ utmSource: 'newsletter', referrerHost: 'google.com' }, 'referral'],
  [{ utmSource: 'Google', utmMedium: 'cpc' }, 'search'],
  [{ utmSource: 'bing.com' }, 'search'],
  [{ utmMedium: 'organic' }, 'search'],
  [{ utmSource: 'facebook', utmMedium: 'cpc' }, 'social'],
  [{ utmSource: 'newsletter', utmMedium: 'Social' }, 'social'],
  [{ utmSource: ' ig ' }, 'social'],
  [{ utmSource: 'l.instagram.com' }, 'social'],
  [{ utmMedium: 'email' }, 'referral'],
];

const referral = (partial: Partial<PageviewReferral>): PageviewReferral => ({ referrerHost: '', utmSource: '', utmMedium: '', ...partial });

describe('traffic source', () => {
  it('follows the rules: tags first, then the referrer host, else direct', () => {
    for (const [input, source] of CASES) expect(trafficSourceOf(referral(input)), JSON.stringify(input)).toBe(source);
  });

  it('matches a host entry, its subdomains and, for a name with .*, its country domains only', () => {
    const pattern = new RegExp(hostPattern(['example.com', 'search.*']));
    expect(['example.com', 'a.b.example.com', 'search.de', 'www.search.co.uk'].every((host) => pattern.test(host))).toBe(true);
    expect(['example.co', 'myexample.com', 'example.com.au', 'search.example.org'].some((host) => pattern.test(host))).toBe(false);
  });
});

const WEBSITES = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
const PAGE = '00000000-0000-4000-8000-0000000000b1';

/** A pageview of each case, a minute apart from 09:00 on, on the first website (the last one on the second). */
const PAGEVIEWS = CASES.map(([input], i) => {
  const { referrerHost, utmSource, utmMedium } = referral(input);
  const minute = String(i).padStart(2, '0');
  return {
    website_id: WEBSITES[i === CASES.length - 1 ? 1 : 0],
    ts: `2026-11-01 09:${minute}:00.000`,
    page_id: PAGE,
    pageview_id: crypto.randomUUID(),
    session_id: crypto.randomUUID(),
    device: i % 3 === 0 ? 'mobile' : 'desktop',
    visitor_id: i,
    url_path: '/a',
    title: 'T',
    referrer_host: referrerHost,
    utm_source: utmSource,
    utm_medium: utmMedium,
    browser: i % 2 === 0 ? 'Chrome' : 'Firefox',
    viewport_w: 1280,
    viewport_h: 700 + i,
    doc_h: 3000 + i,
  };
});

describeEachEngine('pageview segments', (engine) => {
  let test: TestStore;
  let store: EventStore;

  /** pageview_segments as it should be: each stored pageview with the function's source. */
  const expected = async () =>
    (
      await store.query<Record<string, string>>(
        `SELECT toString(pageview_id) AS id, toString(website_id) AS w, toString(page_id) AS p, device AS d, browser AS b, toString(ts) AS t,
           toString(cityHash64(session_id)) AS s, toString(viewport_h) AS vh, toString(doc_h) AS dh, referrer_host, utm_source, utm_medium
         FROM foldline.pageviews ORDER BY id`,
      )
    ).map(({ referrer_host, utm_source, utm_medium, ...row }) => ({ ...row, source: trafficSourceOf({ referrerHost: referrer_host!, utmSource: utm_source!, utmMedium: utm_medium! }) }));
  const stored = () =>
    store.query<Record<string, string>>(
      `SELECT toString(pageview_id) AS id, toString(website_id) AS w, toString(page_id) AS p, device AS d, browser AS b, toString(ts) AS t,
         toString(session_hash) AS s, toString(viewport_h) AS vh, toString(doc_h) AS dh, source
       FROM foldline.pageview_segments ORDER BY id`,
    );
  const expectFollowsPageviews = async () => {
    const rows = await expected();
    expect(await stored()).toEqual(rows);
    return rows.length;
  };

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    await store.insert('foldline.pageviews', PAGEVIEWS);
  });
  afterAll(() => test.close());

  it('stores every written pageview with the source the rules give', async () => {
    expect(await expectFollowsPageviews()).toBe(CASES.length);
    // Every source is among them: the comparison above covers each branch of the expression.
    expect(new Set((await stored()).map((row) => row.source))).toEqual(new Set(['direct', 'search', 'social', 'referral']));
  });

  it('is filled from the pageviews stored before migration 029', async () => {
    await store.command('TRUNCATE TABLE foldline.pageview_segments');
    await store.command(migration029.statements.at(-1)!);
    expect(await expectFollowsPageviews()).toBe(CASES.length);
  });

  it('keeps a retried write once, as pageviews do', async () => {
    const retried = [{ ...PAGEVIEWS[1]!, pageview_id: crypto.randomUUID(), ts: '2026-11-03 12:00:00.000' }];
    for (let i = 0; i < 3; i += 1) await store.insert('foldline.pageviews', retried, { deduplicationToken: 'batch-9:foldline.pageviews' });
    expect(await expectFollowsPageviews()).toBe(CASES.length + 1);
  });

  it('loses a deleted window and a deleted website, as pageviews do', async () => {
    await deleteWebsiteEventsBetween(store, WEBSITES[0]!, '2026-11-01 09:10:00.000', '2026-11-01 09:20:00.000');
    expect(await expectFollowsPageviews()).toBe(CASES.length + 1 - 10);
    await deleteWebsiteEvents(store, [WEBSITES[0]!]);
    expect(await expectFollowsPageviews()).toBe(1);
  });
});
