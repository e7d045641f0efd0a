// PUT /api/analytics/recommendations/status (issue 25): the publisher marks a recommendation applied, dismisses it with
// a reason, or opens it again. It must be advice the page gives now or has given (a record): its id names its page,
// which must be the user's.
import type { Recommendation, RecommendationStatusBody, RecommendationStatusResponse } from '@foldline/contracts';
import { recommendationRecords, setRecommendationStatus } from '@foldline/metadata/recommendation-records/recommendation-records.repository';
import type { AnalyticsContext } from '../context.ts';
import { NotFoundError, pageInScope } from '../scope.ts';
import { computedAnalysis, type LayoutLookup } from './recommendations.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function setRecommendationStatusOf(context: AnalyticsContext, body: RecommendationStatusBody, layoutOf: LayoutLookup): Promise<RecommendationStatusResponse> {
  // The engine's ids are 'kind:page:device:…' (recommend.ts).
  const pageId = body.id.split(':')[1] ?? '';
  if (!UUID.test(pageId)) throw new NotFoundError('Recommendation not found');
  const page = await pageInScope(context.db, context.userId, pageId);
  const [given] = await recommendationRecords<Recommendation>(context.db, page.website_id, body.id);
  const recommendation = given?.recommendation ?? (await computedAnalysis(context, page.website_id, layoutOf)).recommendations.find((r) => r.id === body.id);
  if (!recommendation) throw new NotFoundError('Recommendation not found');
  const at = context.now.toISOString();
  const reason = body.status === 'dismissed' ? (body.reason ?? null) : null;
  await setRecommendationStatus(context.db, page.website_id, recommendation, body.status, reason, at);
  return { id: body.id, status: body.status, reason, status_at: at };
}
