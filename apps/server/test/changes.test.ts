// GET /api/analytics/changes: ad-layout changes detected from 40 days of beacons sent through the collector (each with
// the day it arrived on), and their figures before and after, against counts worked out by hand; bad input answers
// 400, another user's ids 404, no token 401.
import { randomUUID } from 'node:crypto';
import { DEFAULT_FORMAT_VALUES, type ChangesResponse, type CollectEvent } from '@foldline/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { unitKey, unitsSinceTheirChange } from '@foldline/analytics/recommendations/unit-changes';
import { DAY, HOUR, insertWebsite, MINUTE, type FixtureWebsite } from './analytics-fixture.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
/** Days of beacons, the last one yesterday; desktop and phone pageviews a day. */
const DAYS = 40;
const DESKTOP_VIEWS = 10;
const PHONE_VIEWS = 5;
/** Days ago (UTC) that the mover moved down the page and the format unit grew. */
const MOVED = 20;
const RESIZED = 5;
/** Days ago of the odd unit's one-off layout, and of a day on which only a minority of pageviews had it. */
const ODD_DAY = 30;
const MINORITY_DAY = 10;

type Slot = { key: string; name: string; sel: string; x: number; y: number; w: number; h: number };
const slot = (key: string, name: string, y: number, w: number, h: number): Slot => ({ key, name, sel: `#${key}`, x: 0, y, w, h });

/**
 * The desktop page on a day (days ago) for pageview i: where each unit is, and whether it was viewable or clicked.
 * Mover: at 400 px, viewable in 8 of 10 pageviews and clicked in one; from MOVED days ago at 2400 px, viewable in 3,
 * never clicked. Top: viewable in 9. Odd: at 1200 px, viewable in 5; all at 3200 px on ODD_DAY, 3 of 10 on
 * MINORITY_DAY. Format: 300x250, from RESIZED days ago 336x280, viewable in 4.
 */
function desktopAds(daysAgo: number, i: number): Array<{ slot: Slot; viewable: boolean; click: boolean }> {
  const moved = daysAgo <= MOVED;
  const odd = daysAgo === ODD_DAY || (daysAgo === MINORITY_DAY && i < 3);
  return [
    { slot: slot('div-top', 'Top', 100, 728, 90), viewable: i < 9, click: false },
    { slot: slot('div-mover', 'Mover', moved ? 2400 : 400, 300, 250), viewable: i < (moved ? 3 : 8), click: !moved && i === 0 },
    { slot: slot('div-odd', 'Odd', odd ? 3200 : 1200, 300, 250), viewable: i < 5, click: false },
    { slot: daysAgo <= RESIZED ? slot('div-format', 'Format', 1800, 336, 280) : slot('div-format', 'Format', 1800, 300, 250), viewable: i < 4, click: false },
  ];
}

/** On phones nothing changes: the mover stays at 400 px. */
const phoneAds = (): Array<{ slot: Slot; viewable: boolean; click: boolean }> => [
  { slot: slot('div-top', 'Top', 60, 320, 50), viewable: true, click: false },
  { slot: slot('div-mover', 'Mover', 400, 300, 250), viewable: false, click: false },
];

