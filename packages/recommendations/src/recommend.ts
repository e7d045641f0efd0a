// The recommendations engine (DESIGN.md, Recommendations): from one page and device's evidence to the moves, format
// changes and new placements that would raise the page's ad value, each with the figures it rests on.
//
// Rates here are view rates: shares of pageviews in which a unit is viewable (measured) or a rectangle would be
// (predicted from the readers' viewport spans, corrected by how well that prediction matched the page's own units).
// They are not viewability (viewable ÷ measurable impressions), and the texts never call them that.
//
// Value, not views: an ad manager earns from viewable impressions of formats that sell at different prices, so every
// option is judged by the page's expected value per 1,000 pageviews — the sum over every unit on the page after the
// change of its view rate × the value of a viewable impression of its format on the device (formats.ts: a default
// table of relative values, or the website's own). More readers seeing a 320x50 instead of a 300x250 is not a gain.
// Reflow: a unit inserted, moved or resized pushes the content below it down (or pulls it up). Readers read content,
// not pixels, so a reader whose viewport's centre was below the change follows the content and sees everything a
// change's height higher than its pixels (evidence.ts, Probe). The changed unit is predicted so, and so is every other
// unit within a screen of the change (a side column's unit stays while the content beside it moves; a unit in the
// content right below a change the spacing rule let through moves with it): the gain is net, the sum over the units.
// Units further away keep their view rates exactly under this model, so they cancel out of the gain and its range.
//
// Honest ranges: a prediction's range is its 95 % Wilson interval widened on each side by the calibration's mean
// error; a gain's low end is the prediction's low against the measured rate's high (and the reverse for its high end).
// A move or format change must raise the page's value even at that low end, by a margin (MIN_GAIN of the unit's
// current value), so neither noise nor the model's known error moves a unit.
//
// Guardrails hold for every kind, on the page as it would be after the change: no ad over another, a viewport between
// units, the top unit's midpoint 100 px down, ad density within the limit (counting every unit in the main content),
// no break directly under a heading, formats only where they belong (formats.ts). The engine is pure: no I/O.
import { MIN_RECOMMENDATION_PAGEVIEWS, RECOMMENDATION_WINDOW_DAYS, type DeviceType, type PageAnalysis, type Recommendation } from '@foldline/contracts';
import { HEADING, placeOf, type ContentLayout } from './content-breaks.ts';
import { probeKey, probeOf, type PageDeviceEvidence, type Probe, type Rect, type Reflow, type SeenCounts, type UnitEvidence } from './evidence.ts';
import { adHeightInContent, adLayoutOf, isEdgeUnit, overlapsHorizontally, type Placed } from './ad-density.ts';
import { formatName, formatsFitting, formatValue, type AdFormat, type Column, type FormatValueOverrides, type ValueSource, type ValueSources } from './formats.ts';
import { scaleInterval, widenInterval, wilson, Z95, type Interval } from './wilson.ts';

/** A move or format change must promise at least this much at the low end of its range: the page's value must rise by
 * this share of pageviews times the value of the unit's current format (for a move, the issue's 10 points of view
 * rate above the unit's measured upper bound), so noise never moves a unit. */
export const MIN_GAIN = 0.1;
/** A change in another unit's view rate this large (share of pageviews) is named on the card. */
const MATERIAL_RATE = 0.01;
/** Options whose value is within this (share of pageviews × the unit's current value) of the best count as equally
 * good: the smallest change among them is taken. */
const NEAR_BEST = 0.01;
/** A new slot is only worth adding where this share of readers is expected to see it, and at least
 * MIN_NEW_VIEW_RATE_LOW at the low end of its range: a unit few readers see costs every reader its space (and its
 * layout shift) for little. The low end carries the model's calibration error, up to 15 points; asking 40 % of it
 * would leave any page whose only calibrating units sit at the viewport's edge without a new placement ever. */
export const MIN_NEW_VIEW_RATE = 0.4;
export const MIN_NEW_VIEW_RATE_LOW = 0.25;
/** New placements per page and device: the first ones take the best places; more would crowd the column. */
export const MAX_NEW_PER_PAGE = 2;
/** Better Ads Standards: ads at most 30 % of the main content's height on phones (fixed). Desktop and tablet take the
 * website's own limit, 30 % unless it sets one (DESIGN.md; Mediavine and Raptive keep 25 %). */
export const MOBILE_DENSITY = 0.3;
export const DEFAULT_DESKTOP_DENSITY = 0.3;
/** Lighthouse's Publisher Ads audit: a top unit whose midpoint is under 100 px is scrolled past before it is seen. */
export const MIN_TOP_MIDPOINT = 100;
/** Units measured on fewer impressions than this do not calibrate the model. */
export const MIN_CALIBRATION_IMPRESSIONS = 30;
/** The model is trusted where its correction stays within these bounds and its error under MAX_CALIBRATION_ERROR. */
const FACTOR_RANGE = [0.5, 1.5] as const;
export const MAX_CALIBRATION_ERROR = 15;
/** "High" confidence needs the model checked on at least this many of the page's own units. */
export const MIN_HIGH_CONFIDENCE_UNITS = 2;

