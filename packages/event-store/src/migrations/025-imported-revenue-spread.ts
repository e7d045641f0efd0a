// The ad servers' imported revenue (metadata's revenue_days) as the reports count it, spread over the impressions of
// each unit-day by page and device, kept here so that a report reads it with one short statement instead of joining
// the imported days with every slot's impressions on every call (that join took 60 to 200 ms at 10 M events).
// packages/analytics/src/revenue/imported-spread.ts writes and reads it.
//
// - version: the import state the rows were spread from (the website, its imports' count and latest time, and the
//   hour for recent days, whose impressions may still arrive). A read takes only its website's current version; rows
//   of older ones are deleted once a newer one is written.
// - writer: one write of a version. Two processes may spread the same version at once; each write ends with a marker
//   row (day 1970-01-01), and a process reads the rows of one finished writer only, so nothing counts twice.
// - grain and key_id: each unit-day is written three times, summed per website (key_id the website), per page and
//   device (the page) and per slot and device (the slot), so each report reads only rows of its own keys, in key order:
//   a website's total reads a row per day. A unit-day without measured impressions (nothing to spread over) has no
//   page: it is in the website's rows, and in the slot rows with a zero key_id and its unit's key in unit_key.
// Frozen in time.
export const name = '025-imported-revenue-spread';

export const statements = [
  `CREATE TABLE IF NOT EXISTS foldline.imported_revenue_spread (
    website_id UUID,
    version String,
    writer UUID,
    grain LowCardinality(String),
    key_id UUID,
    day Date,
    page_id UUID,
    device LowCardinality(String),
    unit_key String,
    currency LowCardinality(String),
    revenue Float64
  ) ENGINE = MergeTree ORDER BY (website_id, version, writer, grain, key_id, day, page_id, device, unit_key, currency) SETTINGS index_granularity = 1024`,
];
