// What became of the advice (issue 25): the recommendations a publisher applied or dismissed leave the list and the
// optimization potential. A dismissed one comes back only when the evidence changed materially: it now promises at
// least more than it promised at most when it was dismissed, or it names another place or format. (A detected change
// that carries a recommendation out is matched in the changes report: the page then no longer gives that advice.)
import type { Recommendation } from '@foldline/contracts';
import { recommendationRecords, type RecommendationRecord } from '@foldline/metadata/recommendation-records/recommendation-records.repository';
import type { MetadataDb } from '@foldline/metadata';

export type AdviceRecord = RecommendationRecord<Recommendation>;

/** A move further than this from the dismissed place is other advice. */
const OTHER_PLACE_PX = 200;

/** Whether advice given now differs enough from what was dismissed to be shown again. */
export function materiallyChanged(now: Recommendation, dismissed: Recommendation): boolean {
  if (now.expected.value_gain_low > dismissed.expected.value_gain_high) return true;
  if (now.type === 'move_ad_unit' && dismissed.type === 'move_ad_unit') return Math.abs(now.recommended_position.y - dismissed.recommended_position.y) > OTHER_PLACE_PX;
  if (now.type === 'format_change' && dismissed.type === 'format_change') return now.recommended_format !== dismissed.recommended_format;
  return now.type !== dismissed.type;
}

/** Whether a recommendation given now still stands, given the website's records by id. */
export function stands(recommendation: Recommendation, records: ReadonlyMap<string, AdviceRecord>): boolean {
  const record = records.get(recommendation.id);
  if (!record || record.status === 'open') return true;
  if (record.status === 'applied') return false;
  return materiallyChanged(recommendation, record.recommendation);
}

export async function recordsById(db: MetadataDb, websiteId: string): Promise<Map<string, AdviceRecord>> {
  return new Map((await recommendationRecords<Recommendation>(db, websiteId)).map((record) => [record.recommendationId, record]));
}
