// The advice the demo's publisher follows (issue 25). The demo's history carries out one of the engine's own
// recommendations partway (packages/demo/src/site/layout-changes.ts); on the evening before that day, the seed asks the
// engine for its advice on the evidence written so far and keeps the recommendation the change carries out in the
// advice's record (recommendation_records), as the background advice would have kept it that evening: what it
// promised, first given before the change. The Changes screens then match the change detected in the history to it
// with the product's own rules, promised against delivered.
//
// The engine reads the pages from the demo's layout model (the replay test's way), not from renderings: the pages as
// they were before the change are no longer served, and no rendering exists while the seed runs.
import { analysePages, type LayoutLookup } from '@foldline/analytics';
import { pagesOfWebsites } from '@foldline/analytics/scope';
import { REFERENCE_WIDTHS, type Recommendation } from '@foldline/contracts';
import { elementMap, layoutPage } from '@foldline/demo/site/layout';
import { planOnDay, type LayoutChange } from '@foldline/demo/site/layout-changes';
import { planByPath } from '@foldline/demo/site/page-plan';
import { recordRecommendations } from '@foldline/metadata/recommendation-records/recommendation-records.repository';
import type { FastifyInstance } from 'fastify';

/** The engine's advice at `at`, a moment of the day `daysBeforeEnd` days before the history's end, on the evidence
 * stored by then and every page as it was laid out that day. */
async function adviceOnDay(app: FastifyInstance, owner: { userId: string; websiteId: string }, at: number, daysBeforeEnd: number) {
  const layoutOf: LayoutLookup = async (url, device) => {
    const plan = planByPath(new URL(url).pathname);
    if (!plan) return { unavailable: 'Not a page of the demo site' };
    return elementMap(layoutPage(planOnDay(plan, daysBeforeEnd), REFERENCE_WIDTHS[device]));
  };
  const pages = await pagesOfWebsites(app.metadata.db, [owner.websiteId]);
  return { pages, analysis: await analysePages({ db: app.metadata.db, events: app.events, userId: owner.userId, now: new Date(at) }, pages, layoutOf) };
}

/**
 * Records the recommendation the change carries out, as the engine gives it at `at` (the evening before the change's
 * day, whose events are not stored yet): the same kind of change on the same page, device and unit. Returns it, or
 * undefined when the engine gives no such advice then (too few readers yet, in a short history).
 */
export async function recordAdviceBefore(app: FastifyInstance, owner: { userId: string; websiteId: string }, change: LayoutChange, at: number): Promise<Recommendation | undefined> {
  const { pages, analysis } = await adviceOnDay(app, owner, at, change.daysBeforeEnd + 1);
  const page = pages.find((p) => p.url_path === change.path);
  if (!page) return undefined;
  const { edit } = change;
  const unitKey = edit.type === 'new_ad_placement' ? undefined : edit.unit;
  const unit = unitKey === undefined ? undefined : await app.metadata.db.selectFrom('ad_units').select('id').where('page_id', '=', page.id).where('slot_key', '=', unitKey).executeTakeFirst();
  const given = analysis.recommendations.find(
    (r) => r.page_id === page.id && r.device === edit.device && r.type === edit.type && (r.type === 'new_ad_placement' || r.ad_unit_id === unit?.id),
  );
  if (given) await recordRecommendations(app.metadata.db, owner.websiteId, [given], new Date(at).toISOString());
  return given;
}
