// What every analytics report needs: both stores, the signed-in user and the instant "now" the periods end at.
import type { EventStore } from '@foldline/event-store';
import type { MetadataDb } from '@foldline/metadata';

export interface AnalyticsContext {
  db: MetadataDb;
  events: EventStore;
  userId: string;
  now: Date;
}

/** Change against the previous period as a relative percent; null when the previous period had none, since a change
 * from nothing is no percentage (not '+100 %'). */
export function relativeChange(current: number, previous: number): number | null {
  return previous === 0 ? null : ((current - previous) / previous) * 100;
}

export const ratio = (numerator: number, denominator: number, scale = 100): number =>
  denominator === 0 ? 0 : (numerator / denominator) * scale;