export interface Calibration {
  /** Units the prediction was checked against. */
  units: number;
  /** Measured viewable impressions ÷ predicted, over those units: multiplies every prediction. */
  factor: number;
  /** Mean absolute error of the corrected prediction per unit (each left out of its own factor), percentage points. */
  meanError: number;
  /** The vertical extent of each unit it was checked on, document px: a prediction between them is interpolated, one
   * outside them extrapolated (never "high" confidence). */
  depths: { top: number; bottom: number }[];
}

export interface RecommendOptions {
  /** The website's own value of a viewable impression per device and format (its publisher's Settings, its measured
   * viewable eCPM relative to a 300x250: formats.ts valueTable), over the default table of relative values. */
  values?: FormatValueOverrides;
  /** Where each of `values` came from, for the cards' words; without it every one of them is the publisher's. */
  valueSources?: ValueSources;
  /** The website's ad density limit on desktop and tablet, as a share of the main content's height (default 30 %). */
  desktopDensity?: number;
}

export interface PageResult {
  recommendations: Recommendation[];
  analysis: PageAnalysis;
}

/** The pageviews a unit's counts are over: its own since it moved, else the window's `n`. */
const baseOf = (unit: UnitEvidence, n: number) => (unit.pageviews !== undefined && unit.pageviews > 0 ? Math.min(unit.pageviews, n) : n);

/** Largest gain first: the order every list of recommendations is shown in. */
export const byGain = (a: Recommendation, b: Recommendation) => b.expected.extra_viewable_impressions - a.expected.extra_viewable_impressions;

/** Whether a page has enough readers on a device to recommend anything for it. */
export const enoughReaders = (pageviews: number) => pageviews >= MIN_RECOMMENDATION_PAGEVIEWS;

/** The density limit for a device: Better Ads' 30 % on phones, the website's own elsewhere. */
export const densityLimit = (device: DeviceType, desktopDensity = DEFAULT_DESKTOP_DENSITY) => (device === 'mobile' ? MOBILE_DENSITY : desktopDensity);

/** The words for where a value came from, in a format change's reason. */
const VALUE_BASIS: Record<ValueSource, string> = {
  settings: "this website's values",
  measured: 'measured viewable eCPM',
  default: 'default relative values',
};

const percent = (share: number) => `${Math.round(share * 100)} %`;
const pixels = (value: number) => `${Math.round(value).toLocaleString('en-US')} px`;
const count = (value: number) => Math.round(value).toLocaleString('en-US');

export { isEdgeUnit };

/** The breaks an ad may go at: those the layout marks as directly under a heading are left out. */
export function usableBreaks(layout: ContentLayout): number[] {
  return layout.breaks.filter((_, i) => !HEADING.test(layout.sides?.[i]?.above ?? ''));
}

/** Every rectangle the engine may ask about for this page and device: its units where they are and in other
 * formats, each usable content break with each in-content format that fits the column and each unit's size — each on
 * the page as it would reflow — and the other units near each change, on that reflowed page. */
export function probesFor(evidence: PageDeviceEvidence): Probe[] {
  const probes = new Map<string, Probe>();
  const add = (probe: Probe) => probes.set(probeKey(probe), probe);
  const addChange = (rect: Rect, reflows: readonly Reflow[], except?: string) => {
    add(probeOf(rect, reflows[0]));
    for (const { now, after } of reflowedOthers(evidence, reflows, except)) {
      add(now);
      add(after);
    }
  };
  for (const unit of evidence.units) {
    add(probeOf(unit.rect));
    for (const { rect } of alternatives(evidence, unit)) addChange(rect, [formatReflow(evidence, unit, rect)], unit.adUnitId);
  }
  if (evidence.layout) {
    const layout = evidence.layout;
    for (const y of usableBreaks(layout)) {
      for (const format of columnFormats(evidence)) addChange(atBreak(layout, y, format), [insertReflow(y, format.height)]);
      for (const unit of evidence.units) if (movable(evidence, unit)) addChange(atBreak(layout, y, unit.rect), moveReflows(unit.rect, y), unit.adUnitId);
    }
  }
  return [...probes.values()];
}

/** A new unit of that height at a content break pushes the content below it down. */
const insertReflow = (y: number, height: number): Reflow => ({ cut: y, lift: height });
/** A format change in place: the content below the unit moves by the difference in height. In a side column only
 * that column's units below it move: the text beside it, and the readers reading it, stay where they were. */
function formatReflow(evidence: PageDeviceEvidence, unit: UnitEvidence, to: Rect): Reflow {
  const reflow = { cut: unit.rect.y + unit.rect.height, lift: to.height - unit.rect.height };
  return columnOf(evidence, unit).column === 'sidebar' ? { ...reflow, beside: true } : reflow;
}
/** A move: in at the break (first: the moved unit's own), out of its place. */
const moveReflows = (from: Rect, y: number): Reflow[] => [insertReflow(y, from.height), { cut: from.y + from.height, lift: -from.height }];

