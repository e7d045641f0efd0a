// The engine on hand-made evidence: calibration, the three kinds with their thresholds, and every guardrail.
import { describe, expect, it } from 'vitest';
import {
  calibrate,
  contentLayout,
  probeKey,
  probeOf,
  probesFor,
  recommendForPage,
  recommendForWebsite,
  wilson,
  type PageDeviceEvidence,
  type Rect,
  type UnitEvidence,
} from '../src/index.ts';
import type { ContentLayout } from '../src/content-breaks.ts';

/** A desktop article: main column 680 px wide at x 460, breaks every 300 px from 700 to 5,800. */
const LAYOUT: ContentLayout = { column: { x: 460, width: 680 }, top: 600, bottom: 6000, breaks: Array.from({ length: 18 }, (_, i) => 700 + i * 300) };

function unit(adUnitId: string, rect: Rect, viewable: number, impressions = 400): UnitEvidence {
  return { adUnitId, name: `/1/${adUnitId}`, rect, impressions, viewable };
}

function page(overrides: Partial<PageDeviceEvidence> = {}): PageDeviceEvidence {
  return { pageId: 'p1', pageTitle: 'Tram extension approved', device: 'desktop', pageviews: 1000, viewportHeight: 800, pageWidth: 1920, notRendered: undefined, layout: LAYOUT, units: [], ...overrides };
}

/** Seen counts from a reach curve: a rectangle is seen by readers whose depth passes its middle. */
function seenBy(evidence: PageDeviceEvidence, seenAt: (middle: number) => number): Map<string, number> {
  return new Map(probesFor(evidence).map((probe) => [probeKey(probe), Math.round(evidence.pageviews * seenAt(probe.y + probe.height / 2))]));
}

/** 85 % of readers see anything down to 1,600 px, then it falls to 10 % at 5,000 px and below. */
const reach = (middle: number) => (middle <= 1600 ? 0.85 : middle >= 5000 ? 0.1 : 0.85 - ((middle - 1600) / 3400) * 0.75);

const deep = unit('end', { x: 650, y: 5200, width: 300, height: 250 }, 100);

describe('wilson', () => {
  it('gives the 95 % score interval', () => {
    const interval = wilson(10, 100);
    expect(interval.rate).toBe(0.1);
    expect(interval.low).toBeCloseTo(0.0552, 3);
    expect(interval.high).toBeCloseTo(0.1744, 3);
    expect(wilson(0, 0)).toEqual({ rate: 0, low: 0, high: 1 });
  });
});

describe('contentLayout', () => {
  it('finds the main column as the parent with the most paragraph height, and a break after each block', () => {
    const layout = contentLayout({
      '#article-body>p': [460, 700, 680, 120],
      '#article-body>h2': [460, 840, 680, 40],
      '#article-body>p:nth-of-type(2)': [460, 900, 680, 150],
      '#article-body>p:nth-of-type(3)': [460, 1070, 680, 90],
      '#article-body>div': [650, 1180, 300, 250],
      '#footer>p': [0, 9000, 1920, 20],
      '#side>p': [1160, 700, 300, 20],
    });
    expect(layout).toEqual({ column: { x: 460, width: 680 }, top: 700, bottom: 1160, breaks: [820, 880, 1050, 1160] });
  });

  it('is undefined for a page without an article body', () => {
    expect(contentLayout({ '#nav>a': [0, 0, 100, 20], '#footer>p': [0, 900, 100, 20] })).toBeUndefined();
  });
});