describeEachDialect('layout changes', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let site: FixtureWebsite;
  let pageId: string;
  let unitIds: Record<string, string>;
  /** Today, as a UTC day number. */
  let today: number;
  const dayOf = (daysAgo: number) => new Date((today - daysAgo) * DAY).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
    owner = await signUp(app);
    stranger = await signUp(app);
    site = await insertWebsite(app, owner.user.user_id);
    today = Math.floor(Date.now() / DAY);
    const beacons: Array<Promise<unknown>> = [];
    for (let daysAgo = DAYS; daysAgo >= 1; daysAgo--) {
      const noon = (today - daysAgo) * DAY + 12 * HOUR;
      for (const [width, views] of [[1280, DESKTOP_VIEWS], [375, PHONE_VIEWS]] as const) {
        for (let i = 0; i < views; i++) {
          const ads = width === 1280 ? desktopAds(daysAgo, i) : phoneAds();
          const events: CollectEvent[] = [{ k: 'pv', a: 0, t: 'Story', r: '', vw: width, vh: 800, dh: 4000 }];
          for (const ad of ads) {
            const imp = randomUUID();
            events.push({ k: 'ad', a: 0, slot: ad.slot, imp, ev: 'impression' });
            if (ad.viewable) events.push({ k: 'ad', a: 0, slot: ad.slot, imp, ev: 'viewable', mp: 100 });
            if (ad.click) events.push({ k: 'ad', a: 0, slot: ad.slot, imp, ev: 'click' });
          }
          const payload = { site: site.trackingCode, u: `https://${site.domain}/story`, pv: randomUUID(), sid: randomUUID(), vw: width, e: events };
          beacons.push(
            app.ingest.accept(payload, { ip: '203.0.113.9', userAgent: CHROME, receivedAt: noon + (i + (width === 1280 ? 0 : 20)) * MINUTE }).then((result) => {
              if (result.outcome !== 'stored') throw new Error(`beacon not stored: ${JSON.stringify(result)}`);
            }),
          );
        }
      }
    }
    await Promise.all(beacons);
    await app.ingest.flush?.();
    pageId = (await app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).executeTakeFirstOrThrow()).id;
    const units = await app.metadata.db.selectFrom('ad_units').select(['id', 'slot_key']).where('page_id', '=', pageId).execute();
    unitIds = Object.fromEntries(units.map((unit) => [unit.slot_key, unit.id]));
  }, 120_000);
  afterAll(() => t?.close());

  const get = (query: string, auth: { authorization: string } | null = owner.auth) =>
    app.inject({ method: 'GET', url: `/api/analytics/changes?${query}`, ...(auth ? { headers: auth } : {}) });
  const changesOf = async (query: string) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ChangesResponse).data.changes;
  };

  it('finds the move on its day, with both places, and nothing else but the format change', async () => {
    const changes = await changesOf(`pageId=${pageId}`);
    // The odd unit's one-off day and its minority day are not changes; nor is anything on phones.
    expect(changes.map((c) => [c.kind, c.ad_unit_id, c.device, c.day])).toEqual([
      ['format', unitIds['div-format'], 'desktop', dayOf(RESIZED)],
      ['moved', unitIds['div-mover'], 'desktop', dayOf(MOVED)],
    ]);
    const move = changes[1]!;
    expect(move).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      page_id: pageId,
      page_title: 'Story',
      page_path: '/story',
      ad_unit_name: 'Mover',
      before: { y: 400, width: 300, height: 250 },
      after: { y: 2400, width: 300, height: 250 },
    });
    expect(changes[0]).toMatchObject({ ad_unit_name: 'Format', before: { y: 1800, width: 300, height: 250 }, after: { y: 1800, width: 336, height: 280 } });
  });

  it('compares two whole weeks each side of the move, the change day left out, as counted by hand', async () => {
    const move = (await changesOf(`pageId=${pageId}`)).find((c) => c.kind === 'moved')!;
    // The next change (the format, RESIZED days ago) is further than two weeks after.
    expect(move.windows).toEqual({
      before: { start: dayOf(MOVED + 14), end: dayOf(MOVED + 1), days: 14 },
      after: { start: dayOf(MOVED - 1), end: dayOf(MOVED - 14), days: 14 },
    });
    const views = 14 * DESKTOP_VIEWS;
    // The mover: 8 of 10 viewable and one click a day before; 3 of 10 and none after.
    expect(move.unit.before).toEqual({ pageviews: views, impressions: views, viewable: 14 * 8, clicks: 14 });
    expect(move.unit.after).toEqual({ pageviews: views, impressions: views, viewable: 14 * 3, clicks: 0 });
    expect(move.unit.view_rate.before?.value).toBe(80);
    expect(move.unit.view_rate.after?.value).toBe(30);
    expect(move.unit.viewable_per_1000.after?.value).toBe(300);
    expect([move.unit.view_rate.verdict, move.unit.viewability.verdict, move.unit.ctr.verdict, move.unit.viewable_per_1000.verdict]).toEqual(['down', 'down', 'down', 'down']);
    // The other three units did the same on both sides: 9 + 5 + 4 viewable in 10 pageviews a day.
    const others = { pageviews: views, impressions: 3 * views, viewable: 14 * (9 + 5 + 4), clicks: 0 };
    expect(move.other_units.before).toEqual(others);
    expect(move.other_units.after).toEqual(others);
    expect([move.other_units.viewability.verdict, move.other_units.viewable_per_1000.verdict]).toEqual(['within_noise', 'within_noise']);
    // The page: 26 viewable per 10 pageviews before, 21 after.
    expect(move.page.before).toEqual({ pageviews: views, impressions: 4 * views, viewable: 14 * 26, clicks: 14 });
    expect(move.page.after).toEqual({ pageviews: views, impressions: 4 * views, viewable: 14 * 21, clicks: 0 });
    expect(move.page.viewable_per_1000.before?.value).toBe(2600);
    expect(move.page.viewable_per_1000.verdict).toBe('down');
    // Value: every unit's viewable impressions weighted by its format's default desktop value (a 300x250 = 1); the
    // page's other units at their most frequent size on desktop over the look-back (the format unit's 300x250).
    expect(move.unit.value_per_1000).toMatchObject({ before: { value: 800 }, after: { value: 300 }, verdict: 'down' });
    const formatValues = DEFAULT_FORMAT_VALUES.desktop;
    const pageValue = (mover: number) => 100 * (9 * formatValues['728x90']! + mover + 5 + 4 * formatValues['300x250']!);
    expect(move.page.value_per_1000?.before?.value).toBeCloseTo(pageValue(8), 1);
    expect(move.page.value_per_1000?.after?.value).toBeCloseTo(pageValue(3), 1);
  });

  it('cuts a 10-day window to one whole week each side', async () => {
    const move = (await changesOf(`pageId=${pageId}&window=10`)).find((c) => c.kind === 'moved')!;
    expect(move.windows.before).toEqual({ start: dayOf(MOVED + 7), end: dayOf(MOVED + 1), days: 7 });
    expect(move.windows.after).toEqual({ start: dayOf(MOVED - 1), end: dayOf(MOVED - 7), days: 7 });
    expect(move.unit.after).toEqual({ pageviews: 7 * DESKTOP_VIEWS, impressions: 7 * DESKTOP_VIEWS, viewable: 7 * 3, clicks: 0 });
  });

  it('says too short while the after window has under a week', async () => {
    const format = (await changesOf(`pageId=${pageId}`)).find((c) => c.kind === 'format')!;
    // Before: back to the day after the move; after: the days since, yesterday last.
    expect(format.windows).toEqual({
      before: { start: dayOf(MOVED - 1), end: dayOf(RESIZED + 1), days: MOVED - RESIZED - 1 },
      after: { start: dayOf(RESIZED - 1), end: dayOf(1), days: RESIZED - 1 },
    });
    expect(format.unit.after).toEqual({ pageviews: (RESIZED - 1) * DESKTOP_VIEWS, impressions: (RESIZED - 1) * DESKTOP_VIEWS, viewable: (RESIZED - 1) * 4, clicks: 0 });
    for (const group of [format.unit, format.other_units, format.page]) {
      expect([group.viewability.verdict, group.ctr.verdict, group.viewable_per_1000.verdict]).toEqual(['too_short', 'too_short', 'too_short']);
    }
    expect(format.unit.view_rate.verdict).toBe('too_short');
    // After, its viewable impressions count at the 336x280's value.
    expect(format.unit.value_per_1000?.after?.value).toBeCloseTo(400 * DEFAULT_FORMAT_VALUES.desktop['336x280']!, 1);
  });

  it('answers the same for the website, and filters by device', async () => {
    expect(await changesOf(`websiteId=${site.id}`)).toEqual(await changesOf(`pageId=${pageId}`));
    expect(await changesOf(`pageId=${pageId}&deviceType=mobile`)).toEqual([]);
    expect((await changesOf(`pageId=${pageId}&deviceType=desktop`)).length).toBe(2);
  });

  it('names the recommendation a change carried out, with its promise against what the unit delivered, and keeps the record', async () => {
    // The advice as recorded when it was given: move the mover to about 2,400 px (promising a view rate of 25–40 %),
    // make the format unit a 336x280, and a move of the top unit that was never carried out.
    const given = (id: string, firstDaysAgo: number, recommendation: object) =>
      app.metadata.db
        .insertInto('recommendation_records')
        .values({
          website_id: site.id,
          recommendation_id: id,
          page_id: pageId,
          device: 'desktop',
          snapshot: JSON.stringify({ id, page_id: pageId, device: 'desktop', reason: `Advice ${id}`, ...recommendation }),
          first_seen: `${dayOf(firstDaysAgo)}T09:00:00.000Z`,
          last_seen: `${dayOf(firstDaysAgo)}T09:00:00.000Z`,
          status: 'open',
          reason: null,
          status_at: null,
        })
        .execute();
    const expected = (rate: number, low: number, high: number) => ({ predicted_view_rate: rate, predicted_view_rate_low: low, predicted_view_rate_high: high });
    await given(`move_ad_unit:${pageId}:desktop:${unitIds['div-mover']}`, MOVED + 3, { type: 'move_ad_unit', ad_unit_id: unitIds['div-mover'], recommended_position: { x: 0, y: 2380 }, expected: expected(32, 25, 40) });
    await given(`format_change:${pageId}:desktop:${unitIds['div-format']}`, RESIZED + 2, { type: 'format_change', ad_unit_id: unitIds['div-format'], recommended_format: '336x280', expected: expected(45, 40, 50) });
    await given(`move_ad_unit:${pageId}:desktop:${unitIds['div-top']}`, MOVED + 3, { type: 'move_ad_unit', ad_unit_id: unitIds['div-top'], recommended_position: { x: 0, y: 900 }, expected: expected(95, 93, 97) });
    const response = await get(`websiteId=${site.id}`);
    const { changes, record } = (response.json() as ChangesResponse).data;
    const move = changes.find((c) => c.kind === 'moved')!;
    // The move delivered 30 %: within 25–40 %.
    expect(move.recommendation).toEqual({
      recommendation_id: `move_ad_unit:${pageId}:desktop:${unitIds['div-mover']}`,
      type: 'move_ad_unit',
      reason: `Advice move_ad_unit:${pageId}:desktop:${unitIds['div-mover']}`,
      promised: { view_rate: 32, low: 25, high: 40 },
      delivered: 30,
      within: true,
    });
    // The format change is too recent to judge.
    expect(changes.find((c) => c.kind === 'format')!.recommendation).toMatchObject({ type: 'format_change', delivered: 40, within: null });
    expect(record).toEqual({ applied: 2, judged: 1, within: 1 });
    // The background advice marks the two carried out applied (with what it detected), and leaves the other open.
    await app.advice.refreshAll();
    const statuses = await app.metadata.db.selectFrom('recommendation_records').select(['recommendation_id', 'status', 'reason']).where('website_id', '=', site.id).execute();
    expect(Object.fromEntries(statuses.map((r) => [r.recommendation_id, [r.status, r.reason]]))).toEqual({
      [`move_ad_unit:${pageId}:desktop:${unitIds['div-mover']}`]: ['applied', `Detected: the unit moved on ${dayOf(MOVED)}`],
      [`format_change:${pageId}:desktop:${unitIds['div-format']}`]: ['applied', `Detected: the unit changed format on ${dayOf(RESIZED)}`],
      [`move_ad_unit:${pageId}:desktop:${unitIds['div-top']}`]: ['open', null],
    });
    await app.metadata.db.deleteFrom('recommendation_records').where('website_id', '=', site.id).execute();
    // Advice first given after the change is not what the change carried out.
    await given(`move_ad_unit:${pageId}:desktop:${unitIds['div-mover']}`, MOVED - 2, { type: 'move_ad_unit', ad_unit_id: unitIds['div-mover'], recommended_position: { x: 0, y: 2380 }, expected: expected(32, 25, 40) });
    const later = (await changesOf(`pageId=${pageId}`)).find((c) => c.kind === 'moved')!;
    expect(later.recommendation).toBeNull();
    await app.metadata.db.deleteFrom('recommendation_records').where('website_id', '=', site.id).execute();
  });

  it('splits the advice\'s evidence at a change: a unit that moved in its window is measured since, at its new place', async () => {
    const window = { start: new Date(Date.now() - 30 * DAY), end: new Date() };
    const since = await unitsSinceTheirChange(app.events, [site.id], [pageId], window);
    // The mover since the day after its move (yesterday last): 10 desktop pageviews, 3 viewable, a day, at 2,400 px.
    const days = MOVED - 1;
    expect(since.get(unitKey(pageId, unitIds['div-mover']!, 'desktop'))).toEqual({
      day: today - MOVED,
      impressions: days * DESKTOP_VIEWS,
      viewable: days * 3,
      pageviews: days * DESKTOP_VIEWS,
      y: 2400,
      width: 300,
      height: 250,
    });
    // The format unit since it grew; the units that never changed, and phones, are not split.
    expect(since.get(unitKey(pageId, unitIds['div-format']!, 'desktop'))).toMatchObject({ day: today - RESIZED, width: 336, height: 280, viewable: (RESIZED - 1) * 4 });
    expect([...since.keys()].sort()).toEqual([unitKey(pageId, unitIds['div-mover']!, 'desktop'), unitKey(pageId, unitIds['div-format']!, 'desktop')].sort());
  });

  it('answers 400 for bad input, 404 for another user’s page or website, 401 without a token', async () => {
    for (const query of ['', `pageId=${pageId}&websiteId=${site.id}`, 'pageId=not-an-id', `pageId=${pageId}&window=0`, `pageId=${pageId}&window=61`, `pageId=${pageId}&window=two`]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toEqual(expect.any(String));
    }
    expect((await get(`pageId=${pageId}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`websiteId=${site.id}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`pageId=${pageId}`, null)).statusCode).toBe(401);
  });
});