/**
 * The page's other units a change could change the view of, each with its probe as it is and as it would be after the
 * change: those within a screen (and the change's height) of one of the change's reflows, the nearest one deciding.
 * A unit in the content below the cut moves with the content; one above it, or in a side column, stays. A change in a
 * side column (`beside`) moves only the side column's units below it, and no reader.
 */
export function reflowedOthers(evidence: PageDeviceEvidence, reflows: readonly Reflow[], except?: string): { unit: UnitEvidence; now: Probe; after: Probe }[] {
  const out: { unit: UnitEvidence; now: Probe; after: Probe }[] = [];
  for (const unit of evidence.units) {
    if (unit.adUnitId === except || isEdgeUnit(unit)) continue;
    const { rect } = unit;
    const distance = (reflow: Reflow) => Math.max(reflow.cut - (rect.y + rect.height), rect.y - reflow.cut, 0);
    const beside = columnOf(evidence, unit).column === 'sidebar';
    const near = reflows.filter((reflow) => reflow.lift !== 0 && (!reflow.beside || beside) && distance(reflow) <= evidence.viewportHeight + Math.abs(reflow.lift));
    if (near.length === 0) continue;
    const reflow = near.reduce((a, b) => (distance(b) < distance(a) ? b : a));
    const movesWithContent = beside === Boolean(reflow.beside) && rect.y >= reflow.cut;
    out.push({ unit, now: probeOf(rect), after: probeOf(movesWithContent ? { ...rect, y: rect.y + reflow.lift } : rect, reflow) });
  }
  return out;
}

/** How well the raw prediction matched the units' measured viewable impressions on this page and device. */
export function calibrate(evidence: PageDeviceEvidence, seen: SeenCounts): Calibration | undefined {
  const points = evidence.units
    .filter((unit) => unit.impressions >= MIN_CALIBRATION_IMPRESSIONS)
    // The seen counts are of the window's pageviews: a unit measured over fewer (since it moved) is scaled to them.
    .map((unit) => ({ rect: unit.rect, predicted: seen.get(probeKey(probeOf(unit.rect))) ?? 0, measured: (unit.viewable * evidence.pageviews) / baseOf(unit, evidence.pageviews) }))
    .filter((point) => point.predicted > 0);
  if (points.length === 0 || evidence.pageviews === 0) return undefined;
  const predicted = points.reduce((sum, point) => sum + point.predicted, 0);
  const measured = points.reduce((sum, point) => sum + point.measured, 0);
  const errors = points.map((point) => {
    // Left out of its own factor: with one unit the factor would fit it exactly and say nothing.
    const otherPredicted = predicted - point.predicted;
    const factor = points.length > 1 && otherPredicted > 0 ? (measured - point.measured) / otherPredicted : 1;
    return Math.abs(factor * point.predicted - point.measured) / evidence.pageviews;
  });
  return {
    units: points.length,
    factor: measured / predicted,
    meanError: (100 * errors.reduce((a, b) => a + b, 0)) / errors.length,
    depths: points.map(({ rect }) => ({ top: rect.y, bottom: rect.y + rect.height })),
  };
}

/** Pools page calibrations (for pages whose own units cannot calibrate: no units, or too few impressions). */
export function pooledCalibration(calibrations: readonly Calibration[]): Calibration | undefined {
  const usable = calibrations.filter(trusted);
  if (usable.length === 0) return undefined;
  const units = usable.reduce((sum, c) => sum + c.units, 0);
  const mean = (pick: (c: Calibration) => number) => usable.reduce((sum, c) => sum + pick(c) * c.units, 0) / units;
  // Other pages' depths: kept for completeness, but a borrowed calibration never gives more than low confidence.
  return { units, factor: mean((c) => c.factor), meanError: mean((c) => c.meanError), depths: usable.flatMap((c) => c.depths) };
}

const trusted = (c: Calibration) => c.factor >= FACTOR_RANGE[0] && c.factor <= FACTOR_RANGE[1] && c.meanError <= MAX_CALIBRATION_ERROR;

/**
 * The recommendations for one page and device. `fallback` calibrates a page whose own units cannot (pooled from the
 * website's other pages on the same device); without either, predictions go uncorrected at low confidence.
 * `options.values` replaces default format values with the website's own (`options.valueSources` says where each came
 * from); `options.desktopDensity` is its density limit on desktop and tablet.
 */
