// Which recommendation a detected change carried out, and whether it delivered (issue 25). Pure.
//
// A change carries out a recommendation given for the same page and device before the change's day: a move of the
// same unit to (about) the recommended place, a format change of the same unit to the recommended format, or a unit
// appearing at (about) a recommended new place. The rendering's pixels and the tracker's medians differ a little, so a
// place matches within PLACE_TOLERANCE_PX or the unit's height. What was promised is the unit's view rate range; what
// was delivered is its view rate in the after window, judged once that window is long enough.
import type { AdviceRecordSummary, AppliedRecommendation, Change, Recommendation } from '@foldline/contracts';

export const PLACE_TOLERANCE_PX = 200;

/** What a change needs to be matched (the report's change before its recommendation is known). */
export type UnmatchedChange = Omit<Change, 'recommendation'>;

/** A recommendation as given, with the first day it was given (YYYY-MM-DD). */
export interface GivenRecommendation {
  recommendation: Recommendation;
  firstDay: string;
}

const near = (y: number, target: number, height: number) => Math.abs(y - target) <= Math.max(PLACE_TOLERANCE_PX, height);

/** Whether the change is what the recommendation asked for. */
export function carriesOut(change: UnmatchedChange, r: Recommendation): boolean {
  if (r.page_id !== change.page_id || r.device !== change.device || !change.after) return false;
  const after = change.after;
  switch (r.type) {
    case 'move_ad_unit':
      return change.kind === 'moved' && r.ad_unit_id === change.ad_unit_id && near(after.y, r.recommended_position.y, after.height);
    case 'format_change':
      return change.kind === 'format' && r.ad_unit_id === change.ad_unit_id && r.recommended_format === `${after.width}x${after.height}`;
    case 'new_ad_placement':
      return change.kind === 'appeared' && near(after.y, r.position.y, after.height);
  }
}

/** The recommendation the change carried out, with promised against delivered, or null. */
export function appliedRecommendation(change: UnmatchedChange, given: readonly GivenRecommendation[]): AppliedRecommendation | null {
  const match = given.find((g) => g.firstDay <= change.day && carriesOut(change, g.recommendation));
  if (!match) return null;
  const r = match.recommendation;
  const promised = { view_rate: r.expected.predicted_view_rate, low: r.expected.predicted_view_rate_low, high: r.expected.predicted_view_rate_high };
  const figure = change.unit.view_rate;
  const judged = figure.after !== null && figure.verdict !== 'too_short';
  const delivered = figure.after?.value ?? null;
  return {
    recommendation_id: r.id,
    type: r.type,
    reason: r.reason,
    promised,
    delivered,
    within: judged && delivered !== null ? delivered >= promised.low && delivered <= promised.high : null,
  };
}

/** "8 of 10 applied recommendations delivered within their range": the counts over the changes listed. */
export function adviceRecord(changes: readonly Change[]): AdviceRecordSummary {
  const applied = changes.flatMap((change) => (change.recommendation ? [change.recommendation] : []));
  // A recommendation carried out by a move and a format change of the same day counts once.
  const once = [...new Map(applied.map((a) => [a.recommendation_id, a])).values()];
  const judged = once.filter((a) => a.within !== null);
  return { applied: once.length, judged: judged.length, within: judged.filter((a) => a.within).length };
}
