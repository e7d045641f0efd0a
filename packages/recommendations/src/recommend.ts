// The recommendations engine (DESIGN.md, Recommendations): from one page and device's evidence to the moves, format
// changes and new placements that would make more readers see an ad, each with the figures it rests on.
//
// Rates here are shares of pageviews: the share in which a unit is viewable (measured) or a rectangle would be
// (predicted from the readers' viewport spans, corrected by how well that prediction matched the page's own units).
// Extra viewable impressions over the window are then pageviews × the difference in rates.
import { MIN_RECOMMENDATION_PAGEVIEWS, RECOMMENDATION_WINDOW_DAYS, type PageAnalysis, type Recommendation } from '@foldline/contracts';
import type { ContentLayout } from './content-breaks.ts';
import { probeKey, probeOf, type PageDeviceEvidence, type Probe, type Rect, type SeenCounts, type UnitEvidence } from './evidence.ts';
import { formatName, formatsFitting, type AdFormat, type Column } from './formats.ts';
import { scaleInterval, wilson, type Interval } from './wilson.ts';

/** A move or format change must promise at least this much: its predicted lower bound above the unit's measured upper
 * bound, in share of pageviews (the 10 points), so noise never moves a unit. */
export const MIN_GAIN = 0.1;
/** Places whose predicted share is within this of the best count as equally good. */
const NEAR_BEST = 0.01;
/** A new slot is only worth adding where at least this share of readers would see it (lower bound). */
export const MIN_NEW_VIEW_RATE = 0.4;
/** New placements per page and device: the first ones take the best places; more would crowd the column. */
export const MAX_NEW_PER_PAGE = 2;
/** Better Ads Standards: ads at most 30 % of the main content's height on phones; 25 % elsewhere (Mediavine, Raptive). */
export const MAX_DENSITY: Record<PageDeviceEvidence['device'], number> = { mobile: 0.3, tablet: 0.25, desktop: 0.25 };
/** Lighthouse's Publisher Ads audit: a top unit whose midpoint is under 100 px is scrolled past before it is seen. */
export const MIN_TOP_MIDPOINT = 100;
/** Units measured on fewer impressions than this do not calibrate the model. */
export const MIN_CALIBRATION_IMPRESSIONS = 30;
/** The model is trusted where its correction stays within these bounds and its error under MAX_CALIBRATION_ERROR. */
const FACTOR_RANGE = [0.5, 1.5] as const;
export const MAX_CALIBRATION_ERROR = 15;

export interface Calibration {
  /** Units the prediction was checked against. */
  units: number;
  /** Measured viewable impressions ÷ predicted, over those units: multiplies every prediction. */
  factor: number;
  /** Mean absolute error of the corrected prediction per unit (each left out of its own factor), percentage points. */
  meanError: number;
}

export interface PageResult {
  recommendations: Recommendation[];
  analysis: PageAnalysis;
}

/** Largest gain first: the order every list of recommendations is shown in. */
export const byGain = (a: Recommendation, b: Recommendation) => b.expected.extra_viewable_impressions - a.expected.extra_viewable_impressions;

/** Whether a page has enough readers on a device to recommend anything for it. */
export const enoughReaders = (pageviews: number) => pageviews >= MIN_RECOMMENDATION_PAGEVIEWS;

const percent = (share: number) => `${Math.round(share * 100)} %`;
const pixels = (value: number) => `${Math.round(value).toLocaleString('en-US')} px`;
const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** Every rectangle the engine may ask about for this page and device: its units where they are and in other
 * formats, and each content break with each format that fits the column. */
export function probesFor(evidence: PageDeviceEvidence): Probe[] {
  const rects: Rect[] = [];
  for (const unit of evidence.units) {
    rects.push(unit.rect);
    for (const format of alternativeFormats(evidence, unit)) rects.push(resized(unit.rect, format));
  }
  if (evidence.layout) {
    const sizes = new Map<string, { width: number; height: number }>();
    for (const format of columnFormats(evidence)) sizes.set(format.name, format);
    for (const unit of evidence.units) sizes.set(formatName(unit.rect.width, unit.rect.height), unit.rect);
    for (const y of evidence.layout.breaks) for (const size of sizes.values()) rects.push(atBreak(evidence.layout, y, size));
  }
  const probes = new Map<string, Probe>();
  for (const rect of rects) probes.set(probeKey(probeOf(rect)), probeOf(rect));
  return [...probes.values()];
}