export function recommendForPage(evidence: PageDeviceEvidence, seen: SeenCounts, fallback?: Calibration, options: RecommendOptions = {}): PageResult {
  const own = calibrate(evidence, seen);
  const calibration = own ?? fallback;
  const analysis = (status: PageAnalysis['status'], message: string, withCalibration = true): PageAnalysis => ({
    page_id: evidence.pageId,
    page_title: evidence.pageTitle,
    device: evidence.device,
    pageviews: evidence.pageviews,
    status,
    message,
    calibration: calibration && withCalibration ? { units: calibration.units, factor: round(calibration.factor, 3), mean_error: round(calibration.meanError, 1) } : null,
    ad_layout: adLayout(evidence, options),
  });
  const { device } = evidence;
  if (!enoughReaders(evidence.pageviews)) {
    const missing = MIN_RECOMMENDATION_PAGEVIEWS - evidence.pageviews;
    return {
      recommendations: [],
      analysis: analysis(
        'too_few_pageviews',
        `${count(evidence.pageviews)} ${device} pageviews in the last ${RECOMMENDATION_WINDOW_DAYS} days; recommendations need ${count(MIN_RECOMMENDATION_PAGEVIEWS)} (${count(missing)} to go).`,
        false,
      ),
    };
  }
  if (calibration && !trusted(calibration)) {
    return {
      recommendations: [],
      analysis: analysis(
        'analysed',
        `The model's predictions for this page's ${device} ad units are off by ${round(calibration.meanError, 1)} points on average, so no recommendation is made until they agree.`,
      ),
    };
  }
  const engine = new PageEngine(evidence, seen, calibration, own !== undefined, options);
  const recommendations = engine.run();
  const found = recommendations.length > 0 ? `${recommendations.length} recommendation${recommendations.length === 1 ? '' : 's'}.` : nothingFound(engine.bestRejected, device);
  if (!evidence.layout) {
    const why = evidence.notRendered ?? 'No column of content (an article\'s paragraphs or a page\'s story blocks) was found to place ads between';
    return { recommendations, analysis: analysis('no_layout', `${why}, so only format changes were considered. ${found}`) };
  }
  return { recommendations, analysis: analysis('analysed', `Analysed ${count(evidence.pageviews)} ${device} pageviews. ${found}`) };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The page's ad layout on the device as the analysis reports it (percentages), or null without a rendering. */
function adLayout(evidence: PageDeviceEvidence, options: RecommendOptions): PageAnalysis['ad_layout'] {
  const layout = adLayoutOf(evidence, densityLimit(evidence.device, options.desktopDensity));
  if (!layout) return null;
  return {
    content_height: Math.round(layout.contentHeight),
    ad_height: Math.round(layout.adHeight),
    density: round(layout.density * 100, 1),
    density_limit: round(layout.limit * 100, 1),
    above_fold: layout.aboveFold,
    per_1000px: round(layout.perThousandPx, 2),
  };
}

/** Why nothing is advised, with the figures: the best change that passed the guardrails and what it would do. */
function nothingFound(best: { change: string; value: Interval } | undefined, device: DeviceType): string {
  const none = "No change would clearly raise the page's ad value.";
  if (!best) return `${none} No change passed the guardrails (ad density, a screen between ads, nothing under a heading).`;
  const perThousand = (share: number) => {
    const v = Math.round(1000 * share);
    return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0';
  };
  return `${none} The best change considered, ${best.change}, would change its ${device} ad value by ${perThousand(best.value.low)} to ${perThousand(best.value.high)} per 1,000 pageviews (a viewable 300x250 = 1): not clearly enough to act on.`;
}

function atBreak(layout: ContentLayout, y: number, size: { width: number; height: number }): Rect {
  return { x: Math.round(layout.column.x + (layout.column.width - size.width) / 2), y, width: size.width, height: size.height };
}

/** The column a unit sits in and the horizontal span it may use there: the main one if it lies within it, a side
 * column if beside it on a desktop, the viewport's edge for a sticky unit, else across the page; without a layout,
 * only its own width. */
function columnOf(evidence: PageDeviceEvidence, unit: UnitEvidence): { column: Column; x: number; width: number } {
  const { rect } = unit;
  if (isEdgeUnit(unit)) return { column: 'edge', x: 0, width: evidence.pageWidth };
  const main = evidence.layout?.column;
  // Without a rendering, what is beside the unit is unknown: no format wider than it is (a side column's 160x600 must
  // not become a leaderboard across the text it stands beside).
  if (!main) return { column: 'full', x: rect.x, width: rect.width };
  if (main && rect.x >= main.x - 20 && rect.x + rect.width <= main.x + main.width + 20) {
    const x = Math.min(main.x, rect.x);
    return { column: 'main', x, width: Math.max(main.x + main.width, rect.x + rect.width) - x };
  }
  if (evidence.device === 'desktop' && rect.width <= 340 && main && rect.x >= main.x + main.width) {
    // The side column's own width is not in the layout: taken as the unit's, at least 300 px, centred on it (as side
    // columns centre their units), between the main column and the page's edge.
    const width = Math.max(300, rect.width);
    const x = Math.max(main.x + main.width, Math.min(evidence.pageWidth - width, Math.round(rect.x + rect.width / 2 - width / 2)));
    return { column: 'sidebar', x, width: Math.min(width, evidence.pageWidth - x) };
  }
  return { column: 'full', x: 0, width: evidence.pageWidth };
}

/** A format in a unit's place: centred on it, shifted to stay within the span its column allows. */
function resized(rect: Rect, format: { width: number; height: number }, span: { x: number; width: number }): Rect {
  const centred = Math.round(rect.x + (rect.width - format.width) / 2);
  const x = Math.max(span.x, Math.min(centred, span.x + span.width - format.width));
  return { x, y: rect.y, width: format.width, height: format.height };
}

/** The other formats that belong where the unit is, each in its place. */
function alternatives(evidence: PageDeviceEvidence, unit: UnitEvidence): { format: AdFormat; rect: Rect }[] {
  const span = columnOf(evidence, unit);
  return formatsFitting(evidence.device, span.column, span.width)
    .filter((format) => format.name !== formatName(unit.rect.width, unit.rect.height))
    .map((format) => ({ format, rect: resized(unit.rect, format, span) }));
}

/** A unit may move to a content break if it is in the content (not at the edge, not in a side column) and fits. */
function movable(evidence: PageDeviceEvidence, unit: UnitEvidence): boolean {
  const layout = evidence.layout;
  if (!layout) return false;
  const { column } = columnOf(evidence, unit);
  return column !== 'sidebar' && column !== 'edge' && unit.rect.width <= layout.column.width;
}

/** In-content formats for new slots: what fits the main column (never an anchor or a side-column format). */
function columnFormats(evidence: PageDeviceEvidence): AdFormat[] {
  const width = evidence.layout?.column.width ?? 0;
  return formatsFitting(evidence.device, 'main', width).filter((format) => format.placement === 'content');
}

const verticalGap = (a: Rect, b: Rect) => Math.max(a.y, b.y) - Math.min(a.y + a.height, b.y + b.height);

/** A term of the page's value: a unit's view rate (with its range) × the value of a viewable impression of it. */
interface Term {
  rate: Interval;
  value: number;
}

/** What a change does to the page's other units: value terms (changes in view rate) and the material ones named. */
interface Others {
  terms: Term[];
  units: Recommendation['other_units'];
}

/** The card's words for the other units a change moves materially. */
function othersText(units: Recommendation['other_units']): string {
  if (units.length === 0) return '';
  const each = units.map((unit) => `${unit.ad_unit_name} ${unit.view_rate_change > 0 ? '+' : '−'}${Math.abs(unit.view_rate_change)} points`);
  return ` As the page reflows, other units' view rates change too (counted in the gain): ${each.join(', ')}.`;
}

/** The change in value per pageview from the terms before to those after, with its range (after's low against
 * before's high, and the reverse). */
function valueChange(before: readonly Term[], after: readonly Term[]): Interval {
  const sum = (terms: readonly Term[], pick: (rate: Interval) => number) => terms.reduce((total, term) => total + pick(term.rate) * term.value, 0);
  return {
    rate: sum(after, (r) => r.rate) - sum(before, (r) => r.rate),
    low: sum(after, (r) => r.low) - sum(before, (r) => r.high),
    high: sum(after, (r) => r.high) - sum(before, (r) => r.low),
  };
}

class PageEngine {
  /** Where every unit stands, as recommendations are taken (a moved unit stands at its new place). */
  private readonly placed = new Map<string, Placed>();
  /** The most valuable change that passed every guardrail but not the bar of evidence: said when nothing is advised. */
  bestRejected: { change: string; value: Interval } | undefined;
  private readonly n: number;
  private readonly values: FormatValueOverrides | undefined;
  private readonly valueSources: ValueSources | undefined;
  private readonly density: number;

  constructor(
    private readonly evidence: PageDeviceEvidence,
    private readonly seen: SeenCounts,
    private readonly calibration: Calibration | undefined,
    private readonly ownCalibration: boolean,
    options: RecommendOptions,
  ) {
    this.n = evidence.pageviews;
    this.values = options.values;
    this.valueSources = options.valueSources;
    this.density = densityLimit(evidence.device, options.desktopDensity);
    for (const unit of evidence.units) this.placed.set(unit.adUnitId, { rect: unit.rect, edge: isEdgeUnit(unit) });
  }

  private noteRejected(change: string, value: Interval): void {
    if (!this.bestRejected || value.rate > this.bestRejected.value.rate) this.bestRejected = { change, value };
  }

  run(): Recommendation[] {
    const out: Recommendation[] = [];
    // The least seen units choose first: they have the most to gain from the few places most readers see.
    const byRate = [...this.evidence.units].sort((a, b) => this.measured(a).rate - this.measured(b).rate);
    for (const unit of byRate) {
      const advice = this.moveOrFormat(unit);
      if (advice) out.push(advice);
    }
    out.push(...this.newPlacements());
    return out;
  }

  /** The value of one viewable impression of a size on this device. */
  private valueOf(size: { width: number; height: number }): number {
    return formatValue(this.evidence.device, formatName(size.width, size.height), this.values);
  }

  /** Where the value of a format on this device came from: the website's own (its sources say which; without them, the
   * publisher's) or the defaults. */
  private sourceOf(name: string): ValueSource {
    const { device } = this.evidence;
    if (this.values?.[device]?.[name] === undefined) return 'default';
    return this.valueSources ? (this.valueSources[device]?.[name] ?? 'settings') : 'settings';
  }

  /** The page's expected ad value per 1,000 pageviews today: every unit's measured view rate × its value. */
  private pageValue(): number {
    return 1000 * this.evidence.units.reduce((sum, unit) => sum + this.measured(unit).rate * this.valueOf(unit.rect), 0);
  }

  /** The model's view rate for the rectangle (on the page as it would reflow), with its range: the Wilson interval of
   * its seen count, corrected by the calibration's factor and widened by its mean error. */
  private predict(rect: Rect, reflow?: Reflow): Interval {
    const seen = this.seen.get(probeKey(probeOf(rect, reflow))) ?? 0;
    const corrected = scaleInterval(wilson(seen, this.n), this.calibration?.factor ?? 1);
    return widenInterval(corrected, (this.calibration?.meanError ?? 0) / 100);
  }

  /** A format in a unit's place: the unit's own measured rate, scaled by the model's ratio of the new format's seen
   * count to the unit's as it is. Where the unit stands is the best evidence of how it is seen; the model is asked
   * only what the new size changes, so its error counts only on that part. Without a seen count for the unit as it
   * is, the plain prediction. */
  private predictInPlace(unit: UnitEvidence, rect: Rect, reflow: Reflow): Interval {
    const now = this.seen.get(probeKey(probeOf(unit.rect))) ?? 0;
    if (now === 0) return this.predict(rect, reflow);
    const ratio = (this.seen.get(probeKey(probeOf(rect, reflow))) ?? 0) / now;
    return widenInterval(scaleInterval(this.measured(unit), ratio), ((this.calibration?.meanError ?? 0) / 100) * Math.abs(1 - ratio));
  }

  /** What a change does to the page's other units as the page reflows: each one's change in view rate, as the model's
   * difference between the page after and as it is (both from the same readers, so its error is the flips' Poisson
   * error, not two intervals'), as value terms to add to the change's "after". */
  private others(reflows: readonly Reflow[], except?: string): Others {
    const factor = this.calibration?.factor ?? 1;
    const terms: Term[] = [];
    const units: Recommendation['other_units'] = [];
    for (const { unit, now, after } of reflowedOthers(this.evidence, reflows, except)) {
      const flips = (this.seen.get(probeKey(after)) ?? 0) - (this.seen.get(probeKey(now)) ?? 0);
      if (flips === 0) continue;
      const rate = (factor * flips) / this.n;
      const error = (Z95 * factor * Math.sqrt(Math.abs(flips))) / this.n;
      terms.push({ rate: { rate, low: rate - error, high: rate + error }, value: this.valueOf(unit.rect) });
      if (Math.abs(rate) >= MATERIAL_RATE) units.push({ ad_unit_id: unit.adUnitId, ad_unit_name: unit.name, view_rate_change: round(rate * 100, 1) });
    }
    return { terms, units };
  }

  /** Its view rate as measured, over the pageviews its counts are of (since it moved, if it did in the window). */
  private measured(unit: UnitEvidence): Interval {
    const base = baseOf(unit, this.n);
    return wilson(Math.min(unit.viewable, base), base);
  }

  /** Units keep a viewport apart from any other in the same column (so never over one), and the top one's midpoint
   * 100 px down. Units at the viewport's edge have no place in the content to keep apart from. */
  private fits(rect: Rect, except?: string, extra: readonly Rect[] = [], replacing?: Rect): boolean {
    if (rect.y + rect.height / 2 < MIN_TOP_MIDPOINT) return false;
    const others = [...[...this.placed].filter(([id, other]) => id !== except && !other.edge).map(([, other]) => other.rect), ...extra];
    // A format change in place (`replacing` is the unit as it stands) never brings it nearer a unit than it is today:
    // a leaderboard above a side column's unit is no reason to keep that unit small.
    const apart = (other: Rect) => verticalGap(rect, other) >= this.evidence.viewportHeight || (replacing !== undefined && verticalGap(rect, other) >= verticalGap(replacing, other));
    return others.every((other) => !overlapsHorizontally(rect, other) || apart(other));
  }

  private adHeight(units: Iterable<Placed>): number {
    return adHeightInContent(units, this.evidence.layout);
  }

  /**
   * The density guardrail for a change: on the page as it would be after it (units changed and added), the ads in the
   * main content stay within the limit of its height — or, on a page already over it, the change adds no ad height
   * there. Without a layout the content's height is unknown: only a change that adds no ad height passes.
   */
  private densityAllows(changed: ReadonlyMap<string, Rect>, added: readonly Rect[] = []): boolean {
    const before = [...this.placed.values()];
    const after = [...[...this.placed].map(([id, unit]) => ({ ...unit, rect: changed.get(id) ?? unit.rect })), ...added.map((rect) => ({ rect, edge: false }))];
    const height = this.adHeight(after);
    if (height <= this.adHeight(before)) return true;
    const layout = this.evidence.layout;
    return layout !== undefined && height <= this.density * (layout.bottom - layout.top);
  }

  /** "High" needs the model checked on at least two of the page's own units, a place within the depths they cover, a
   * small error and a large sample; "medium" the page's own calibration with a moderate error; else "low". */
  private confidence(rect: Rect): Recommendation['confidence'] {
    const c = this.calibration;
    if (!c || !this.ownCalibration) return 'low';
    const covered =
      c.units >= MIN_HIGH_CONFIDENCE_UNITS && c.depths.length > 0 && rect.y >= Math.min(...c.depths.map((d) => d.top)) && rect.y + rect.height <= Math.max(...c.depths.map((d) => d.bottom));
    if (covered && c.meanError <= 5 && this.n >= 1000) return 'high';
    return c.meanError <= 10 ? 'medium' : 'low';
  }

  private base(id: string, reason: string, rect: Rect, current: Interval, predicted: Interval, value: Interval, impressions: number, others: Others) {
    const { evidence, n } = this;
    // Net of what the reflow does to the page's other units.
    const sum = (pick: (rate: Interval) => number) => others.terms.reduce((total, term) => total + pick(term.rate), 0);
    return {
      id,
      reason: reason + othersText(others.units),
      page_id: evidence.pageId,
      page_title: evidence.pageTitle,
      device: evidence.device,
      size: { width: rect.width, height: rect.height },
      expected: {
        current_view_rate: round(current.rate * 100, 1),
        predicted_view_rate: round(predicted.rate * 100, 1),
        predicted_view_rate_low: round(predicted.low * 100, 1),
        predicted_view_rate_high: round(predicted.high * 100, 1),
        extra_viewable_impressions: Math.round(n * (predicted.rate - current.rate + sum((r) => r.rate))),
        extra_viewable_impressions_low: Math.round(n * (predicted.low - current.high + sum((r) => r.low))),
        extra_viewable_impressions_high: Math.round(n * (predicted.high - current.low + sum((r) => r.high))),
        value_gain: round(1000 * value.rate, 1),
        value_gain_low: round(1000 * value.low, 1),
        value_gain_high: round(1000 * value.high, 1),
      },
      other_units: others.units,
      evidence: { pageviews: n, impressions },
      confidence: this.confidence(rect),
    };
  }

  /** The move or format change that raises the page's value the most, if any clears MIN_GAIN at its low end. */
  private moveOrFormat(unit: UnitEvidence): Recommendation | undefined {
    const current = this.measured(unit);
    const { device } = this.evidence;
    const layout = this.evidence.layout;
    const worth = this.valueOf(unit.rect);
    const before: Term[] = [{ rate: current, value: worth }];
    type Option = { rect: Rect; predicted: Interval; value: Interval; others: Others; kind: 'move' | 'format'; format?: AdFormat };
    const options: Option[] = [];
    const consider = (rect: Rect, kind: 'move' | 'format', format?: AdFormat) => {
      if (!this.fits(rect, unit.adUnitId, [], kind === 'format' ? unit.rect : undefined) || !this.densityAllows(new Map([[unit.adUnitId, rect]]))) return;
      const reflows = kind === 'move' ? moveReflows(unit.rect, rect.y) : [formatReflow(this.evidence, unit, rect)];
      const predicted = kind === 'format' ? this.predictInPlace(unit, rect, reflows[0]!) : this.predict(rect, reflows[0]);
      const others = this.others(reflows, unit.adUnitId);
      const value = valueChange(before, [{ rate: predicted, value: this.valueOf(rect) }, ...others.terms]);
      if (value.low >= MIN_GAIN * worth) options.push({ rect, predicted, value, others, kind, format });
      else {
        const where = layout ? placeOf(layout, rect) : null;
        this.noteRejected(
          kind === 'move' ? `moving ${unit.name} ${where ? where.description : `to ${pixels(rect.y)}`}` : `a ${format!.name} in place of ${unit.name}`,
          value,
        );
      }
    };
    if (layout && movable(this.evidence, unit)) {
      for (const y of usableBreaks(layout)) consider(atBreak(layout, y, unit.rect), 'move');
    }
    for (const { format, rect } of alternatives(this.evidence, unit)) consider(rect, 'format', format);
    if (options.length === 0) return undefined;
    // Of the options about as valuable as the best, the nearest to where the unit is now: the smallest change.
    const top = Math.max(...options.map((option) => option.value.rate));
    const distance = (option: Option) => Math.abs(option.rect.y - unit.rect.y) + (option.kind === 'format' ? 0 : 1);
    const choice = options.filter((option) => option.value.rate >= top - NEAR_BEST * worth).sort((a, b) => distance(a) - distance(b))[0] as Option;
    this.placed.set(unit.adUnitId, { rect: choice.rect, edge: isEdgeUnit(unit) });
    const name = unit.name;
    const currentFormat = formatName(unit.rect.width, unit.rect.height);
    const at = (rect: Rect) => ({ x: Math.round(rect.x), y: Math.round(rect.y) });
    const place = (rect: Rect) => (layout ? placeOf(layout, rect) : null);
    const recommendedPlace = place(choice.rect);
    if (choice.kind === 'move') {
      return {
        ...this.base(
          `move_ad_unit:${this.evidence.pageId}:${this.evidence.device}:${unit.adUnitId}`,
          `Only ${percent(current.rate)} of ${device} readers see this unit for a second; ${recommendedPlace ? recommendedPlace.description : `at ${pixels(choice.rect.y)}`}, ${percent(choice.predicted.rate)} would.`,
          choice.rect,
          current,
          choice.predicted,
          choice.value,
          unit.impressions,
          choice.others,
        ),
        type: 'move_ad_unit',
        ad_unit_id: unit.adUnitId,
        ad_unit_name: name,
        current_position: at(unit.rect),
        recommended_position: at(choice.rect),
        current_place: place(unit.rect),
        recommended_place: recommendedPlace,
      };
    }
    const format = choice.format as AdFormat;
    const why = format.height < unit.rect.height && choice.predicted.rate > current.rate ? ', since half of a shorter unit is in view sooner' : '';
    const newWorth = this.valueOf(format);
    const [newSource, currentSource] = [this.sourceOf(format.name), this.sourceOf(currentFormat)];
    const basis =
      newSource === currentSource ? VALUE_BASIS[newSource] : `${format.name}: ${VALUE_BASIS[newSource]}; ${currentFormat}: ${VALUE_BASIS[currentSource]}`;
    const pageValue = this.pageValue();
    const rise = pageValue > 0 ? `about ${Math.round((100 * 1000 * choice.value.rate) / pageValue)} %` : `${round(1000 * choice.value.rate, 1)} per 1,000 pageviews`;
    const worthText =
      newWorth === worth ? '' : ` A viewable ${format.name} counts as ${round(newWorth, 2)} and a ${currentFormat} as ${round(worth, 2)} (${basis}): the page's ${device} ad value rises by ${rise}.`;
    return {
      ...this.base(
        `format_change:${this.evidence.pageId}:${this.evidence.device}:${unit.adUnitId}`,
        `Only ${percent(current.rate)} of ${device} readers see this ${currentFormat} for a second; a ${format.name} in its place would be seen by ${percent(choice.predicted.rate)}${why}.${worthText}`,
        choice.rect,
        current,
        choice.predicted,
        choice.value,
        unit.impressions,
        choice.others,
      ),
      type: 'format_change',
      ad_unit_id: unit.adUnitId,
      ad_unit_name: name,
      position: at(unit.rect),
      place: place(unit.rect),
      current_format: currentFormat,
      recommended_format: format.name,
    };
  }

  /** Greedy: the content breaks and formats of most value first (ties: the smaller format), within the guardrails. */
  private newPlacements(): Recommendation[] {
    const layout = this.evidence.layout;
    if (!layout) return [];
    const { device } = this.evidence;
    const none: Interval = { rate: 0, low: 0, high: 0 };
    const candidates = usableBreaks(layout).flatMap((y) =>
      columnFormats(this.evidence).map((format) => {
        const rect = atBreak(layout, y, format);
        const reflow = insertReflow(y, format.height);
        const predicted = this.predict(rect, reflow);
        const others = this.others([reflow]);
        return { rect, format, predicted, others, value: valueChange([], [{ rate: predicted, value: this.valueOf(format) }, ...others.terms]) };
      }),
    );
    candidates.sort((a, b) => b.value.rate - a.value.rate || a.format.width * a.format.height - b.format.width * b.format.height);
    const taken: Rect[] = [];
    const out: Recommendation[] = [];
    for (const candidate of candidates) {
      if (out.length >= MAX_NEW_PER_PAGE) break;
      if (!this.fits(candidate.rect, undefined, taken) || !this.densityAllows(new Map(), [...taken, candidate.rect])) continue;
      if (candidate.predicted.rate < MIN_NEW_VIEW_RATE || candidate.predicted.low < MIN_NEW_VIEW_RATE_LOW) {
        const where = placeOf(layout, { x: layout.column.x, y: candidate.rect.y, width: layout.column.width });
        this.noteRejected(`a new ${candidate.format.name} ${where ? where.description : `at ${pixels(candidate.rect.y)}`}`, candidate.value);
        continue;
      }
      taken.push(candidate.rect);
      const { rect, format, predicted, value, others } = candidate;
      const extra = Math.round(this.n * predicted.rate);
      const low = Math.round(this.n * predicted.low);
      // The place the break follows: the layout's own name for it.
      const place = placeOf(layout, { x: layout.column.x, y: rect.y, width: layout.column.width });
      out.push({
        ...this.base(
          `new_ad_placement:${this.evidence.pageId}:${this.evidence.device}:${Math.round(rect.y)}`,
          `${percent(predicted.rate)} of ${device} readers see ${place ? `the place ${place.description}` : `the break in the text at ${pixels(rect.y)}`} for a second and no ad is within a screen of it: a ${format.name} there would add about ${count(extra)} viewable impressions in ${RECOMMENDATION_WINDOW_DAYS} days (at least ${count(low)}).`,
          rect,
          none,
          predicted,
          value,
          0,
          others,
        ),
        type: 'new_ad_placement',
        position: { x: Math.round(rect.x), y: Math.round(rect.y) },
        place,
        recommended_ad_format: format.name,
      });
    }
    return out;
  }
}
