// What every analytics report needs: both stores, the signed-in user and the instant "now" the periods end at.
import type { EventStore } from '@foldline/event-store';
import type { MetadataDb } from '@foldline/metadata';

export interface AnalyticsContext {
  db: MetadataDb;
  events: EventStore;
  userId: string;
  now: Date;
}

/** Change against the previous period as a relative percent; from nothing to something counts as +100 %. */
export function relativeChange(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return ((current - previous) / previous) * 100;
}

export const ratio = (numerator: number, denominator: number, scale = 100): number =>
  denominator === 0 ? 0 : (numerator / denominator) * scale;
