// The seen counts of probes on a page as it would reflow (packages/recommendations/src/evidence.ts, Probe): where the
// page would reflow and by how much are part of what a count is of. Rows written before have neither (-1 and 0): the
// page as it is.
export const name = '022-seen-day-reflow';

export const statements = [
  `ALTER TABLE foldline.seen_day_counts ADD COLUMN IF NOT EXISTS probe_cut Int64 DEFAULT -1, ADD COLUMN IF NOT EXISTS probe_lift Int64 DEFAULT 0`,
];
