// The recommendations engine's seen counts of settled days (days that ended over a day ago, which no beacon can reach
// any more: packages/analytics/src/recommendations/seen-days.ts), kept for every process and across restarts. A row
// holds one probe's counts for a run of days from `first_day`, one per day, scaled back from the sample. A probe asked
// about again on a later day adds a row for the days since; a row is dropped a month after its last day, when the
// 30-day window has left it. Rows a retry wrote twice say the same, so nothing is deduplicated.
export const name = '020-seen-day-counts';

export const statements = [
  `CREATE TABLE IF NOT EXISTS foldline.seen_day_counts (
    website_id UUID,
    page_id UUID,
    device LowCardinality(String),
    probe_y UInt32,
    probe_h UInt32,
    probe_share Float64,
    first_day Date,
    seen Array(Float64)
  ) ENGINE = MergeTree ORDER BY (website_id, page_id, device, probe_y, probe_h, probe_share, first_day)
    TTL addDays(first_day, length(seen) + 31)
    SETTINGS index_granularity = 8192, non_replicated_deduplication_window = 1000`,
];
