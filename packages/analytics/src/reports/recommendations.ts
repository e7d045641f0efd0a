// GET /api/analytics/recommendations: placement advice for one page (the specification's call) or every page of a
// website (the Ad Units tab), from the last 30 days' evidence, and the optimization potential it adds up to.
//
// The potential counts what the advice promises at least (DESIGN.md): each recommendation's low extra viewable
// impressions (its range's low end: sampling and calibration error), none from low-confidence ones; the dashboard's
// KPI (dashboard-kpi.ts) counts the same, so both screens give one figure.
import { MIN_RECOMMENDATION_PAGEVIEWS, pageUrl, RECOMMENDATION_WINDOW_DAYS, REFERENCE_WIDTHS, type AdviceValues, type DeviceType, type RecommendationsResponse } from '@foldline/contracts';
import { byGain, contentLayout, layoutFromOutline, enoughReaders, probeKey, probesFor, recommendForWebsite, type PageDeviceEvidence, type PageResult, type RecommendOptions, type SiteInput } from '@foldline/recommendations';
import type { Recommendation } from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import type { TimeWindow } from '../query.ts';
import { adviceOptionsOf, websiteAdvice } from '../recommendations/advice-settings.ts';
import { remembered, renewed } from '../recommendations/analysis-cache.ts';
import { keepMeasuredValues, type MeasuredValues } from '../recommendations/measured-values.ts';
import { recordsById, stands, type AdviceRecord } from '../recommendations/records.ts';
import { readTraffic, readUnitOutcomes } from '../recommendations/evidence-reader.ts';
import { seenCounts } from '../recommendations/seen-days.ts';
import { unitKey, unitsSinceTheirChange } from '../recommendations/unit-changes.ts';
import { adUnitsInScope, pageInScope, pagesOfWebsites, websitesInScope, type ScopedPage } from '../scope.ts';
import type { RenderedLayout } from './heatmap.ts';

/** The page (of the website) as rendered on a device, or why it cannot be had now, in plain words (no capture yet,
 * browser missing, page down); never throws. */
export type LayoutLookup = (url: string, device: DeviceType, websiteId: string) => Promise<RenderedLayout | { unavailable: string; pending?: boolean }>;

export interface Analysis {
  window: TimeWindow;
  results: PageResult[];
  recommendations: Recommendation[];
  /** Viewable impressions of every unit on the pages analysed, in the window, and per page. */
  viewable: number;
  viewableByPage: Map<string, number>;
  /** False when a rendering was still under way: the answer will improve on the next look. */
  complete: boolean;
  /** What the website's format values were (its Settings, its measured viewable eCPM, the defaults): a website's
   * analysis only. */
  values?: AdviceValues;
}

const DAY = 86_400_000;

/** Whether a recommendation counts in the optimization potential: low-confidence advice promises nothing. */
export const countsForPotential = (recommendation: Recommendation) => recommendation.confidence !== 'low';

/** The extra viewable impressions over the window a recommendation promises at least: the low end of its range
 * (never below zero: a format change may trade impressions for value), or nothing at low confidence. */
export const promisedExtra = (recommendation: Recommendation) =>
  countsForPotential(recommendation) ? Math.max(0, recommendation.expected.extra_viewable_impressions_low) : 0;

export function recommendationWindow(now: Date): TimeWindow {
  return { start: new Date(now.getTime() - RECOMMENDATION_WINDOW_DAYS * DAY), end: now };
}

/** The engine over a set of pages: evidence from the event store and the pages' renderings, then the model, on each
 * website's own format values and density limit (`options` by website id; read from its settings when not given). */