describe('calibrate', () => {
  it("is measured over predicted viewable impressions, with each unit's error left out of its own factor", () => {
    const evidence = page({ units: [unit('a', { x: 650, y: 1000, width: 300, height: 250 }, 720), unit('b', { x: 650, y: 3000, width: 300, height: 250 }, 380)] });
    const seen = new Map([
      [probeKey(probeOf(evidence.units[0]!.rect)), 800],
      [probeKey(probeOf(evidence.units[1]!.rect)), 400],
    ]);
    const calibration = calibrate(evidence, seen);
    expect(calibration?.factor).toBeCloseTo(1100 / 1200, 6);
    // a with b's factor 0.95: |760 − 720| / 1000 = 4 points; b with a's factor 0.9: |360 − 380| / 1000 = 2 points.
    expect(calibration?.meanError).toBeCloseTo(3, 6);
  });

  it('ignores units measured on too few impressions', () => {
    const evidence = page({ units: [unit('a', { x: 650, y: 1000, width: 300, height: 250 }, 5, 10)] });
    expect(calibrate(evidence, seenBy(evidence, reach))).toBeUndefined();
  });
});

describe('recommendForPage', () => {
  it('withholds recommendations below the minimum sample and says how far the page is from it', () => {
    const result = recommendForPage(page({ pageviews: 120 }), new Map());
    expect(result.recommendations).toEqual([]);
    expect(result.analysis.status).toBe('too_few_pageviews');
    expect(result.analysis.message).toBe('120 desktop pageviews in the last 30 days; recommendations need 300 (180 to go).');
  });

  it('moves a unit few readers reach to where most do, naming the figures', () => {
    const evidence = page({ units: [deep] });
    const { recommendations, analysis } = recommendForPage(evidence, seenBy(evidence, reach));
    expect(analysis.status).toBe('analysed');
    expect(analysis.calibration).toEqual({ units: 1, factor: 1, mean_error: 0 });
    const move = recommendations.find((r) => r.type === 'move_ad_unit');
    expect(move).toMatchObject({
      type: 'move_ad_unit',
      ad_unit_id: 'end',
      ad_unit_name: '/1/end',
      device: 'desktop',
      current_position: { x: 650, y: 5200 },
      reason: 'Only 10 % of desktop readers see this unit for a second; at 1,300 px, 85 % do.',
      evidence: { pageviews: 1000, impressions: 400 },
    });
    expect(move?.type === 'move_ad_unit' && move.recommended_position).toEqual({ x: 650, y: 1300 });
    expect(move?.expected).toMatchObject({ current_view_rate: 10, predicted_view_rate: 85, extra_viewable_impressions: 750 });
  });

  it('does not move a unit for less than 10 points above its measured upper bound', () => {
    // The unit is seen by 78 %; the best place by 85 %: the interval of 1,000 pageviews leaves less than 10 points.
    const evidence = page({ units: [unit('mid', { x: 650, y: 2000, width: 300, height: 250 }, 780)] });
    const { recommendations } = recommendForPage(evidence, seenBy(evidence, reach));
    expect(recommendations.filter((r) => r.type !== 'new_ad_placement')).toEqual([]);
  });

  it('keeps units a viewport apart', () => {
    // Another unit at 700–950 px: with 800 px viewports the first break the deep unit may take is 1,900 px, not 1,000.
    const blocker = unit('top', { x: 650, y: 700, width: 300, height: 250 }, 850);
    const evidence = page({ units: [blocker, deep] });
    const move = recommendForPage(evidence, seenBy(evidence, reach)).recommendations.find((r) => r.type === 'move_ad_unit');
    expect(move?.type === 'move_ad_unit' && move.recommended_position.y).toBe(1900);
  });

  it("keeps the top unit's midpoint at least 100 px down", () => {
    // A phone banner could go at the very top (everyone sees it there) but its midpoint would be 45 px down.
    const layout: ContentLayout = { column: { x: 15, width: 345 }, top: 20, bottom: 8000, breaks: [20, 1000] };
    const banner = unit('anchor', { x: 27, y: 7000, width: 320, height: 50 }, 50);
    const phone = page({ device: 'mobile', pageWidth: 375, viewportHeight: 700, layout, units: [banner] });
    const move = recommendForPage(phone, seenBy(phone, (middle) => (middle < 100 ? 1 : middle < 2000 ? 0.7 : 0.05))).recommendations.find((r) => r.type === 'move_ad_unit');
    expect(move?.type === 'move_ad_unit' && move.recommended_position.y).toBe(1000);
  });

  it('changes a format only to one that fits the device width, and only for a clear gain', () => {
    // A phone's deep 300x600 is not offered as 728x90 (needs 728 px) nor 160x600 (sidebars only).
    const phone = page({ device: 'mobile', pageWidth: 375, viewportHeight: 700, notRendered: 'The page could not be rendered', layout: undefined, units: [unit('tall', { x: 37, y: 1500, width: 300, height: 600 }, 300)] });
    const result = recommendForPage(phone, seenBy(phone, (middle) => (middle < 1700 ? 0.9 : 0.3)));
    expect(result.analysis.status).toBe('no_layout');
    const change = result.recommendations.find((r) => r.type === 'format_change');
    expect(change?.type === 'format_change' && ['300x250', '336x280', '320x50']).toContain(change?.type === 'format_change' ? change.recommended_format : '');
    const probes = probesFor(phone).map((probe) => probe.height);
    expect(probes).not.toContain(90);
    expect(probes).toContain(250);
  });

  it('adds new slots only at content breaks most readers see, apart from every unit and within the density limit', () => {
    const evidence = page({ units: [deep] });
    const added = recommendForPage(evidence, seenBy(evidence, reach)).recommendations.filter((r) => r.type === 'new_ad_placement');
    expect(added.length).toBeGreaterThan(0);
    expect(added.length).toBeLessThanOrEqual(2);
    for (const r of added) {
      if (r.type !== 'new_ad_placement') continue;
      expect(LAYOUT.breaks).toContain(r.position.y);
      expect(r.expected.predicted_view_rate_low).toBeGreaterThanOrEqual(40);
      expect(r.reason).toMatch(/^\d+ % of desktop readers see the break in the text at [\d,]+ px for a second/);
    }
    // A short column leaves no room under the 25 % desktop density limit for a 280 px unit beside the existing one.
    const short = page({ layout: { ...LAYOUT, top: 600, bottom: 1500, breaks: [700, 1000, 1300] }, units: [unit('a', { x: 650, y: 650, width: 300, height: 250 }, 850)] });
    expect(recommendForPage(short, seenBy(short, reach)).recommendations.filter((r) => r.type === 'new_ad_placement')).toEqual([]);
  });

  it('withholds recommendations where the model does not match the units it can be checked on', () => {
    const evidence = page({
      units: [unit('a', { x: 650, y: 1000, width: 300, height: 250 }, 100), unit('b', { x: 650, y: 4000, width: 300, height: 250 }, 800)],
    });
    const result = recommendForPage(evidence, seenBy(evidence, reach));
    expect(result.recommendations).toEqual([]);
    expect(result.analysis.message).toMatch(/^The model's predictions for this page's desktop ad units are off by [\d.]+ points on average/);
  });
});

describe('recommendForWebsite', () => {
  it("lends a page without calibrating units the calibration of the website's other pages on the device", () => {
    const calibrated = page({ pageId: 'p1', units: [unit('a', { x: 650, y: 1000, width: 300, height: 250 }, 765)] });
    const bare = page({ pageId: 'p2', units: [] });
    const { results } = recommendForWebsite([
      { evidence: calibrated, seen: seenBy(calibrated, reach) },
      { evidence: bare, seen: seenBy(bare, reach) },
    ]);
    // One unit: its error is that of the uncorrected prediction, |850 − 765| / 1,000 = 8.5 points.
    expect(results[1]?.analysis.calibration).toEqual({ units: 1, factor: 0.9, mean_error: 8.5 });
    const added = results[1]?.recommendations ?? [];
    expect(added.length).toBeGreaterThan(0);
    // Borrowed calibration: the prediction is corrected (85 % × 0.9) but not trusted as the page's own.
    expect(added[0]?.expected.predicted_view_rate).toBeCloseTo(76.5, 1);
    expect(added[0]?.confidence).toBe('low');
  });
});
