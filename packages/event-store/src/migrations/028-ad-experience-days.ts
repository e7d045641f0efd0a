// The ad experience's counts of settled days (issue 24): per day, page, slot and device what only an ad unit's raw ad
// events tell — fill, time in view, refreshes, creative heights, the layout shift it caused — and per day, page and
// device the page's layout shift from ads and from the rest. A day that ended longer ago than a beacon's oldest event
// takes no more events, so it is counted once, for the whole website, and kept: page analytics' Ad experience card
// and the Ad Units tab's time in view and layout shift then read a few kept rows per day and only the open days' raw
// events (packages/analytics/src/reports/ad-days.ts writes and reads it).
//
// - Unit rows: the slot's ad_unit_id, sums per impression and per pageview of the slot, and histograms (keys and
//   counts) of creative heights and of the non-zero shifts (in ten-thousandths, the precision the screens show), from
//   which a 75th percentile over many days is exact: the zeros are the measured pageviews the histogram lacks.
// - Page rows: ad_unit_id zero; pageviews, measured pageviews, histograms of the shift from ads and from the rest.
// - A marker row per counted day (page_id and ad_unit_id zero, device ''): the day was counted for the website.
// Two processes may count the same day at once and both write: a read takes one row per key (LIMIT 1 BY), so nothing
// counts twice. Rows go a year and a month after their day, when no period reaches them. Frozen in time.
export const name = '028-ad-experience-days';

export const statements = [
  `CREATE TABLE IF NOT EXISTS foldline.ad_experience_days (
    website_id UUID,
    ad_unit_id UUID,
    page_id UUID,
    device LowCardinality(String),
    day Date,
    impressions UInt64,
    impression_rows UInt64,
    empty UInt64,
    in_view_ms Float64,
    in_view_all_ms Float64,
    viewable UInt64,
    viewable_in_view_ms Float64,
    long_views UInt64,
    pageviews UInt64,
    renders UInt64,
    unseen_refreshes Int64,
    heights Array(UInt32),
    height_counts Array(UInt64),
    measured UInt64,
    shifting UInt64,
    shifts Array(UInt32),
    shift_counts Array(UInt64),
    other_shifts Array(UInt32),
    other_counts Array(UInt64)
  ) ENGINE = MergeTree PARTITION BY toYYYYMM(day) ORDER BY (website_id, ad_unit_id, page_id, device, day)
    TTL addDays(day, 400)
    SETTINGS index_granularity = 1024`,
];