export async function analysePages(
  context: AnalyticsContext,
  pages: readonly ScopedPage[],
  layoutOf: LayoutLookup,
  options?: ReadonlyMap<string, RecommendOptions>,
): Promise<Analysis> {
  const window = recommendationWindow(context.now);
  const websiteIds = [...new Set(pages.map((page) => page.website_id))];
  const pageIds = pages.map((page) => page.id);
  const [traffic, outcomes, changed, units, optionsOf] = await Promise.all([
    readTraffic(context.events, websiteIds, pageIds, window),
    readUnitOutcomes(context.events, websiteIds, pageIds, window),
    unitsSinceTheirChange(context.events, websiteIds, pageIds, window),
    adUnitsInScope(context.db, { websiteIds }),
    options ?? adviceOptionsOf(context.db, websiteIds),
  ]);
  const pageById = new Map(pages.map((page) => [page.id, page]));
  const unitById = new Map(units.map((unit) => [unit.id, unit]));
  const viewable = outcomes.reduce((sum, outcome) => sum + outcome.viewable, 0);
  const viewableByPage = new Map<string, number>();
  for (const outcome of outcomes) viewableByPage.set(outcome.pageId, (viewableByPage.get(outcome.pageId) ?? 0) + outcome.viewable);

  // Only pages with enough readers on a device are rendered and measured; the others are reported as too small.
  let complete = true;
  const evidence = await Promise.all(
    traffic.map(async (entry): Promise<PageDeviceEvidence> => {
      const page = pageById.get(entry.pageId) as ScopedPage;
      const lookup = enoughReaders(entry.pageviews) ? await layoutOf(pageUrl(page.origin, page.domain, page.url_path), entry.device, page.website_id) : { unavailable: 'Not rendered' };
      const rendered = 'unavailable' in lookup ? undefined : lookup;
      if ('unavailable' in lookup && lookup.pending) complete = false;
      const pageUnits = outcomes
        .filter((outcome) => outcome.pageId === entry.pageId && outcome.device === entry.device)
        .flatMap((outcome) => {
          const unit = unitById.get(outcome.adUnitId);
          if (!unit) return [];
          // Across: where the rendering put the unit's element on this device (under the tracker's selector, else under
          // its slot key), else where the tracker last saw it.
          const box = rendered?.elements[unit.position_selector] ?? rendered?.elements[`slot:${unit.slot_key}`];
          // A unit that moved or changed format in the window is what it has done since (unit-changes.ts).
          const since = changed.get(unitKey(outcome.pageId, outcome.adUnitId, outcome.device));
          const measured = since ?? outcome;
          return [
            {
              adUnitId: unit.id,
              name: unit.name,
              rect: { x: box ? box[0] : unit.position_x, y: measured.y, width: measured.width, height: measured.height },
              impressions: measured.impressions,
              viewable: measured.viewable,
              ...(since ? { pageviews: since.pageviews } : {}),
            },
          ];
        });
      return {
        pageId: page.id,
        pageTitle: page.title,
        device: entry.device,
        pageviews: entry.pageviews,
        viewportHeight: entry.viewportHeight,
        pageWidth: REFERENCE_WIDTHS[entry.device],
        notRendered: 'unavailable' in lookup ? lookup.unavailable : undefined,
        // The outline names places in the content; renderings taken before it was recorded fall back to the element map.
        layout: rendered ? (rendered.outline ? layoutFromOutline(rendered.outline) : rendered.outline === undefined ? contentLayout(rendered.elements) : undefined) : undefined,
        units: pageUnits,
      };
    }),
  );

  const measured = evidence.filter((e) => enoughReaders(e.pageviews));
  const counts = await seenCounts(
    context.events,
    websiteIds,
    measured.map((e) => ({ websiteId: pageById.get(e.pageId)!.website_id, pageId: e.pageId, device: e.device, pageviews: e.pageviews, probes: probesFor(e) })),
    window,
  );
  const seen = new Map<string, Map<string, number>>();
  for (const count of counts) {
    const key = `${count.pageId} ${count.device}`;
    const map = seen.get(key) ?? new Map<string, number>();
    map.set(probeKey(count.probe), count.seen);
    seen.set(key, map);
  }

  // Each website calibrates its own pages (pooled per device), so one site's layout never corrects another's.
  const results: PageResult[] = [];
  const recommendations: Recommendation[] = [];
  for (const websiteId of websiteIds) {
    const inputs: SiteInput[] = evidence
      .filter((e) => pageById.get(e.pageId)?.website_id === websiteId)
      .map((e) => ({ evidence: e, seen: seen.get(`${e.pageId} ${e.device}`) ?? new Map() }));
    const site = recommendForWebsite(inputs, optionsOf.get(websiteId));
    results.push(...site.results);
    recommendations.push(...site.recommendations);
  }
  recommendations.sort(byGain);
  results.sort((a, b) => b.analysis.pageviews - a.analysis.pageviews);
  return { window, results, recommendations, viewable, viewableByPage, complete };
}

/** analysePages for one website's pages, remembered (see analysis-cache.ts): the one answer every screen reads — the
 * dashboard's KPIs, the website's Ad Units tab and each page's analytics — so they never disagree. The website's
 * advice settings are read on every look, its measured values taken as the background advice last read them
 * (measured-values.ts), and the answer is remembered under both: one computed on other values — before a change of
 * the settings, in this process or another, or before the measured values were read again — is never given. */
