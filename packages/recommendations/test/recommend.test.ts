// The engine on hand-made evidence: calibration, the three kinds with their thresholds, and every guardrail.
import { describe, expect, it } from 'vitest';
import {
  calibrate,
  contentLayout,
  DEFAULT_FORMAT_VALUES,
  formatValue,
  probeKey,
  probeOf,
  probesFor,
  recommendForPage,
  recommendForWebsite,
  valueTable,
  wilson,
  type PageDeviceEvidence,
  type Probe,
  type Rect,
  type UnitEvidence,
} from '../src/index.ts';
import type { ContentLayout } from '../src/content-breaks.ts';
import type { Recommendation } from '@foldline/contracts';

/** A desktop article: main column 680 px wide at x 460, breaks every 300 px from 700 to 5,800. */
const LAYOUT: ContentLayout = { column: { x: 460, width: 680 }, top: 600, bottom: 6000, breaks: Array.from({ length: 18 }, (_, i) => 700 + i * 300) };

function unit(adUnitId: string, rect: Rect, viewable: number, impressions = 400, sticky?: boolean): UnitEvidence {
  return { adUnitId, name: `/1/${adUnitId}`, rect, impressions, viewable, ...(sticky === undefined ? {} : { sticky }) };
}

function page(overrides: Partial<PageDeviceEvidence> = {}): PageDeviceEvidence {
  return { pageId: 'p1', pageTitle: 'Tram extension approved', device: 'desktop', pageviews: 1000, viewportHeight: 800, pageWidth: 1920, notRendered: undefined, layout: LAYOUT, units: [], ...overrides };
}

/** Seen counts from a reach curve: a rectangle is seen by readers whose depth passes its middle. */
function seenBy(evidence: PageDeviceEvidence, seenAt: (middle: number) => number): Map<string, number> {
  return new Map(probesFor(evidence).map((probe) => [probeKey(probe), Math.round(evidence.pageviews * seenAt(probe.y + probe.height / 2))]));
}

/** Seen counts from any rule on the probe itself (its top, height and share). */
function seenWhere(evidence: PageDeviceEvidence, share: (probe: Probe) => number): Map<string, number> {
  return new Map(probesFor(evidence).map((probe) => [probeKey(probe), Math.round(evidence.pageviews * share(probe))]));
}