/** How well the raw prediction matched the units' measured viewable impressions on this page and device. */
export function calibrate(evidence: PageDeviceEvidence, seen: SeenCounts): Calibration | undefined {
  const points = evidence.units
    .filter((unit) => unit.impressions >= MIN_CALIBRATION_IMPRESSIONS)
    .map((unit) => ({ predicted: seen.get(probeKey(probeOf(unit.rect))) ?? 0, measured: unit.viewable }))
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
  return { units: points.length, factor: measured / predicted, meanError: (100 * errors.reduce((a, b) => a + b, 0)) / errors.length };
}

/** Pools page calibrations (for pages whose own units cannot calibrate: no units, or too few impressions). */
export function pooledCalibration(calibrations: readonly Calibration[]): Calibration | undefined {
  const usable = calibrations.filter(trusted);
  if (usable.length === 0) return undefined;
  const units = usable.reduce((sum, c) => sum + c.units, 0);
  const mean = (pick: (c: Calibration) => number) => usable.reduce((sum, c) => sum + pick(c) * c.units, 0) / units;
  return { units, factor: mean((c) => c.factor), meanError: mean((c) => c.meanError) };
}

const trusted = (c: Calibration) => c.factor >= FACTOR_RANGE[0] && c.factor <= FACTOR_RANGE[1] && c.meanError <= MAX_CALIBRATION_ERROR;

/**
 * The recommendations for one page and device. `fallback` calibrates a page whose own units cannot (pooled from the
 * website's other pages on the same device); without either, predictions go uncorrected at low confidence.
 */
