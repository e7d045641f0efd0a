// The record of each website's advice (migration 2026-11-26T0100): the background advice keeps every recommendation it
// gives (what it promised, last given when); the publisher marks one applied or dismisses it with a reason. A record
// that is no longer open keeps the snapshot it had then, so a dismissal is weighed against what was dismissed and an
// applied recommendation against what was promised.
import type { MetadataDb } from '../database.ts';
import type { RecommendationRecordsTable } from '../tables.ts';

export type RecommendationStatus = RecommendationRecordsTable['status'];

/** What a record needs of a recommendation: its id, page and device, and itself as JSON. */
export interface RecordedRecommendation {
  id: string;
  page_id: string;
  device: string;
}

export interface RecommendationRecord<R> {
  recommendationId: string;
  pageId: string;
  device: string;
  recommendation: R;
  firstSeen: string;
  lastSeen: string;
  status: RecommendationStatus;
  reason: string | null;
  statusAt: string | null;
}

/** A new record's row. */
function rowOf(websiteId: string, recommendation: RecordedRecommendation, at: string, status: RecommendationStatus, reason: string | null) {
  return {
    website_id: websiteId,
    recommendation_id: recommendation.id,
    page_id: recommendation.page_id,
    device: recommendation.device,
    snapshot: JSON.stringify(recommendation),
    first_seen: at,
    last_seen: at,
    status,
    reason,
    status_at: status === 'open' ? null : at,
  };
}

/** Keeps the recommendations given now: new ones open, open ones brought up to date; the others keep their snapshot. */
export async function recordRecommendations(db: MetadataDb, websiteId: string, recommendations: readonly RecordedRecommendation[], at: string): Promise<void> {
  for (const recommendation of recommendations) {
    await db
      .insertInto('recommendation_records')
      .values(rowOf(websiteId, recommendation, at, 'open', null))
      .onConflict((conflict) =>
        conflict
          .columns(['website_id', 'recommendation_id'])
          .doUpdateSet({ snapshot: JSON.stringify(recommendation), last_seen: at })
          .where('recommendation_records.status', '=', 'open'),
      )
      .execute();
  }
}

/** Marks a recommendation (as given now) applied, dismissed with a reason, or open again. */
export async function setRecommendationStatus(
  db: MetadataDb,
  websiteId: string,
  recommendation: RecordedRecommendation,
  status: RecommendationStatus,
  reason: string | null,
  at: string,
): Promise<void> {
  const row = rowOf(websiteId, recommendation, at, status, reason);
  await db
    .insertInto('recommendation_records')
    .values({ ...row, status_at: at })
    .onConflict((conflict) => conflict.columns(['website_id', 'recommendation_id']).doUpdateSet({ snapshot: row.snapshot, status, reason, status_at: at }))
    .execute();
}

/** A website's records, or one of them; `R` is the recommendation's type (the contracts' Recommendation). */
export async function recommendationRecords<R>(db: MetadataDb, websiteId: string, recommendationId?: string): Promise<RecommendationRecord<R>[]> {
  let query = db.selectFrom('recommendation_records').selectAll().where('website_id', '=', websiteId);
  if (recommendationId !== undefined) query = query.where('recommendation_id', '=', recommendationId);
  const rows = await query.orderBy('first_seen').execute();
  return rows.map((row) => ({
    recommendationId: row.recommendation_id,
    pageId: row.page_id,
    device: row.device,
    recommendation: JSON.parse(row.snapshot) as R,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    status: row.status,
    reason: row.reason,
    statusAt: row.status_at,
  }));
}

/** Forgets a website's records: its data was cleared, and the advice given on it. */
export async function deleteRecommendationRecordsOfWebsite(db: MetadataDb, websiteId: string): Promise<void> {
  await db.deleteFrom('recommendation_records').where('website_id', '=', websiteId).execute();
}