const ofType = <T extends Recommendation['type']>(recommendations: Recommendation[], type: T) =>
  recommendations.filter((r): r is Extract<Recommendation, { type: T }> => r.type === type);

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
    // 880, under the heading, is no place for an ad: it would split the heading from its first paragraph.
    expect(layout).toEqual({
      column: { x: 460, width: 680 },
      top: 700,
      bottom: 1160,
      breaks: [820, 1050, 1160],
      sides: [
        { above: 'p', below: 'h2' },
        { above: 'p', below: 'p' },
        { above: 'p', below: undefined },
      ],
    });
  });

  it('drops breaks directly under any heading and inside a list, table, figure or quote', () => {
    const layout = contentLayout({
      '#body>h3': [460, 600, 680, 40],
      '#body>p': [460, 660, 680, 120],
      '#body>p:nth-of-type(2)': [460, 800, 680, 150],
      // A figure floated beside the third and fourth paragraphs: the break between them is inside it.
      '#body>figure': [800, 970, 340, 300],
      '#body>p:nth-of-type(3)': [460, 970, 320, 100],
      '#body>p:nth-of-type(4)': [460, 1090, 320, 100],
      '#body>h5': [460, 1300, 680, 30],
      '#body>p:nth-of-type(5)': [460, 1350, 680, 100],
      // A list inside a wrapper: the paragraph beside it ends within its height.
      '#body>div>ul': [460, 1470, 680, 200],
      '#body>p:nth-of-type(6)': [460, 1470, 200, 60],
      '#body>blockquote': [460, 1700, 680, 80],
      '#body>blockquote>p': [480, 1700, 640, 40],
      '#body>blockquote>p:nth-of-type(2)': [480, 1740, 640, 40],
      '#body>blockquote>p:nth-of-type(3)': [480, 1740, 640, 40],
    });
    // 640 (under the h3), 1070 and 1190 (inside the figure's height), 1330 (under the h5) and 1530 (inside the list)
    // are dropped; the paragraphs of the quote are not the article body.
    expect(layout?.breaks).toEqual([780, 950, 1270, 1450, 1780]);
    expect(layout?.sides).toEqual([
      { above: 'p', below: 'p' },
      { above: 'p', below: 'figure' },
      { above: 'figure', below: 'h5' },
      { above: 'p', below: 'p' },
      { above: 'blockquote', below: undefined },
    ]);
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

  it('measures a unit that moved in the window over the pageviews since, scaled to the window\'s', () => {
    // b moved: 95 viewable in the 250 pageviews since — as 380 of the window's 1,000, the same as above.
    const evidence = page({ units: [unit('a', { x: 650, y: 1000, width: 300, height: 250 }, 720), { ...unit('b', { x: 650, y: 3000, width: 300, height: 250 }, 95, 100), pageviews: 250 }] });
    const seen = new Map([
      [probeKey(probeOf(evidence.units[0]!.rect)), 800],
      [probeKey(probeOf(evidence.units[1]!.rect)), 400],
    ]);
    const calibration = calibrate(evidence, seen);
    expect(calibration?.factor).toBeCloseTo(1100 / 1200, 6);
    expect(calibration?.meanError).toBeCloseTo(3, 6);
    // Its view rate today, on any recommendation about it, is 95 of 250: 38 %, not 9.5 % of the window's pageviews.
    const moved = recommendForPage({ ...evidence, units: [{ ...unit('b', { x: 650, y: 5200, width: 300, height: 250 }, 10, 100), pageviews: 250 }] }, seenBy(evidence, reach));
    const about = moved.recommendations.find((r) => r.type !== 'new_ad_placement');
    expect(about, JSON.stringify(moved.analysis)).toBeDefined();
    expect(about!.expected.current_view_rate).toBe(4);
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
      reason: 'Only 10 % of desktop readers see this unit for a second; at 1,300 px, 85 % would.',
      evidence: { pageviews: 1000, impressions: 400 },
    });
    expect(move?.type === 'move_ad_unit' && move.recommended_position).toEqual({ x: 650, y: 1300 });
    expect(move?.expected).toMatchObject({ current_view_rate: 10, predicted_view_rate: 85, extra_viewable_impressions: 750, value_gain: 750 });
    // Checked on one unit only: never high confidence.
    expect(move?.confidence).toBe('medium');
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
    // An in-content 320x100 could go at the very top (everyone sees it there) but its midpoint would be 70 px down.
    const layout: ContentLayout = { column: { x: 15, width: 345 }, top: 20, bottom: 8000, breaks: [20, 1000] };
    const banner = unit('banner', { x: 27, y: 7000, width: 320, height: 100 }, 50);
    const phone = page({ device: 'mobile', pageWidth: 375, viewportHeight: 700, layout, units: [banner] });
    const move = recommendForPage(phone, seenBy(phone, (middle) => (middle < 100 ? 1 : middle < 2000 ? 0.7 : 0.05))).recommendations.find((r) => r.type === 'move_ad_unit');
    expect(move?.type === 'move_ad_unit' && move.recommended_position.y).toBe(1000);
  });

  it('offers no format wider than the unit where the page was not rendered (what stands beside it is unknown)', () => {
    // A side column's 160x600 seen by few readers, and every shorter rectangle seen by most: without a rendering it
    // must not become a 970x90 or 728x90 across the text beside it.
    const desktop = page({ notRendered: 'The page is being rendered', layout: undefined, units: [unit('sky', { x: 1200, y: 900, width: 160, height: 600 }, 200)] });
    const result = recommendForPage(desktop, seenWhere(desktop, (probe) => (probe.height < 600 ? 0.9 : 0.2)));
    expect(result.analysis.status).toBe('no_layout');
    expect(ofType(result.recommendations, 'format_change')).toEqual([]);
    expect(probesFor(desktop).map((probe) => probe.height)).toEqual([600]);
  });

  it('changes a format only to one that fits the device width, and only for a clear gain', () => {
    // A phone's deep 300x600 is not offered as 728x90 (needs 728 px), 160x600 (sidebars only) nor 320x50 (an anchor).
    const phone = page({ device: 'mobile', pageWidth: 375, viewportHeight: 700, notRendered: 'The page could not be rendered', layout: undefined, units: [unit('tall', { x: 37, y: 1500, width: 300, height: 600 }, 300)] });
    const result = recommendForPage(phone, seenBy(phone, (middle) => (middle < 1700 ? 0.9 : 0.3)));
    expect(result.analysis.status).toBe('no_layout');
    const [change] = ofType(result.recommendations, 'format_change');
    expect(['300x250', '336x280']).toContain(change?.recommended_format);
    const probes = probesFor(phone).map((probe) => probe.height);
    expect(probes).not.toContain(90);
    expect(probes).not.toContain(50);
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
    // A short column leaves no room under the 30 % desktop density limit for a 250 px unit beside the existing one.
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

describe('value, not views', () => {
  it('has a default value per format and device from the research table, and takes a website override', () => {
    // research/ad-measurement.md §7: on a phone a 320x50 is worth about a third of an in-content 300x250.
    expect(formatValue('mobile', '320x50')).toBe(0.35);
    expect(formatValue('mobile', '300x250')).toBe(1);
    expect(formatValue('desktop', '300x600')).toBe(1.6);
    expect(formatValue('desktop', '160x600')).toBe(0.7);
    expect(formatValue('tablet', '728x90')).toBe(DEFAULT_FORMAT_VALUES.desktop['728x90']);
    // A size the table does not name counts as a 300x250; the website's own values win.
    expect(formatValue('desktop', '250x250')).toBe(1);
    expect(formatValue('mobile', '320x50', { mobile: { '320x50': 0.6 } })).toBe(0.6);
  });

  // A skyscraper in the side column at 3,000 px, seen by 30 % of readers: a 300x600 in its place is seen as often (half
  // of the same height) and worth 1.6 against 0.7; a 300x250 is seen by 47 % but worth 1.0 — fewer value than the 300x600.
  const side = unit('side', { x: 1200, y: 3000, width: 160, height: 600 }, 300);
  const sidePage = page({ units: [side] });
  const sideSeen = seenWhere(sidePage, (probe) => (probe.y !== 3000 ? 0 : probe.height === 600 ? 0.3 : probe.height === 250 ? 0.47 : 0));

  it("chooses the option that raises the page's value most, even where as many readers see it as now", () => {
    const [change, ...others] = ofType(recommendForPage(sidePage, sideSeen).recommendations, 'format_change');
    expect(others).toEqual([]);
    expect(change).toMatchObject({ ad_unit_id: 'side', current_format: '160x600', recommended_format: '300x600', position: { x: 1200, y: 3000 } });
    // 1,000 × (30 % × 1.6 − 30 % × 0.7) = 270 per 1,000 pageviews; no extra viewable impressions.
    expect(change?.expected).toMatchObject({ current_view_rate: 30, predicted_view_rate: 30, extra_viewable_impressions: 0, value_gain: 270 });
    expect(change?.expected.value_gain_low).toBeGreaterThan(0);
    expect(change?.reason).toBe(
      'Only 30 % of desktop readers see this 160x600 for a second; a 300x600 in its place would be seen by 30 %. A viewable 300x600 counts as 1.6 and a 160x600 as 0.7 (default relative values): the page\'s desktop ad value rises by about 129 %.',
    );
  });

  it("takes the website's own format values over the defaults", () => {
    // Where this website's 300x600s earn little, the 300x250 seen by more readers is worth more.
    const [change] = ofType(recommendForPage(sidePage, sideSeen, undefined, { values: { desktop: { '300x600': 0.8 } } }).recommendations, 'format_change');
    expect(change?.recommended_format).toBe('300x250');
    // Both figures it quotes are the defaults (the website set only the 300x600's): the reason says so.
    expect(change?.reason).toContain('A viewable 300x250 counts as 1 and a 160x600 as 0.7 (default relative values)');
  });

  // Measured viewable eCPM (revenue per viewable impression; the engine takes them relative to a 300x250).
  const measuredAt = (device: 'desktop' | 'mobile', vcpm: Record<string, number>, viewable = 1000) =>
    Object.entries(vcpm).map(([format, price]) => ({ device, format, revenue: (price * viewable) / 1000, viewable }));

  it('flips a format change where the measured values make the other format worth more, and back where the publisher says otherwise', () => {
    // On this website a 300x600 earns no more per viewable impression than a 300x250 (1.00), a 160x600 0.80: the
    // 300x600 seen by as many readers gains 30 % × 0.2, the 300x250 seen by 47 % instead of 30 % 47 % − 30 % × 0.8.
    const measured = measuredAt('desktop', { '160x600': 0.8, '300x600': 1, '300x250': 1 });
    const [change] = ofType(recommendForPage(sidePage, sideSeen, undefined, options(undefined, measured)).recommendations, 'format_change');
    expect(change?.recommended_format).toBe('300x250');
    expect(change?.reason).toContain('A viewable 300x250 counts as 1 and a 160x600 as 0.8 (measured viewable eCPM)');
    // The publisher's own value beats the measured one: their 300x600 is worth 2.4 again.
    const theirs = options({ desktop: { '300x600': 2.4 } }, measured);
    const [back] = ofType(recommendForPage(sidePage, sideSeen, undefined, theirs).recommendations, 'format_change');
    expect(back?.recommended_format).toBe('300x600');
    expect(back?.reason).toContain("A viewable 300x600 counts as 2.4 and a 160x600 as 0.8 (300x600: this website's values; 160x600: measured viewable eCPM)");
  });

  it('changes a format the defaults would keep once its measured value is higher', () => {
    // The 336x280 and 728x90 case below: at the defaults (1.0 and 0.9) no change clears the margin; where this
    // website's 728x90s earn 1.60 per 1,000 viewable impressions against 1.00 for its 336x280s and 300x250s, a 728x90
    // is worth 1.6: at the low ends 51.9 % × 1.6 − 43.1 % × 1.0 is far over it.
    const wide: ContentLayout = { ...LAYOUT, column: { x: 420, width: 760 } };
    const evidence = page({ layout: wide, units: [unit('mid', { x: 632, y: 3000, width: 336, height: 280 }, 400)] });
    const seen = seenWhere(evidence, (probe) => (probe.y !== 3000 ? 0 : probe.height === 280 ? 0.4 : probe.height === 90 ? 0.58 : 0));
    expect(ofType(recommendForPage(evidence, seen).recommendations, 'format_change')).toEqual([]);
    const measured = options(undefined, measuredAt('desktop', { '336x280': 1, '728x90': 1.6, '300x250': 1 }));
    const [change] = ofType(recommendForPage(evidence, seen, undefined, measured).recommendations, 'format_change');
    expect(change).toMatchObject({ current_format: '336x280', recommended_format: '728x90' });
    expect(change?.reason).toContain('A viewable 728x90 counts as 1.6 and a 336x280 as 1 (measured viewable eCPM)');
  });

  it('does not change a format for more readers when the low end of the value gain is under the margin', () => {
    // A 336x280 seen by 40 %, a 728x90 in its place by 58 %: 18 points more readers (enough by view rate), but a 728x90
    // is worth 0.9, so at the low ends 51.9 % × 0.9 − 43.1 % × 1.0 is under 10 % of the unit's value.
    const wide: ContentLayout = { ...LAYOUT, column: { x: 420, width: 760 } };
    const evidence = page({ layout: wide, units: [unit('mid', { x: 632, y: 3000, width: 336, height: 280 }, 400)] });
    const seen = seenWhere(evidence, (probe) => (probe.y !== 3000 ? 0 : probe.height === 280 ? 0.4 : probe.height === 90 ? 0.58 : 0));
    expect(ofType(recommendForPage(evidence, seen).recommendations, 'format_change')).toEqual([]);
  });
});

/** The engine's options on a publisher's values and measured formats. */
function options(settings: Parameters<typeof valueTable>[0], measured: Parameters<typeof valueTable>[1]) {
  const table = valueTable(settings, measured);
  return { values: table.values, valueSources: table.sources };
}

describe('the value table: Settings, then measured viewable eCPM, then the defaults', () => {
  const m = (device: 'desktop' | 'tablet' | 'mobile', format: string, revenue: number, viewable: number) => ({ device, format, revenue, viewable });

  it("prices measured formats against the device's measured 300x250, and keeps the defaults of the others", () => {
    // Desktop: a 300x250 earned 0.80 on 1,000 viewable impressions (vCPM 0.80), a 728x90 1.50 on 1,250 (vCPM 1.20):
    // 1.20 ÷ 0.80 = 1.5. The 300x600, not measured, keeps its default 1.6 (formatValue falls back to the table).
    const table = valueTable(undefined, [m('desktop', '300x250', 0.8, 1000), m('desktop', '728x90', 1.5, 1250)]);
    expect(table.values).toEqual({ desktop: { '300x250': 1, '728x90': 1.5 } });
    expect(table.sources).toEqual({ desktop: { '300x250': 'measured', '728x90': 'measured' } });
    expect(formatValue('desktop', '728x90', table.values)).toBe(1.5);
    expect(formatValue('desktop', '300x600', table.values)).toBe(1.6);
    expect(formatValue('mobile', '300x250', table.values)).toBe(1);
  });

  it('without a measured 300x250, prices a default value of 1 at what the measured formats imply', () => {
    // A 728x90 (default 0.9) at vCPM 1.80 and a 300x600 (1.6) at 4.80, 1,000 viewable impressions each: a default
    // value of 1 is worth (1.80 + 4.80) ÷ (0.9 + 1.6) = 2.64, so 1.80 ÷ 2.64 and 4.80 ÷ 2.64 (to four decimals); a
    // 300x250 stays 1.
    const table = valueTable(undefined, [m('desktop', '728x90', 1.8, 1000), m('desktop', '300x600', 4.8, 1000)]);
    expect(table.values).toEqual({ desktop: { '728x90': 0.6818, '300x600': 1.8182 } });
    expect(formatValue('desktop', '300x250', table.values)).toBe(1);
  });

  it("gives the publisher's values over the measured ones, per device and format", () => {
    const table = valueTable({ desktop: { '728x90': 0.5 }, mobile: { '320x50': 0.6 } }, [m('desktop', '300x250', 0.8, 1000), m('desktop', '728x90', 1.5, 1250)]);
    expect(table.values).toEqual({ desktop: { '300x250': 1, '728x90': 0.5 }, mobile: { '320x50': 0.6 } });
    expect(table.sources).toEqual({ desktop: { '300x250': 'measured', '728x90': 'settings' }, mobile: { '320x50': 'settings' } });
  });

  it('keeps the defaults on a device whose measured formats earned nothing, and bounds a value as the settings are', () => {
    expect(valueTable(undefined, [m('mobile', '300x250', 0, 5000), m('mobile', '320x50', 0, 5000)])).toEqual({ values: {}, sources: {} });
    // A 320x50 that earned nothing is worth 0.01, not 0; one priced off a 300x250 that earned next to nothing, 20.
    const table = valueTable(undefined, [m('mobile', '300x250', 0.001, 1000), m('mobile', '320x50', 0, 1000), m('mobile', '336x280', 1, 1000)]);
    expect(table.values.mobile).toEqual({ '300x250': 1, '320x50': 0.01, '336x280': 20 });
  });
});

describe('formats only where they belong', () => {
  const mobileLayout: ContentLayout = { column: { x: 15, width: 345 }, top: 100, bottom: 8000, breaks: [1000, 2000] };
  const phone = (units: UnitEvidence[]) => page({ device: 'mobile', pageWidth: 375, viewportHeight: 700, layout: mobileLayout, units });

  it('never offers an anchor (320x50) in place of an in-content unit, whatever it is worth', () => {
    const evidence = phone([unit('mid', { x: 38, y: 3000, width: 300, height: 250 }, 300)]);
    const seen = seenWhere(evidence, (probe) => (probe.y === 3000 ? (probe.height === 50 ? 0.95 : 0.3) : 0));
    const result = recommendForPage(evidence, seen, undefined, { values: { mobile: { '320x50': 1 } } });
    expect(ofType(result.recommendations, 'format_change')).toEqual([]);
    expect(probesFor(evidence).map((probe) => probe.height)).not.toContain(50);
  });

  it('never moves a unit at the viewport edge into the content nor gives it an in-content format', () => {
    // A phone anchor (320x50, taken for one) and a unit the evidence says is sticky: neither is a place in the content.
    const anchor = unit('anchor', { x: 27, y: 7000, width: 320, height: 50 }, 50);
    const sticky = unit('sticky', { x: 38, y: 6000, width: 300, height: 250 }, 50, 400, true);
    const evidence = phone([anchor, sticky]);
    const seen = seenBy(evidence, (middle) => (middle < 2500 ? 0.7 : 0.05));
    const about = recommendForPage(evidence, seen).recommendations.filter((r) => r.type !== 'new_ad_placement');
    expect(about).toEqual([]);
    // Told it is in the content, a 320x50 is moved like any unit.
    const banner = phone([{ ...anchor, sticky: false }]);
    const move = ofType(recommendForPage(banner, seenBy(banner, (middle) => (middle < 2500 ? 0.7 : 0.05))).recommendations, 'move_ad_unit');
    expect(move.map((r) => r.ad_unit_id)).toEqual(['anchor']);
  });

  it('adds new in-content slots only in in-content formats: never an anchor or a side-column format', () => {
    const values = { mobile: { '320x50': 5 }, desktop: { '300x600': 5, '160x600': 5 } };
    const evidence = phone([]);
    const onPhone = ofType(recommendForPage(evidence, seenBy(evidence, () => 0.9), undefined, { values }).recommendations, 'new_ad_placement');
    const desktop = page();
    const onDesktop = ofType(recommendForPage(desktop, seenBy(desktop, reach), undefined, { values }).recommendations, 'new_ad_placement');
    expect(onPhone.length).toBeGreaterThan(0);
    expect(onDesktop.length).toBeGreaterThan(0);
    for (const r of [...onPhone, ...onDesktop]) expect(['300x250', '336x280']).toContain(r.recommended_ad_format);
  });

  it('offers side-column formats only in a side column', () => {
    // Worth five 300x250s, a 300x600 is still never offered in the main column.
    const evidence = page({ units: [deep] });
    const recommendations = recommendForPage(evidence, seenBy(evidence, reach), undefined, { values: { desktop: { '300x600': 5, '160x600': 5 } } }).recommendations;
    for (const r of recommendations) expect(r.size.height).not.toBe(600);
  });

  it("grows a side column's unit under a leaderboard into a 300x600, since the change brings it no nearer any unit", () => {
    // A 970x90 across the top and a 300x250 in the side column 60 px under it: closer than a screen, as on most sites.
    const leaderboard = unit('top', { x: 475, y: 150, width: 970, height: 90 }, 700);
    const rail = unit('rail', { x: 1160, y: 300, width: 300, height: 250 }, 600);
    const evidence = page({ units: [leaderboard, rail] });
    // Seven readers in ten see the top of the side column, wherever the rectangle's foot is.
    const seen = seenWhere(evidence, (probe) => (probe.y < 1000 ? 0.7 : 0.1));
    const change = recommendForPage(evidence, seen).recommendations.find((r) => r.type === 'format_change' && r.ad_unit_id === 'rail');
    expect(change?.type === 'format_change' && change.recommended_format).toBe('300x600');
  });

  it('offers a format only where the column is wide enough', () => {
    const values = { desktop: { '728x90': 5, '970x90': 10 } };
    const narrow = page();
    const inNarrow = ofType(recommendForPage(narrow, seenBy(narrow, reach), undefined, { values }).recommendations, 'new_ad_placement');
    expect(inNarrow.map((r) => r.recommended_ad_format)).not.toContain('728x90');
    // 760 px: a 728x90 fits, a 970x90 does not.
    const wide = page({ layout: { ...LAYOUT, column: { x: 420, width: 760 } } });
    const inWide = ofType(recommendForPage(wide, seenBy(wide, reach), undefined, { values }).recommendations, 'new_ad_placement');
    expect(inWide.map((r) => r.recommended_ad_format)).toContain('728x90');
    expect(inWide.map((r) => r.recommended_ad_format)).not.toContain('970x90');
  });
});

describe('guardrails for every kind', () => {
  it('keeps a move within the density limit, counting the moved unit on the page after the move', () => {
    // The unit below the content (6,200 px) moved into it adds 250 px of ads to 5,400 px of content.
    const below = unit('below', { x: 650, y: 6200, width: 300, height: 250 }, 100);
    const evidence = page({ units: [below] });
    const seen = seenBy(evidence, reach);
    expect(ofType(recommendForPage(evidence, seen).recommendations, 'move_ad_unit')).toHaveLength(1);
    expect(ofType(recommendForPage(evidence, seen, undefined, { desktopDensity: 0.04 }).recommendations, 'move_ad_unit')).toEqual([]);
  });

  it('keeps a format change within the density limit', () => {
    // A phone article of 1,400 px: a 300x250 and a 300x100 are 350 px of ads; a 300x250 for the 300x100 would make
    // 500 px, over 30 % (420 px). In a 2,900 px article the same change is within it.
    const units = [unit('top', { x: 38, y: 300, width: 300, height: 250 }, 800), unit('small', { x: 38, y: 1200, width: 300, height: 100 }, 200)];
    const short = page({ device: 'mobile', pageWidth: 375, viewportHeight: 600, layout: { column: { x: 15, width: 345 }, top: 100, bottom: 1500, breaks: [400] }, units });
    const seenOn = (evidence: PageDeviceEvidence) => seenWhere(evidence, (probe) => (probe.y === 1200 ? (probe.height === 100 ? 0.2 : 0.8) : probe.y === 300 ? 0.8 : 0.9));
    expect(ofType(recommendForPage(short, seenOn(short)).recommendations, 'format_change')).toEqual([]);
    const long = { ...short, layout: { ...short.layout!, bottom: 3000 } };
    expect(ofType(recommendForPage(long, seenOn(long)).recommendations, 'format_change').map((r) => r.ad_unit_id)).toEqual(['small']);
  });

  it('allows 30 % density on desktop by default, and takes the website its own limit', () => {
    // 2,000 px of content with a 300x300 in it: a 300x250 more makes 550 px, within 30 % (600) but over 25 % (500).
    const layout: ContentLayout = { ...LAYOUT, top: 600, bottom: 2600, breaks: [1900, 2200, 2500] };
    const evidence = page({ layout, units: [unit('a', { x: 650, y: 650, width: 300, height: 300 }, 850)] });
    const seen = seenBy(evidence, reach);
    expect(ofType(recommendForPage(evidence, seen).recommendations, 'new_ad_placement')).toHaveLength(1);
    expect(ofType(recommendForPage(evidence, seen, undefined, { desktopDensity: 0.25 }).recommendations, 'new_ad_placement')).toEqual([]);
    // Phones keep Better Ads' 30 % whatever the website's desktop limit.
    const phone = { ...evidence, device: 'mobile' as const };
    expect(recommendForPage(phone, seen, undefined, { desktopDensity: 0.9 }).recommendations.filter((r) => r.type === 'new_ad_placement').length).toBeLessThanOrEqual(1);
  });

  it('never places an ad over an existing unit, even where the viewport rule would allow it', () => {
    // With 0 px viewports only overlap stops a placement: the break at 1,000 px is inside the unit at 900–1,150 px.
    const evidence = page({ viewportHeight: 0, units: [unit('over', { x: 650, y: 900, width: 300, height: 250 }, 850)] });
    const placed = ofType(recommendForPage(evidence, seenBy(evidence, reach)).recommendations, 'new_ad_placement');
    expect(placed.length).toBeGreaterThan(0);
    for (const r of placed) expect(r.position.y + r.size.height <= 900 || r.position.y >= 1150).toBe(true);
  });

  it('never puts an ad between a heading and its first paragraph', () => {
    // 1,300 px, where the deep unit would move, is marked as directly under a heading: it goes to 1,000 px instead, and
    // no new slot takes 1,300 px.
    const sides = LAYOUT.breaks.map((y) => ({ above: y === 1300 ? 'h2' : 'p', below: 'p' }));
    const evidence = page({ layout: { ...LAYOUT, sides }, units: [deep] });
    const { recommendations } = recommendForPage(evidence, seenBy(evidence, reach));
    const [move] = ofType(recommendations, 'move_ad_unit');
    expect(move?.recommended_position.y).toBe(1000);
    for (const r of ofType(recommendations, 'new_ad_placement')) expect(r.position.y).not.toBe(1300);
    expect(probesFor(evidence).some((probe) => probe.y === 1300)).toBe(false);
  });
});

describe('honest numbers', () => {
  // Two units checked: a at 1,000 px (720 measured, 800 predicted), b at 3,000 px (380 measured, 400 predicted): factor
  // 1,100 / 1,200, mean error 3 points. Readers see 1,900 px (90 %) and 4,300 px (70 %) uncorrected, nothing else.
  const a = unit('a', { x: 650, y: 1000, width: 300, height: 250 }, 720);
  const b = unit('b', { x: 650, y: 3000, width: 300, height: 250 }, 380);
  const evidence = page({ viewportHeight: 400, units: [a, b] });
  const seen = seenWhere(evidence, (probe) => (probe.y === 1000 ? 0.8 : probe.y === 3000 ? 0.4 : probe.y === 1900 ? 0.9 : probe.y === 4300 ? 0.7 : 0));
  const factor = 1100 / 1200;
  const { recommendations } = recommendForPage(evidence, seen);

  it("widens every range by the calibration's mean error and gives the gain as a range of impressions and value", () => {
    expect(recommendations.length).toBeGreaterThan(1);
    for (const r of recommendations) {
      const y = r.type === 'new_ad_placement' ? r.position.y : r.type === 'move_ad_unit' ? r.recommended_position.y : r.position.y;
      const raw = wilson(y === 1900 ? 900 : 700, 1000);
      const low = raw.low * factor - 0.03;
      const high = raw.high * factor + 0.03;
      expect(r.expected.predicted_view_rate_low, r.id).toBeCloseTo(low * 100, 1);
      expect(r.expected.predicted_view_rate_high, r.id).toBeCloseTo(high * 100, 1);
      const current = r.type === 'move_ad_unit' ? wilson(r.ad_unit_id === 'a' ? 720 : 380, 1000) : { rate: 0, low: 0, high: 0 };
      expect(r.expected.extra_viewable_impressions_low, r.id).toBeCloseTo(1000 * (low - current.high), -1);
      expect(r.expected.extra_viewable_impressions_high, r.id).toBeCloseTo(1000 * (high - current.low), -1);
      // 300x250s: the value gain per 1,000 pageviews is the same range at a value of 1.
      expect(r.expected.value_gain_low, r.id).toBeCloseTo(1000 * (low - current.high), 0);
      expect(r.expected.value_gain_high, r.id).toBeCloseTo(1000 * (high - current.low), 0);
      expect(r.expected.extra_viewable_impressions_low).toBeLessThan(r.expected.extra_viewable_impressions);
      expect(r.expected.extra_viewable_impressions_high).toBeGreaterThan(r.expected.extra_viewable_impressions);
    }
  });

  it('says high confidence only within the depths of two or more calibrating units', () => {
    // b moves up to 1,900 px, between a and b's depths; the new slot at 4,300 px is below them both.
    const [move] = ofType(recommendations, 'move_ad_unit');
    expect(move).toMatchObject({ ad_unit_id: 'b', recommended_position: { y: 1900 }, confidence: 'high' });
    const [added] = ofType(recommendations, 'new_ad_placement');
    expect(added).toMatchObject({ position: { y: 4300 }, confidence: 'medium' });
    expect(calibrate(evidence, seen)?.depths).toEqual([
      { top: 1000, bottom: 1250 },
      { top: 3000, bottom: 3250 },
    ]);
  });

  it('names view rates as shares of readers, never as viewability', () => {
    const sidePage = page({ units: [unit('side', { x: 1200, y: 3000, width: 160, height: 600 }, 300)] });
    const others = [
      ...recommendForPage(sidePage, seenWhere(sidePage, (probe) => (probe.y === 3000 ? 0.3 : 0))).recommendations,
      ...recommendForPage(page({ units: [deep] }), seenBy(page({ units: [deep] }), reach)).recommendations,
    ];
    for (const r of [...recommendations, ...others]) {
      expect(r.reason).toMatch(/readers/);
      expect(r.reason).not.toMatch(/viewability/i);
    }
  });
});

describe('the page as it would reflow', () => {
  /** Readers who each rest a long while at one scroll position (the viewport's top, 800 px tall), and see a probe as
   * the seen counts do: a reader whose viewport's centre is at or below a probe's cut sees it `lift` px higher. */
  const sees = (probe: Probe, top: number) => {
    const y = probe.lift && top + 400 >= probe.cut! ? probe.y - probe.lift : probe.y;
    return Math.min(y + probe.height, top + 800) - Math.max(y, top) >= probe.height * probe.share;
  };
  // Half the readers rest at the top of the article (viewport 700–1,500), half a little further down (1,300–2,100).
  const tops = [...Array<number>(50).fill(700), ...Array<number>(50).fill(1300)];
  /** Of 1,000 pageviews. */
  const seenCount = (probe: Probe) => 10 * tops.filter((top) => sees(probe, top)).length;
  const seenByReaders = (evidence: PageDeviceEvidence) => new Map(probesFor(evidence).map((probe) => [probeKey(probe), seenCount(probe)]));

  it('predicts a new unit where the readers following the content would see it, not at its pixels', () => {
    const evidence = page({ units: [] });
    const seen = seenByReaders(evidence);
    // A 300x250 at the break at 1,600 px: on today's pixels (1,600–1,850) the readers further down see all of it, the
    // others none; on the page as it would be, the readers further down (centre 1,700, below the cut) follow the text
    // and see it at 1,350–1,600: still in view. The first half (centre 1,100) sees 1,600–1,850 below their screen.
    const rect = { x: 650, y: 1600, width: 300, height: 250 };
    expect(seen.get(probeKey(probeOf(rect, { cut: 1600, lift: 250 })))).toBe(500);
    // At the break at 1,300 px, the readers further down (centre 1,700) would see it at 1,050–1,300, above their screen:
    // on today's pixels they would have been counted.
    const higher = { x: 650, y: 1300, width: 300, height: 250 };
    expect(seenCount(probeOf(higher))).toBe(1000);
    expect(seen.get(probeKey(probeOf(higher, { cut: 1300, lift: 250 })))).toBe(500);
  });

  it("counts what a change does to the other units near it, and names a unit that loses", () => {
    // A side-column 300x250 at 1,200–1,450 px, seen by every reader today. A new unit in the article at 1,300 px pushes
    // the text down: the readers further down (centre 1,700) follow it and see the side column 250 px higher, its unit
    // out of their screen. Six readers in ten rest at the top and would see the new unit.
    const side = unit('side', { x: 1200, y: 1200, width: 300, height: 250 }, 1000, 1000);
    const evidence = page({ units: [side], layout: { ...LAYOUT, breaks: [1300, 2600] } });
    const seen = new Map(probesFor(evidence).map((probe) => [probeKey(probe), 10 * [...Array<number>(60).fill(700), ...Array<number>(40).fill(1300)].filter((top) => sees(probe, top)).length]));
    const others = recommendForPage(evidence, seen).recommendations.filter((r) => r.other_units.length > 0);
    expect(others.length).toBe(1);
    expect(others[0]!.other_units[0]!.view_rate_change).toBe(-40);
    for (const r of others) {
      expect(r.other_units[0]).toMatchObject({ ad_unit_id: 'side', ad_unit_name: '/1/side' });
      expect(r.other_units[0]!.view_rate_change).toBeLessThan(0);
      expect(r.reason).toMatch(/As the page reflows, other units' view rates change too \(counted in the gain\): \/1\/side −\d+(\.\d)? points\./);
      // Net: the gain is the new unit's views less the side unit's loss.
      expect(r.expected.extra_viewable_impressions).toBe(Math.round(10 * (r.expected.predicted_view_rate + r.other_units[0]!.view_rate_change)));
    }
  });

  it('moves no reader for a change in a side column: the text beside it, which they read, stays', () => {
    // A side-column 300x250 at 1,200–1,450 px, seen by every reader. A 300x600 in its place is 350 px taller, but only
    // the side column below it would move, not the article: every reader still sees half of it (from 1,200 px). Were
    // the readers further down (centre 1,700, below its foot) carried 350 px as by a change in the text, they would see
    // it at 850–1,450, under half in their screen, and the 300x600 would look worth less than the 300x250.
    const side = unit('side', { x: 1200, y: 1200, width: 300, height: 250 }, 1000, 1000);
    const evidence = page({ units: [side] });
    // Its formats are asked about where they stand, with no reader carried.
    expect(probesFor(evidence).filter((probe) => probe.y === 1200 && probe.height === 600).every((probe) => probe.lift === undefined)).toBe(true);
    const [change, ...more] = ofType(recommendForPage(evidence, seenByReaders(evidence)).recommendations, 'format_change');
    expect(more).toEqual([]);
    expect(change).toMatchObject({ recommended_format: '300x600', other_units: [] });
    // 1,000 × (100 % × 1.6 − 100 % × 1).
    expect(change?.expected).toMatchObject({ predicted_view_rate: 100, value_gain: 600 });
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