export function recommendForPage(evidence: PageDeviceEvidence, seen: SeenCounts, fallback?: Calibration): PageResult {
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
  const engine = new PageEngine(evidence, seen, calibration, own !== undefined);
  const recommendations = engine.run();
  const found = recommendations.length === 0 ? 'No change would make clearly more readers see an ad.' : `${recommendations.length} recommendation${recommendations.length === 1 ? '' : 's'}.`;
  if (!evidence.layout) {
    const why = evidence.notRendered ?? 'The page has no article body (paragraphs in one column) to place ads between';
    return { recommendations, analysis: analysis('no_layout', `${why}, so only format changes were considered. ${found}`) };
  }
  return { recommendations, analysis: analysis('analysed', `Analysed ${count(evidence.pageviews)} ${device} pageviews. ${found}`) };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function resized(rect: Rect, format: { width: number; height: number }): Rect {
  return { x: Math.round(rect.x + (rect.width - format.width) / 2), y: rect.y, width: format.width, height: format.height };
}

function atBreak(layout: ContentLayout, y: number, size: { width: number; height: number }): Rect {
  return { x: Math.round(layout.column.x + (layout.column.width - size.width) / 2), y, width: size.width, height: size.height };
}

/** The column a unit sits in: the main one if it lies within it, a sidebar if beside it on a desktop, else across. */
function columnOf(evidence: PageDeviceEvidence, rect: Rect): { column: Column; width: number } {
  const main = evidence.layout?.column;
  if (main && rect.x >= main.x - 20 && rect.x + rect.width <= main.x + main.width + 20) return { column: 'main', width: main.width };
  if (evidence.device === 'desktop' && rect.width <= 340 && main && rect.x >= main.x + main.width) return { column: 'sidebar', width: Math.max(300, rect.width) };
  return { column: 'full', width: evidence.pageWidth };
}

function alternativeFormats(evidence: PageDeviceEvidence, unit: UnitEvidence): AdFormat[] {
  const { column, width } = columnOf(evidence, unit.rect);
  return formatsFitting(evidence.device, column, width).filter((format) => format.name !== formatName(unit.rect.width, unit.rect.height));
}

/** In-content formats for new slots: what fits the main column, without phone anchors (they belong at the edges). */
function columnFormats(evidence: PageDeviceEvidence): AdFormat[] {
  const width = evidence.layout?.column.width ?? 0;
  return formatsFitting(evidence.device, 'main', width).filter((format) => format.only === undefined);
}

const overlapsHorizontally = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width;
const verticalGap = (a: Rect, b: Rect) => Math.max(a.y, b.y) - Math.min(a.y + a.height, b.y + b.height);

class PageEngine {
  /** Where every unit stands, as recommendations are taken (a moved unit stands at its new place). */
  private readonly placed = new Map<string, Rect>();
  private readonly n: number;

  constructor(
    private readonly evidence: PageDeviceEvidence,
    private readonly seen: SeenCounts,
    private readonly calibration: Calibration | undefined,
    private readonly ownCalibration: boolean,
  ) {
    this.n = evidence.pageviews;
    for (const unit of evidence.units) this.placed.set(unit.adUnitId, unit.rect);
  }

  run(): Recommendation[] {
    const out: Recommendation[] = [];
    // The least seen units choose first: they have the most to gain from the few places most readers see.
    const byRate = [...this.evidence.units].sort((a, b) => a.viewable - b.viewable);
    for (const unit of byRate) {
      const advice = this.moveOrFormat(unit);
      if (advice) out.push(advice);
    }
    out.push(...this.newPlacements());
    return out;
  }

  /** The model's share of pageviews in which the rectangle would be viewable, with its interval. */
  private predict(rect: Rect): Interval {
    const seen = this.seen.get(probeKey(probeOf(rect))) ?? 0;
    return scaleInterval(wilson(seen, this.n), this.calibration?.factor ?? 1);
  }

  private measured(unit: UnitEvidence): Interval {
    return wilson(Math.min(unit.viewable, this.n), this.n);
  }

  /** Units keep a viewport apart from any other in the same column, and the top one's midpoint 100 px down. */
  private fits(rect: Rect, except?: string, extra: readonly Rect[] = []): boolean {
    if (rect.y + rect.height / 2 < MIN_TOP_MIDPOINT) return false;
    const others = [...[...this.placed].filter(([id]) => id !== except).map(([, other]) => other), ...extra];
    return others.every((other) => !overlapsHorizontally(rect, other) || verticalGap(rect, other) >= this.evidence.viewportHeight);
  }

  /** Ad height in the main column stays within the Better Ads density limit of the content's height. */
  private densityAllows(added: readonly Rect[]): boolean {
    const layout = this.evidence.layout;
    if (!layout) return false;
    const column: Rect = { x: layout.column.x, y: layout.top, width: layout.column.width, height: layout.bottom - layout.top };
    const inColumn = [...this.placed.values(), ...added].filter((rect) => overlapsHorizontally(rect, column) && rect.y >= layout.top && rect.y <= layout.bottom);
    const height = inColumn.reduce((sum, rect) => sum + rect.height, 0);
    return height <= MAX_DENSITY[this.evidence.device] * column.height;
  }

  /** Extra viewable impressions over the window: pageviews × the gain in share. */
  private extra(current: Interval, predicted: Interval): number {
    return Math.round(this.n * Math.max(0, predicted.rate - current.rate));
  }

  private confidence(): Recommendation['confidence'] {
    const c = this.calibration;
    if (!c || !this.ownCalibration) return 'low';
    if (c.meanError <= 5 && this.n >= 1000) return 'high';
    return c.meanError <= 10 ? 'medium' : 'low';
  }

  private base(id: string, reason: string, size: { width: number; height: number }, current: Interval, predicted: Interval, impressions: number) {
    const { evidence } = this;
    return {
      id,
      reason,
      page_id: evidence.pageId,
      page_title: evidence.pageTitle,
      device: evidence.device,
      size: { width: size.width, height: size.height },
      expected: {
        current_view_rate: round(current.rate * 100, 1),
        predicted_view_rate: round(predicted.rate * 100, 1),
        predicted_view_rate_low: round(predicted.low * 100, 1),
        extra_viewable_impressions: this.extra(current, predicted),
      },
      evidence: { pageviews: this.n, impressions },
      confidence: this.confidence(),
    };
  }

  /** The better of moving the unit to a content break and giving it another format, if either clears MIN_GAIN. */
  private moveOrFormat(unit: UnitEvidence): Recommendation | undefined {
    const current = this.measured(unit);
    const { device } = this.evidence;
    const layout = this.evidence.layout;
    type Option = { rect: Rect; predicted: Interval; kind: 'move' | 'format'; format?: AdFormat };
    const options: Option[] = [];
    const consider = (rect: Rect, kind: 'move' | 'format', format?: AdFormat) => {
      if (!this.fits(rect, unit.adUnitId)) return;
      const predicted = this.predict(rect);
      if (predicted.low - current.high >= MIN_GAIN) options.push({ rect, predicted, kind, format });
    };
    const { column } = columnOf(this.evidence, unit.rect);
    if (layout && column !== 'sidebar' && unit.rect.width <= layout.column.width) {
      for (const y of layout.breaks) consider(atBreak(layout, y, unit.rect), 'move');
    }
    for (const format of alternativeFormats(this.evidence, unit)) consider(resized(unit.rect, format), 'format', format);
    if (options.length === 0) return undefined;
    // Of the places about as good as the best, the nearest to where the unit is now: the smallest change to the page.
    const top = Math.max(...options.map((option) => option.predicted.rate));
    const distance = (option: Option) => Math.abs(option.rect.y - unit.rect.y) + (option.kind === 'format' ? 0 : 1);
    const choice = options.filter((option) => option.predicted.rate >= top - NEAR_BEST).sort((a, b) => distance(a) - distance(b))[0] as Option;
    this.placed.set(unit.adUnitId, choice.rect);
    const name = unit.name;
    const currentFormat = formatName(unit.rect.width, unit.rect.height);
    const at = (rect: Rect) => ({ x: Math.round(rect.x), y: Math.round(rect.y) });
    if (choice.kind === 'move') {
      return {
        ...this.base(
          `move_ad_unit:${this.evidence.pageId}:${this.evidence.device}:${unit.adUnitId}`,
          `Only ${percent(current.rate)} of ${device} readers see this unit for a second; at ${pixels(choice.rect.y)}, ${percent(choice.predicted.rate)} do.`,
          choice.rect,
          current,
          choice.predicted,
          unit.impressions,
        ),
        type: 'move_ad_unit',
        ad_unit_id: unit.adUnitId,
        ad_unit_name: name,
        current_position: at(unit.rect),
        recommended_position: at(choice.rect),
      };
    }
    const format = choice.format as AdFormat;
    const why = format.height < unit.rect.height ? ', since half of a shorter unit is in view sooner' : '';
    return {
      ...this.base(
        `format_change:${this.evidence.pageId}:${this.evidence.device}:${unit.adUnitId}`,
        `Only ${percent(current.rate)} of ${device} readers see this ${currentFormat} for a second; a ${format.name} in its place would be seen by ${percent(choice.predicted.rate)}${why}.`,
        format,
        current,
        choice.predicted,
        unit.impressions,
      ),
      type: 'format_change',
      ad_unit_id: unit.adUnitId,
      ad_unit_name: name,
      position: at(unit.rect),
      current_format: currentFormat,
      recommended_format: format.name,
    };
  }

  /** Greedy: the best-seen content breaks first, each with the format of most value there, within the guardrails. */
  private newPlacements(): Recommendation[] {
    const layout = this.evidence.layout;
    if (!layout) return [];
    const { device } = this.evidence;
    const candidates = layout.breaks.flatMap((y) =>
      columnFormats(this.evidence).map((format) => {
        const rect = atBreak(layout, y, format);
        return { rect, format, predicted: this.predict(rect) };
      }),
    );
    candidates.sort((a, b) => b.predicted.rate * b.format.value - a.predicted.rate * a.format.value);
    const taken: Rect[] = [];
    const out: Recommendation[] = [];
    const none: Interval = { rate: 0, low: 0, high: 0 };
    for (const candidate of candidates) {
      if (out.length >= MAX_NEW_PER_PAGE) break;
      if (candidate.predicted.low < MIN_NEW_VIEW_RATE) continue;
      if (!this.fits(candidate.rect, undefined, taken) || !this.densityAllows([...taken, candidate.rect])) continue;
      taken.push(candidate.rect);
      const { rect, format, predicted } = candidate;
      const extra = this.extra(none, predicted);
      out.push({
        ...this.base(
          `new_ad_placement:${this.evidence.pageId}:${this.evidence.device}:${Math.round(rect.y)}`,
          `${percent(predicted.rate)} of ${device} readers see the break in the text at ${pixels(rect.y)} for a second and no ad is within a screen of it: a ${format.name} there would add about ${count(extra)} viewable impressions a month.`,
          format,
          none,
          predicted,
          0,
        ),
        type: 'new_ad_placement',
        position: { x: Math.round(rect.x), y: Math.round(rect.y) },
        recommended_ad_format: format.name,
      });
    }
    return out;
  }
}