export async function analyseWebsite(context: AnalyticsContext, websiteId: string, layoutOf: LayoutLookup, options: RenewOptions = {}): Promise<Analysis> {
  const [analysis, records] = await Promise.all([computedAnalysis(context, websiteId, layoutOf, options), recordsById(context.db, websiteId)]);
  return standingAnalysis(analysis, records);
}

interface RenewOptions {
  /** Computed afresh and kept (the background advice), while looks are given the answer kept before. */
  renew?: boolean;
  /** With renew: measured values just read, the answer computed on them, and both kept for the looks together. */
  measured?: MeasuredValues | undefined;
}

/** The engine's answer before the publisher's applied and dismissed recommendations are taken out (records.ts): what
 * the background advice records as given. */
export async function computedAnalysis(context: AnalyticsContext, websiteId: string, layoutOf: LayoutLookup, { renew = false, measured }: RenewOptions = {}): Promise<Analysis> {
  const given = renew ? measured : undefined;
  const { options, values } = await websiteAdvice(context, websiteId, given);
  return (renew ? renewed : remembered)(
    context.events,
    websiteAnalysisKey(websiteId),
    context.now.getTime(),
    async () => {
      const analysis = { ...(await analysePages(context, await pagesOfWebsites(context.db, [websiteId]), layoutOf, new Map([[websiteId, options]]))), values };
      // Looks take the new values from here on, and with them this answer (kept in the same turn, before any look
      // can ask for it; one that does in between joins this computation, which has just finished).
      if (given) keepMeasuredValues(context, websiteId, given);
      return analysis;
    },
    JSON.stringify({ options, values }),
  );
}

/** An analysis without the recommendations the publisher applied or dismissed (unless changed materially since). */
function standingAnalysis(analysis: Analysis, records: ReadonlyMap<string, AdviceRecord>): Analysis {
  if (records.size === 0) return analysis;
  const keep = (recommendation: Recommendation) => stands(recommendation, records);
  return {
    ...analysis,
    results: analysis.results.map((result) => ({ ...result, recommendations: result.recommendations.filter(keep) })),
    recommendations: analysis.recommendations.filter(keep),
  };
}

export const websiteAnalysisKey = (websiteId: string) => `website ${websiteId}`;

/** The part of a website's analysis that is about one page. */
function ofPage(analysis: Analysis, pageId: string): Analysis {
  return {
    ...analysis,
    results: analysis.results.filter((result) => result.analysis.page_id === pageId),
    recommendations: analysis.recommendations.filter((r) => r.page_id === pageId),
    viewable: analysis.viewableByPage.get(pageId) ?? 0,
  };
}

export async function recommendations(
  context: AnalyticsContext,
  params: { pageId?: string | undefined; websiteId?: string | undefined },
  layoutOf: LayoutLookup,
): Promise<RecommendationsResponse> {
  let analysis: Analysis;
  if (params.pageId) {
    const page = await pageInScope(context.db, context.userId, params.pageId);
    analysis = ofPage(await analyseWebsite(context, page.website_id, layoutOf), page.id);
  } else {
    // Answers 404 for a website that is not the user's; the query's schema makes sure one of the two ids is given.
    const [website] = await websitesInScope(context.db, context.userId, params.websiteId);
    analysis = await analyseWebsite(context, website!.id, layoutOf);
  }
  const extra = analysis.recommendations.reduce((sum, r) => sum + promisedExtra(r), 0);
  return {
    recommendations: analysis.recommendations,
    meta: {
      window: { start: analysis.window.start.toISOString(), end: analysis.window.end.toISOString() },
      min_pageviews: MIN_RECOMMENDATION_PAGEVIEWS,
      pages: analysis.results.map((result) => result.analysis),
      extra_viewable_impressions: extra,
      viewable_impressions: analysis.viewable,
      optimization_potential: analysis.viewable === 0 ? 0 : (extra / analysis.viewable) * 100,
      ...(analysis.values ? { values: analysis.values } : {}),
    },
  };
}

/** The figure the dashboard's history keeps for a website's analysis: what it promises at least, over what it has. */
export function potentialFigure(analysis: Analysis): { extraViewable: number; viewable: number } {
  return { extraViewable: analysis.recommendations.reduce((sum, r) => sum + promisedExtra(r), 0), viewable: analysis.viewable };
}
