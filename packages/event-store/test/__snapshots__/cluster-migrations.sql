CREATE DATABASE IF NOT EXISTS foldline ON CLUSTER 'analytics';

CREATE TABLE IF NOT EXISTS foldline.schema_migrations ON CLUSTER 'analytics' (name String, applied_at DateTime64(3, 'UTC')) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/all', '{shard}-{replica}') ORDER BY name;

CREATE TABLE IF NOT EXISTS foldline.schema_migrations_lock ON CLUSTER 'analytics' (token String, kind LowCardinality(String), owner String, at DateTime64(3, 'UTC') DEFAULT now64(3)) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/all', '{shard}-{replica}') ORDER BY (token, at) SETTINGS replicated_deduplication_window = 1000;

SYSTEM SYNC REPLICA foldline.schema_migrations;

SYSTEM SYNC REPLICA foldline.schema_migrations_lock;

SYSTEM SYNC REPLICA foldline.schema_migrations;

SYSTEM SYNC REPLICA foldline.schema_migrations_lock;

SYSTEM SYNC REPLICA foldline.schema_migrations;

CREATE TABLE IF NOT EXISTS foldline.pageviews_local ON CLUSTER 'analytics' (
  website_id UUID,
  ts DateTime64(3, 'UTC'),
  page_id UUID,
  pageview_id UUID,
  session_id UUID,
  device LowCardinality(String),
    visitor_id UInt64,
    url_path String,
    title String,
    referrer_host LowCardinality(String),
    utm_source LowCardinality(String),
    utm_medium LowCardinality(String),
    utm_campaign String,
    browser LowCardinality(String),
    os LowCardinality(String),
    viewport_w UInt16,
    viewport_h UInt16,
    doc_h UInt32
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(ts) ORDER BY (website_id, toDate(ts), page_id, ts) SETTINGS index_granularity = 8192;

CREATE TABLE IF NOT EXISTS foldline.pageviews ON CLUSTER 'analytics' AS foldline.pageviews_local ENGINE = Distributed('analytics', foldline, pageviews_local, cityHash64(website_id));

CREATE TABLE IF NOT EXISTS foldline.engagement_local ON CLUSTER 'analytics' (
  website_id UUID,
  ts DateTime64(3, 'UTC'),
  page_id UUID,
  pageview_id UUID,
  session_id UUID,
  device LowCardinality(String),
    engaged_ms UInt32,
    max_scroll_pct UInt8,
    doc_h UInt32
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(ts) ORDER BY (website_id, toDate(ts), page_id, ts) SETTINGS index_granularity = 8192;

CREATE TABLE IF NOT EXISTS foldline.engagement ON CLUSTER 'analytics' AS foldline.engagement_local ENGINE = Distributed('analytics', foldline, engagement_local, cityHash64(website_id));

CREATE TABLE IF NOT EXISTS foldline.viewport_spans_local ON CLUSTER 'analytics' (
  website_id UUID,
  ts DateTime64(3, 'UTC'),
  page_id UUID,
  pageview_id UUID,
  session_id UUID,
  device LowCardinality(String),
    scroll_y UInt32,
    viewport_h UInt16,
    doc_h UInt32,
    duration_ms UInt32
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(ts) ORDER BY (website_id, page_id, device, ts) SETTINGS index_granularity = 8192;

CREATE TABLE IF NOT EXISTS foldline.viewport_spans ON CLUSTER 'analytics' AS foldline.viewport_spans_local ENGINE = Distributed('analytics', foldline, viewport_spans_local, cityHash64(website_id));

CREATE TABLE IF NOT EXISTS foldline.clicks_local ON CLUSTER 'analytics' (
  website_id UUID,
  ts DateTime64(3, 'UTC'),
  page_id UUID,
  pageview_id UUID,
  session_id UUID,
  device LowCardinality(String),
    viewport_w UInt16,
    doc_h UInt32,
    x UInt32,
    y UInt32,
    selector String,
    offset_x Float32,
    offset_y Float32
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(ts) ORDER BY (website_id, page_id, device, ts) SETTINGS index_granularity = 8192;

CREATE TABLE IF NOT EXISTS foldline.clicks ON CLUSTER 'analytics' AS foldline.clicks_local ENGINE = Distributed('analytics', foldline, clicks_local, cityHash64(website_id));

CREATE TABLE IF NOT EXISTS foldline.attention_local ON CLUSTER 'analytics' (
  website_id UUID,
  ts DateTime64(3, 'UTC'),
  page_id UUID,
  pageview_id UUID,
  session_id UUID,
  device LowCardinality(String),
    viewport_w UInt16,
    x UInt32,
    y UInt32,
    weight_ms UInt32
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(ts) ORDER BY (website_id, page_id, device, ts) SETTINGS index_granularity = 8192;

CREATE TABLE IF NOT EXISTS foldline.attention ON CLUSTER 'analytics' AS foldline.attention_local ENGINE = Distributed('analytics', foldline, attention_local, cityHash64(website_id));

CREATE TABLE IF NOT EXISTS foldline.ad_events_local ON CLUSTER 'analytics' (
  website_id UUID,
  ts DateTime64(3, 'UTC'),
  page_id UUID,
  pageview_id UUID,
  session_id UUID,
  device LowCardinality(String),
    ad_unit_id UUID,
    impression_id UUID,
    kind LowCardinality(String),
    in_view_ms UInt32,
    max_in_view_pct UInt8,
    width UInt16,
    height UInt16,
    position_y UInt32
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(ts) ORDER BY (website_id, toDate(ts), ad_unit_id, ts) SETTINGS index_granularity = 8192;

CREATE TABLE IF NOT EXISTS foldline.ad_events ON CLUSTER 'analytics' AS foldline.ad_events_local ENGINE = Distributed('analytics', foldline, ad_events_local, cityHash64(website_id));

CREATE TABLE IF NOT EXISTS foldline.ad_stats_hourly_local ON CLUSTER 'analytics' (
    website_id UUID,
    hour DateTime('UTC'),
    page_id UUID,
    ad_unit_id UUID,
    device LowCardinality(String),
    impressions UInt64,
    viewable UInt64,
    clicks UInt64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(hour) ORDER BY (website_id, hour, page_id, ad_unit_id, device) SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.ad_stats_hourly ON CLUSTER 'analytics' AS foldline.ad_stats_hourly_local ENGINE = Distributed('analytics', foldline, ad_stats_hourly_local, cityHash64(website_id));

INSERT INTO foldline.ad_stats_hourly SELECT website_id, toStartOfHour(ts) AS hour, page_id, ad_unit_id, device,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks
  FROM foldline.ad_events
  GROUP BY website_id, hour, page_id, ad_unit_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.ad_stats_hourly_mv ON CLUSTER 'analytics' TO foldline.ad_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, ad_unit_id, device,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks
  FROM foldline.ad_events_local
  GROUP BY website_id, hour, page_id, ad_unit_id, device;

CREATE TABLE IF NOT EXISTS foldline.page_events_hourly_local ON CLUSTER 'analytics' (
    website_id UUID,
    hour DateTime('UTC'),
    page_id UUID,
    device LowCardinality(String),
    events UInt64,
    pageviews UInt64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(hour) ORDER BY (website_id, hour, page_id, device) SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.page_events_hourly ON CLUSTER 'analytics' AS foldline.page_events_hourly_local ENGINE = Distributed('analytics', foldline, page_events_hourly_local, cityHash64(website_id));

INSERT INTO foldline.page_events_hourly SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    count() AS pageviews
  FROM foldline.pageviews
  GROUP BY website_id, hour, page_id, device;

INSERT INTO foldline.page_events_hourly SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.engagement
  GROUP BY website_id, hour, page_id, device;

INSERT INTO foldline.page_events_hourly SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.viewport_spans
  GROUP BY website_id, hour, page_id, device;

INSERT INTO foldline.page_events_hourly SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.clicks
  GROUP BY website_id, hour, page_id, device;

INSERT INTO foldline.page_events_hourly SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.attention
  GROUP BY website_id, hour, page_id, device;

INSERT INTO foldline.page_events_hourly SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.ad_events
  GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_hourly_pageviews_mv ON CLUSTER 'analytics' TO foldline.page_events_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    count() AS pageviews
  FROM foldline.pageviews_local
  GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_hourly_engagement_mv ON CLUSTER 'analytics' TO foldline.page_events_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.engagement_local
  GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_hourly_viewport_spans_mv ON CLUSTER 'analytics' TO foldline.page_events_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.viewport_spans_local
  GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_hourly_clicks_mv ON CLUSTER 'analytics' TO foldline.page_events_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.clicks_local
  GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_hourly_attention_mv ON CLUSTER 'analytics' TO foldline.page_events_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.attention_local
  GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_hourly_ad_events_mv ON CLUSTER 'analytics' TO foldline.page_events_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.ad_events_local
  GROUP BY website_id, hour, page_id, device;

CREATE TABLE IF NOT EXISTS foldline.ad_stats_daily_local ON CLUSTER 'analytics' (
    website_id UUID,
    day Date,
    page_id UUID,
    ad_unit_id UUID,
    device LowCardinality(String),
    impressions UInt64,
    viewable UInt64,
    clicks UInt64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(day) ORDER BY (website_id, day, page_id, ad_unit_id, device) SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.ad_stats_daily ON CLUSTER 'analytics' AS foldline.ad_stats_daily_local ENGINE = Distributed('analytics', foldline, ad_stats_daily_local, cityHash64(website_id));

INSERT INTO foldline.ad_stats_daily SELECT website_id, toDate(ts) AS day, page_id, ad_unit_id, device,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks
  FROM foldline.ad_events
  GROUP BY website_id, day, page_id, ad_unit_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.ad_stats_daily_mv ON CLUSTER 'analytics' TO foldline.ad_stats_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, ad_unit_id, device,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks
  FROM foldline.ad_events_local
  GROUP BY website_id, day, page_id, ad_unit_id, device;

CREATE TABLE IF NOT EXISTS foldline.page_events_daily_local ON CLUSTER 'analytics' (
    website_id UUID,
    day Date,
    page_id UUID,
    device LowCardinality(String),
    events UInt64,
    pageviews UInt64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(day) ORDER BY (website_id, day, page_id, device) SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.page_events_daily ON CLUSTER 'analytics' AS foldline.page_events_daily_local ENGINE = Distributed('analytics', foldline, page_events_daily_local, cityHash64(website_id));

INSERT INTO foldline.page_events_daily SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    count() AS pageviews
  FROM foldline.pageviews
  GROUP BY website_id, day, page_id, device;

INSERT INTO foldline.page_events_daily SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.engagement
  GROUP BY website_id, day, page_id, device;

INSERT INTO foldline.page_events_daily SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.viewport_spans
  GROUP BY website_id, day, page_id, device;

INSERT INTO foldline.page_events_daily SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.clicks
  GROUP BY website_id, day, page_id, device;

INSERT INTO foldline.page_events_daily SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.attention
  GROUP BY website_id, day, page_id, device;

INSERT INTO foldline.page_events_daily SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.ad_events
  GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_daily_pageviews_mv ON CLUSTER 'analytics' TO foldline.page_events_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    count() AS pageviews
  FROM foldline.pageviews_local
  GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_daily_engagement_mv ON CLUSTER 'analytics' TO foldline.page_events_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.engagement_local
  GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_daily_viewport_spans_mv ON CLUSTER 'analytics' TO foldline.page_events_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.viewport_spans_local
  GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_daily_clicks_mv ON CLUSTER 'analytics' TO foldline.page_events_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.clicks_local
  GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_daily_attention_mv ON CLUSTER 'analytics' TO foldline.page_events_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.attention_local
  GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_daily_ad_events_mv ON CLUSTER 'analytics' TO foldline.page_events_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.ad_events_local
  GROUP BY website_id, day, page_id, device;

CREATE TABLE IF NOT EXISTS foldline.site_stats_hourly_local ON CLUSTER 'analytics' (
    website_id UUID,
    hour DateTime('UTC'),
    device LowCardinality(String),
    impressions UInt64,
    viewable UInt64,
    clicks UInt64,
    events UInt64,
    pageviews UInt64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(hour) ORDER BY (website_id, hour, device) SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.site_stats_hourly ON CLUSTER 'analytics' AS foldline.site_stats_hourly_local ENGINE = Distributed('analytics', foldline, site_stats_hourly_local, cityHash64(website_id));

INSERT INTO foldline.site_stats_hourly SELECT website_id, toStartOfHour(ts) AS hour, device,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks,
    count() AS events,
    count() AS pageviews
  FROM foldline.pageviews
  GROUP BY website_id, hour, device;

INSERT INTO foldline.site_stats_hourly SELECT website_id, toStartOfHour(ts) AS hour, device,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.engagement
  GROUP BY website_id, hour, device;

INSERT INTO foldline.site_stats_hourly SELECT website_id, toStartOfHour(ts) AS hour, device,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.viewport_spans
  GROUP BY website_id, hour, device;

INSERT INTO foldline.site_stats_hourly SELECT website_id, toStartOfHour(ts) AS hour, device,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.clicks
  GROUP BY website_id, hour, device;

INSERT INTO foldline.site_stats_hourly SELECT website_id, toStartOfHour(ts) AS hour, device,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.attention
  GROUP BY website_id, hour, device;

INSERT INTO foldline.site_stats_hourly SELECT website_id, toStartOfHour(ts) AS hour, device,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.ad_events
  GROUP BY website_id, hour, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.site_stats_hourly_pageviews_mv ON CLUSTER 'analytics' TO foldline.site_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, device,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks,
    count() AS events,
    count() AS pageviews
  FROM foldline.pageviews_local
  GROUP BY website_id, hour, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.site_stats_hourly_engagement_mv ON CLUSTER 'analytics' TO foldline.site_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, device,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.engagement_local
  GROUP BY website_id, hour, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.site_stats_hourly_viewport_spans_mv ON CLUSTER 'analytics' TO foldline.site_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, device,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.viewport_spans_local
  GROUP BY website_id, hour, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.site_stats_hourly_clicks_mv ON CLUSTER 'analytics' TO foldline.site_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, device,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.clicks_local
  GROUP BY website_id, hour, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.site_stats_hourly_attention_mv ON CLUSTER 'analytics' TO foldline.site_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, device,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.attention_local
  GROUP BY website_id, hour, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.site_stats_hourly_ad_events_mv ON CLUSTER 'analytics' TO foldline.site_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, device,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks,
    count() AS events,
    toUInt64(0) AS pageviews
  FROM foldline.ad_events_local
  GROUP BY website_id, hour, device;

CREATE TABLE IF NOT EXISTS foldline.page_events_log_local ON CLUSTER 'analytics' (
    website_id UUID,
    ts DateTime64(3, 'UTC') CODEC(DoubleDelta, LZ4),
    page_id UUID,
    device LowCardinality(String),
    events UInt64,
    pageviews UInt64,
    impressions UInt64,
    viewable UInt64,
    clicks UInt64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(ts) ORDER BY (website_id, toStartOfHour(ts), page_id, device, ts)
    SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.page_events_log ON CLUSTER 'analytics' AS foldline.page_events_log_local ENGINE = Distributed('analytics', foldline, page_events_log_local, cityHash64(website_id));

INSERT INTO foldline.page_events_log SELECT website_id, ts, page_id, device,
    count() AS events,
    count() AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.pageviews
  GROUP BY website_id, ts, page_id, device;

INSERT INTO foldline.page_events_log SELECT website_id, ts, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.engagement
  GROUP BY website_id, ts, page_id, device;

INSERT INTO foldline.page_events_log SELECT website_id, ts, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.viewport_spans
  GROUP BY website_id, ts, page_id, device;

INSERT INTO foldline.page_events_log SELECT website_id, ts, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.clicks
  GROUP BY website_id, ts, page_id, device;

INSERT INTO foldline.page_events_log SELECT website_id, ts, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.attention
  GROUP BY website_id, ts, page_id, device;

INSERT INTO foldline.page_events_log SELECT website_id, ts, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks
  FROM foldline.ad_events
  GROUP BY website_id, ts, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_log_pageviews_mv ON CLUSTER 'analytics' TO foldline.page_events_log_local AS SELECT website_id, ts, page_id, device,
    count() AS events,
    count() AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.pageviews_local
  GROUP BY website_id, ts, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_log_engagement_mv ON CLUSTER 'analytics' TO foldline.page_events_log_local AS SELECT website_id, ts, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.engagement_local
  GROUP BY website_id, ts, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_log_viewport_spans_mv ON CLUSTER 'analytics' TO foldline.page_events_log_local AS SELECT website_id, ts, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.viewport_spans_local
  GROUP BY website_id, ts, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_log_clicks_mv ON CLUSTER 'analytics' TO foldline.page_events_log_local AS SELECT website_id, ts, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.clicks_local
  GROUP BY website_id, ts, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_log_attention_mv ON CLUSTER 'analytics' TO foldline.page_events_log_local AS SELECT website_id, ts, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.attention_local
  GROUP BY website_id, ts, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_log_ad_events_mv ON CLUSTER 'analytics' TO foldline.page_events_log_local AS SELECT website_id, ts, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks
  FROM foldline.ad_events_local
  GROUP BY website_id, ts, page_id, device;

CREATE TABLE IF NOT EXISTS foldline.page_stats_daily_local ON CLUSTER 'analytics' (
    website_id UUID,
    day Date,
    page_id UUID,
    device LowCardinality(String),
    events UInt64,
    pageviews UInt64,
    impressions UInt64,
    viewable UInt64,
    clicks UInt64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(day) ORDER BY (website_id, day, page_id, device) SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.page_stats_daily ON CLUSTER 'analytics' AS foldline.page_stats_daily_local ENGINE = Distributed('analytics', foldline, page_stats_daily_local, cityHash64(website_id));

INSERT INTO foldline.page_stats_daily SELECT website_id, day, page_id, device, sum(events), sum(pageviews), 0, 0, 0
    FROM foldline.page_events_daily GROUP BY website_id, day, page_id, device;

INSERT INTO foldline.page_stats_daily SELECT website_id, day, page_id, device, 0, 0, sum(impressions), sum(viewable), sum(clicks)
    FROM foldline.ad_stats_daily GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_daily_pageviews_mv ON CLUSTER 'analytics' TO foldline.page_stats_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    count() AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.pageviews_local
  GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_daily_engagement_mv ON CLUSTER 'analytics' TO foldline.page_stats_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.engagement_local
  GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_daily_viewport_spans_mv ON CLUSTER 'analytics' TO foldline.page_stats_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.viewport_spans_local
  GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_daily_clicks_mv ON CLUSTER 'analytics' TO foldline.page_stats_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.clicks_local
  GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_daily_attention_mv ON CLUSTER 'analytics' TO foldline.page_stats_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.attention_local
  GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_daily_ad_events_mv ON CLUSTER 'analytics' TO foldline.page_stats_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks
  FROM foldline.ad_events_local
  GROUP BY website_id, day, page_id, device;

CREATE TABLE IF NOT EXISTS foldline.page_stats_hourly_local ON CLUSTER 'analytics' (
    website_id UUID,
    hour DateTime('UTC'),
    page_id UUID,
    device LowCardinality(String),
    events UInt64,
    pageviews UInt64,
    impressions UInt64,
    viewable UInt64,
    clicks UInt64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(hour) ORDER BY (website_id, hour, page_id, device) SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.page_stats_hourly ON CLUSTER 'analytics' AS foldline.page_stats_hourly_local ENGINE = Distributed('analytics', foldline, page_stats_hourly_local, cityHash64(website_id));

INSERT INTO foldline.page_stats_hourly SELECT website_id, hour, page_id, device, sum(events), sum(pageviews), 0, 0, 0
    FROM foldline.page_events_hourly GROUP BY website_id, hour, page_id, device;

INSERT INTO foldline.page_stats_hourly SELECT website_id, hour, page_id, device, 0, 0, sum(impressions), sum(viewable), sum(clicks)
    FROM foldline.ad_stats_hourly GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_hourly_pageviews_mv ON CLUSTER 'analytics' TO foldline.page_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    count() AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.pageviews_local
  GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_hourly_engagement_mv ON CLUSTER 'analytics' TO foldline.page_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.engagement_local
  GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_hourly_viewport_spans_mv ON CLUSTER 'analytics' TO foldline.page_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.viewport_spans_local
  GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_hourly_clicks_mv ON CLUSTER 'analytics' TO foldline.page_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.clicks_local
  GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_hourly_attention_mv ON CLUSTER 'analytics' TO foldline.page_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    toUInt64(0) AS impressions,
    toUInt64(0) AS viewable,
    toUInt64(0) AS clicks
  FROM foldline.attention_local
  GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_hourly_ad_events_mv ON CLUSTER 'analytics' TO foldline.page_stats_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    toUInt64(0) AS pageviews,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks
  FROM foldline.ad_events_local
  GROUP BY website_id, hour, page_id, device;

DROP VIEW IF EXISTS foldline.page_events_hourly_pageviews_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_hourly_engagement_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_hourly_viewport_spans_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_hourly_clicks_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_hourly_attention_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_hourly_ad_events_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_daily_pageviews_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_daily_engagement_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_daily_viewport_spans_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_daily_clicks_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_daily_attention_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_daily_ad_events_mv ON CLUSTER 'analytics';

DROP TABLE IF EXISTS foldline.page_events_hourly ON CLUSTER 'analytics' SYNC;

DROP TABLE IF EXISTS foldline.page_events_hourly_local ON CLUSTER 'analytics' SYNC;

DROP TABLE IF EXISTS foldline.page_events_daily ON CLUSTER 'analytics' SYNC;

DROP TABLE IF EXISTS foldline.page_events_daily_local ON CLUSTER 'analytics' SYNC;

DROP VIEW IF EXISTS foldline.page_events_log_pageviews_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_log_engagement_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_log_viewport_spans_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_log_clicks_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_log_attention_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_events_log_ad_events_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.site_stats_hourly_pageviews_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.site_stats_hourly_engagement_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.site_stats_hourly_viewport_spans_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.site_stats_hourly_clicks_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.site_stats_hourly_attention_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.site_stats_hourly_ad_events_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_daily_pageviews_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_daily_engagement_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_daily_viewport_spans_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_daily_clicks_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_daily_attention_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_daily_ad_events_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_hourly_pageviews_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_hourly_engagement_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_hourly_viewport_spans_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_hourly_clicks_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_hourly_attention_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_hourly_ad_events_mv ON CLUSTER 'analytics';

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_hourly_mv ON CLUSTER 'analytics' TO foldline.page_stats_hourly_local AS     SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, sum(events) AS events, sum(pageviews) AS pageviews, sum(impressions) AS impressions, sum(viewable) AS viewable, sum(clicks) AS clicks
    FROM foldline.page_events_log_local GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_daily_mv ON CLUSTER 'analytics' TO foldline.page_stats_daily_local AS     SELECT website_id, toDate(ts) AS day, page_id, device, sum(events) AS events, sum(pageviews) AS pageviews, sum(impressions) AS impressions, sum(viewable) AS viewable, sum(clicks) AS clicks
    FROM foldline.page_events_log_local GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.site_stats_hourly_mv ON CLUSTER 'analytics' TO foldline.site_stats_hourly_local AS     SELECT website_id, toStartOfHour(ts) AS hour, device, sum(events) AS events, sum(pageviews) AS pageviews, sum(impressions) AS impressions, sum(viewable) AS viewable, sum(clicks) AS clicks
    FROM foldline.page_events_log_local GROUP BY website_id, hour, device;

ALTER TABLE foldline.engagement_local ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS is_first UInt8, ADD COLUMN IF NOT EXISTS scroll_gain UInt8;

ALTER TABLE foldline.engagement ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS is_first UInt8, ADD COLUMN IF NOT EXISTS scroll_gain UInt8;

DROP TABLE IF EXISTS foldline.engagement_marked ON CLUSTER 'analytics' SYNC;

DROP TABLE IF EXISTS foldline.engagement_marked_local ON CLUSTER 'analytics' SYNC;

CREATE TABLE foldline.engagement_marked_local ON CLUSTER 'analytics' AS foldline.engagement_local ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(ts) ORDER BY (website_id, toDate(ts), page_id, ts) SETTINGS index_granularity = 8192;

CREATE TABLE foldline.engagement_marked ON CLUSTER 'analytics' AS foldline.engagement_marked_local ENGINE = Distributed('analytics', foldline, engagement_marked_local, cityHash64(website_id));

INSERT INTO foldline.engagement_marked
    SELECT website_id, ts, page_id, pageview_id, session_id, device, engaged_ms, max_scroll_pct, doc_h,
      row_number() OVER (PARTITION BY pageview_id ORDER BY ts, max_scroll_pct) = 1 AS is_first,
      max(max_scroll_pct) OVER (PARTITION BY pageview_id ORDER BY ts, max_scroll_pct ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
        - max(max_scroll_pct) OVER (PARTITION BY pageview_id ORDER BY ts, max_scroll_pct ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS scroll_gain
    FROM foldline.engagement;

EXCHANGE TABLES foldline.engagement_local AND foldline.engagement_marked_local ON CLUSTER 'analytics';

DROP TABLE foldline.engagement_marked ON CLUSTER 'analytics' SYNC;

DROP TABLE foldline.engagement_marked_local ON CLUSTER 'analytics' SYNC;

ALTER TABLE foldline.page_events_log_local ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS engaged_pageviews UInt64, ADD COLUMN IF NOT EXISTS engaged_ms UInt64, ADD COLUMN IF NOT EXISTS scroll_sum UInt64;

ALTER TABLE foldline.page_events_log ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS engaged_pageviews UInt64, ADD COLUMN IF NOT EXISTS engaged_ms UInt64, ADD COLUMN IF NOT EXISTS scroll_sum UInt64;

ALTER TABLE foldline.page_stats_hourly_local ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS engaged_pageviews UInt64, ADD COLUMN IF NOT EXISTS engaged_ms UInt64, ADD COLUMN IF NOT EXISTS scroll_sum UInt64;

ALTER TABLE foldline.page_stats_hourly ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS engaged_pageviews UInt64, ADD COLUMN IF NOT EXISTS engaged_ms UInt64, ADD COLUMN IF NOT EXISTS scroll_sum UInt64;

ALTER TABLE foldline.page_stats_daily_local ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS engaged_pageviews UInt64, ADD COLUMN IF NOT EXISTS engaged_ms UInt64, ADD COLUMN IF NOT EXISTS scroll_sum UInt64;

ALTER TABLE foldline.page_stats_daily ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS engaged_pageviews UInt64, ADD COLUMN IF NOT EXISTS engaged_ms UInt64, ADD COLUMN IF NOT EXISTS scroll_sum UInt64;

ALTER TABLE foldline.site_stats_hourly_local ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS engaged_pageviews UInt64, ADD COLUMN IF NOT EXISTS engaged_ms UInt64, ADD COLUMN IF NOT EXISTS scroll_sum UInt64;

ALTER TABLE foldline.site_stats_hourly ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS engaged_pageviews UInt64, ADD COLUMN IF NOT EXISTS engaged_ms UInt64, ADD COLUMN IF NOT EXISTS scroll_sum UInt64;

DROP VIEW IF EXISTS foldline.page_stats_hourly_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.page_stats_daily_mv ON CLUSTER 'analytics';

DROP VIEW IF EXISTS foldline.site_stats_hourly_mv ON CLUSTER 'analytics';

CREATE MATERIALIZED VIEW foldline.page_stats_hourly_mv ON CLUSTER 'analytics' TO foldline.page_stats_hourly_local AS     SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, sum(events) AS events, sum(pageviews) AS pageviews, sum(impressions) AS impressions, sum(viewable) AS viewable, sum(clicks) AS clicks, sum(engaged_pageviews) AS engaged_pageviews, sum(engaged_ms) AS engaged_ms, sum(scroll_sum) AS scroll_sum
    FROM foldline.page_events_log_local GROUP BY website_id, hour, page_id, device;

CREATE MATERIALIZED VIEW foldline.page_stats_daily_mv ON CLUSTER 'analytics' TO foldline.page_stats_daily_local AS     SELECT website_id, toDate(ts) AS day, page_id, device, sum(events) AS events, sum(pageviews) AS pageviews, sum(impressions) AS impressions, sum(viewable) AS viewable, sum(clicks) AS clicks, sum(engaged_pageviews) AS engaged_pageviews, sum(engaged_ms) AS engaged_ms, sum(scroll_sum) AS scroll_sum
    FROM foldline.page_events_log_local GROUP BY website_id, day, page_id, device;

CREATE MATERIALIZED VIEW foldline.site_stats_hourly_mv ON CLUSTER 'analytics' TO foldline.site_stats_hourly_local AS     SELECT website_id, toStartOfHour(ts) AS hour, device, sum(events) AS events, sum(pageviews) AS pageviews, sum(impressions) AS impressions, sum(viewable) AS viewable, sum(clicks) AS clicks, sum(engaged_pageviews) AS engaged_pageviews, sum(engaged_ms) AS engaged_ms, sum(scroll_sum) AS scroll_sum
    FROM foldline.page_events_log_local GROUP BY website_id, hour, device;

INSERT INTO foldline.page_events_log (website_id, ts, page_id, device, engaged_pageviews, engaged_ms, scroll_sum)
    SELECT website_id, ts, page_id, device, sum(is_first), sum(engaged_ms), sum(scroll_gain)
    FROM foldline.engagement GROUP BY website_id, ts, page_id, device;

ALTER TABLE foldline.attention_local ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS doc_h UInt32;

ALTER TABLE foldline.attention ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS doc_h UInt32;

CREATE TABLE IF NOT EXISTS foldline.heatmap_cells_hourly_local ON CLUSTER 'analytics' (
    website_id UUID,
    hour DateTime('UTC'),
    page_id UUID,
    device LowCardinality(String),
    kind LowCardinality(String),
    selector String,
    ox UInt8,
    oy UInt8,
    x UInt16,
    y UInt16,
    value Int64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}', (value)) PARTITION BY toYYYYMM(hour)
    ORDER BY (website_id, page_id, device, kind, hour, selector, x, y, ox, oy) SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.heatmap_cells_hourly ON CLUSTER 'analytics' AS foldline.heatmap_cells_hourly_local ENGINE = Distributed('analytics', foldline, heatmap_cells_hourly_local, cityHash64(website_id));

CREATE TABLE IF NOT EXISTS foldline.heatmap_cells_daily_local ON CLUSTER 'analytics' (
    website_id UUID,
    day Date,
    page_id UUID,
    device LowCardinality(String),
    kind LowCardinality(String),
    selector String,
    ox UInt8,
    oy UInt8,
    x UInt16,
    y UInt16,
    value Int64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}', (value)) PARTITION BY toYYYYMM(day)
    ORDER BY (website_id, page_id, device, kind, day, selector, x, y, ox, oy) SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.heatmap_cells_daily ON CLUSTER 'analytics' AS foldline.heatmap_cells_daily_local ENGINE = Distributed('analytics', foldline, heatmap_cells_daily_local, cityHash64(website_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.heatmap_cells_daily_mv ON CLUSTER 'analytics' TO foldline.heatmap_cells_daily_local AS     SELECT website_id, toDate(hour) AS day, page_id, device, kind, selector, ox, oy, x, y, sum(value) AS value
    FROM foldline.heatmap_cells_hourly_local GROUP BY website_id, day, page_id, device, kind, selector, ox, oy, x, y;

INSERT INTO foldline.heatmap_cells_hourly (website_id, hour, page_id, device, kind, selector, ox, oy, x, y, value) SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, 'click' AS kind, selector,
      toUInt8(least(100, floor(toFloat64(offset_x) * 100))) AS ox, toUInt8(least(100, floor(toFloat64(offset_y) * 100))) AS oy,
      toUInt16(least(1000, intDiv(x * 1000, greatest(1, viewport_w)))) AS x, toUInt16(least(1000, intDiv(y * 1000, greatest(1, doc_h)))) AS y, toInt64(1) AS value
    FROM foldline.clicks;

INSERT INTO foldline.heatmap_cells_hourly (website_id, hour, page_id, device, kind, selector, ox, oy, x, y, value) SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, 'attention' AS kind, '' AS selector,
      toUInt8(0) AS ox, toUInt8(0) AS oy, toUInt16(least(1000, intDiv(x * 1000, greatest(1, viewport_w)))) AS x, toUInt16(least(1000, intDiv(y * 1000, greatest(1, doc_h)))) AS y, toInt64(weight_ms) AS value
    FROM foldline.attention WHERE doc_h > 0;

INSERT INTO foldline.heatmap_cells_hourly (website_id, hour, page_id, device, kind, selector, ox, oy, x, y, value) SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, 'dwell' AS kind, '' AS selector,
      toUInt8(0) AS ox, toUInt8(0) AS oy, toUInt16(0) AS x, toUInt16(step.1 * 10) AS y, step.2 AS value
    FROM foldline.viewport_spans
    ARRAY JOIN arrayFilter(s -> s.1 < 100, [
      (toInt64(intDiv(toUInt64(scroll_y) * 100, doc_h)), toInt64(duration_ms)),
      (toInt64(least(99, intDiv(toUInt64(least(scroll_y + viewport_h, doc_h)) * 100 - 1, doc_h))) + 1, -toInt64(duration_ms))
    ]) AS step
    WHERE doc_h > 0 AND viewport_h > 0 AND scroll_y < doc_h;

INSERT INTO foldline.heatmap_cells_hourly (website_id, hour, page_id, device, kind, selector, ox, oy, x, y, value) SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, 'reach' AS kind, '' AS selector,
      toUInt8(0) AS ox, toUInt8(0) AS oy, toUInt16(0) AS x, toUInt16(step.1) AS y, toInt64(step.2) AS value
    FROM foldline.engagement
    ARRAY JOIN arrayFilter(s -> s.1 <= 100, [
      (if(is_first = 1, 0, toInt64(max_scroll_pct) - scroll_gain + 1), toInt64(1)),
      (toInt64(max_scroll_pct) + 1, toInt64(-1))
    ]) AS step
    WHERE is_first = 1 OR scroll_gain > 0;

INSERT INTO foldline.heatmap_cells_hourly (website_id, hour, page_id, device, kind, selector, ox, oy, x, y, value) SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, cell.1 AS kind, '' AS selector,
      toUInt8(0) AS ox, toUInt8(0) AS oy, toUInt16(0) AS x, toUInt16(cell.2) AS y, toInt64(cell.3) AS value
    FROM foldline.pageviews
    ARRAY JOIN [('fold', least(100, intDiv(toUInt64(viewport_h) * 100, greatest(1, doc_h))), toInt64(1)), ('doc', 0, toInt64(doc_h))] AS cell;

ALTER TABLE foldline.pageviews_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.engagement_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.viewport_spans_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.clicks_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.attention_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.ad_events_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.page_events_log_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.page_stats_hourly_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.page_stats_daily_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.site_stats_hourly_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.ad_stats_hourly_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.ad_stats_daily_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.heatmap_cells_hourly_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

ALTER TABLE foldline.heatmap_cells_daily_local ON CLUSTER 'analytics' MODIFY SETTING replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS foldline.page_sessions_local ON CLUSTER 'analytics' (
    website_id UUID,
    ts DateTime64(3, 'UTC'),
    page_id UUID,
    device LowCardinality(String),
    session_hash UInt64
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') ORDER BY (website_id, page_id, toDate(ts), session_hash)
    SETTINGS index_granularity = 8192, replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS foldline.page_sessions ON CLUSTER 'analytics' AS foldline.page_sessions_local ENGINE = Distributed('analytics', foldline, page_sessions_local, cityHash64(website_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_sessions_mv ON CLUSTER 'analytics' TO foldline.page_sessions_local AS SELECT website_id, ts, page_id, device, cityHash64(session_id) AS session_hash FROM foldline.pageviews_local;

INSERT INTO foldline.page_sessions (website_id, ts, page_id, device, session_hash) SELECT website_id, ts, page_id, device, cityHash64(session_id) AS session_hash FROM foldline.pageviews;

CREATE TABLE IF NOT EXISTS foldline.seen_day_counts_local ON CLUSTER 'analytics' (
    website_id UUID,
    page_id UUID,
    device LowCardinality(String),
    probe_y UInt32,
    probe_h UInt32,
    probe_share Float64,
    first_day Date,
    seen Array(Float64)
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') ORDER BY (website_id, page_id, device, probe_y, probe_h, probe_share, first_day)
    TTL addDays(first_day, length(seen) + 31)
    SETTINGS index_granularity = 8192, replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS foldline.seen_day_counts ON CLUSTER 'analytics' AS foldline.seen_day_counts_local ENGINE = Distributed('analytics', foldline, seen_day_counts_local, cityHash64(website_id));

ALTER TABLE foldline.ad_events_local ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS cpm Float64 DEFAULT 0, ADD COLUMN IF NOT EXISTS best_cpm Float64 DEFAULT 0, ADD COLUMN IF NOT EXISTS currency LowCardinality(String) DEFAULT '', ADD COLUMN IF NOT EXISTS bidder LowCardinality(String) DEFAULT '', ADD COLUMN IF NOT EXISTS prebid_won UInt8 DEFAULT 0, ADD COLUMN IF NOT EXISTS net UInt8 DEFAULT 0;

ALTER TABLE foldline.ad_events ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS cpm Float64 DEFAULT 0, ADD COLUMN IF NOT EXISTS best_cpm Float64 DEFAULT 0, ADD COLUMN IF NOT EXISTS currency LowCardinality(String) DEFAULT '', ADD COLUMN IF NOT EXISTS bidder LowCardinality(String) DEFAULT '', ADD COLUMN IF NOT EXISTS prebid_won UInt8 DEFAULT 0, ADD COLUMN IF NOT EXISTS net UInt8 DEFAULT 0;

ALTER TABLE foldline.seen_day_counts_local ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS probe_cut Int64 DEFAULT -1, ADD COLUMN IF NOT EXISTS probe_lift Int64 DEFAULT 0;

ALTER TABLE foldline.seen_day_counts ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS probe_cut Int64 DEFAULT -1, ADD COLUMN IF NOT EXISTS probe_lift Int64 DEFAULT 0;

ALTER TABLE foldline.engagement_local ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS layout_shift Float64 DEFAULT 0;

ALTER TABLE foldline.engagement ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS layout_shift Float64 DEFAULT 0;

ALTER TABLE foldline.ad_events_local ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS layout_shift Float64 DEFAULT 0;

ALTER TABLE foldline.ad_events ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS layout_shift Float64 DEFAULT 0;

CREATE TABLE IF NOT EXISTS foldline.ad_revenue_hourly_local ON CLUSTER 'analytics' (
    website_id UUID,
    hour DateTime('UTC'),
    page_id UUID,
    ad_unit_id UUID,
    device LowCardinality(String),
    currency LowCardinality(String),
    revenue Float64,
    bids UInt64,
    wins UInt64,
    empties UInt64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(hour) ORDER BY (website_id, hour, page_id, ad_unit_id, device, currency) SETTINGS index_granularity = 1024, replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS foldline.ad_revenue_hourly ON CLUSTER 'analytics' AS foldline.ad_revenue_hourly_local ENGINE = Distributed('analytics', foldline, ad_revenue_hourly_local, cityHash64(website_id));

INSERT INTO foldline.ad_revenue_hourly SELECT website_id, toStartOfHour(ts) AS hour, page_id, ad_unit_id, device, currency,
    sumIf(cpm, kind = 'bid') / 1000 AS revenue,
    countIf(kind = 'bid') AS bids,
    countIf(kind = 'bid' AND prebid_won = 1) AS wins,
    countIf(kind = 'empty') AS empties
  FROM foldline.ad_events
  WHERE kind IN ('bid', 'empty')
  GROUP BY website_id, hour, page_id, ad_unit_id, device, currency;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.ad_revenue_hourly_mv ON CLUSTER 'analytics' TO foldline.ad_revenue_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, page_id, ad_unit_id, device, currency,
    sumIf(cpm, kind = 'bid') / 1000 AS revenue,
    countIf(kind = 'bid') AS bids,
    countIf(kind = 'bid' AND prebid_won = 1) AS wins,
    countIf(kind = 'empty') AS empties
  FROM foldline.ad_events_local
  WHERE kind IN ('bid', 'empty')
  GROUP BY website_id, hour, page_id, ad_unit_id, device, currency;

CREATE TABLE IF NOT EXISTS foldline.ad_revenue_daily_local ON CLUSTER 'analytics' (
    website_id UUID,
    day Date,
    page_id UUID,
    ad_unit_id UUID,
    device LowCardinality(String),
    currency LowCardinality(String),
    revenue Float64,
    bids UInt64,
    wins UInt64,
    empties UInt64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(day) ORDER BY (website_id, day, page_id, ad_unit_id, device, currency) SETTINGS index_granularity = 1024, replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS foldline.ad_revenue_daily ON CLUSTER 'analytics' AS foldline.ad_revenue_daily_local ENGINE = Distributed('analytics', foldline, ad_revenue_daily_local, cityHash64(website_id));

INSERT INTO foldline.ad_revenue_daily SELECT website_id, toDate(ts) AS day, page_id, ad_unit_id, device, currency,
    sumIf(cpm, kind = 'bid') / 1000 AS revenue,
    countIf(kind = 'bid') AS bids,
    countIf(kind = 'bid' AND prebid_won = 1) AS wins,
    countIf(kind = 'empty') AS empties
  FROM foldline.ad_events
  WHERE kind IN ('bid', 'empty')
  GROUP BY website_id, day, page_id, ad_unit_id, device, currency;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.ad_revenue_daily_mv ON CLUSTER 'analytics' TO foldline.ad_revenue_daily_local AS SELECT website_id, toDate(ts) AS day, page_id, ad_unit_id, device, currency,
    sumIf(cpm, kind = 'bid') / 1000 AS revenue,
    countIf(kind = 'bid') AS bids,
    countIf(kind = 'bid' AND prebid_won = 1) AS wins,
    countIf(kind = 'empty') AS empties
  FROM foldline.ad_events_local
  WHERE kind IN ('bid', 'empty')
  GROUP BY website_id, day, page_id, ad_unit_id, device, currency;

CREATE TABLE IF NOT EXISTS foldline.imported_revenue_spread_local ON CLUSTER 'analytics' (
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
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') ORDER BY (website_id, version, writer, grain, key_id, day, page_id, device, unit_key, currency) SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.imported_revenue_spread ON CLUSTER 'analytics' AS foldline.imported_revenue_spread_local ENGINE = Distributed('analytics', foldline, imported_revenue_spread_local, cityHash64(website_id));

CREATE TABLE IF NOT EXISTS foldline.site_revenue_hourly_local ON CLUSTER 'analytics' (
    website_id UUID,
    hour DateTime('UTC'),
    device LowCardinality(String),
    currency LowCardinality(String),
    revenue Float64,
    bids UInt64,
    wins UInt64,
    empties UInt64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(hour) ORDER BY (website_id, hour, device, currency) SETTINGS index_granularity = 1024, replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS foldline.site_revenue_hourly ON CLUSTER 'analytics' AS foldline.site_revenue_hourly_local ENGINE = Distributed('analytics', foldline, site_revenue_hourly_local, cityHash64(website_id));

INSERT INTO foldline.site_revenue_hourly SELECT website_id, hour, device, currency, sum(revenue), sum(bids), sum(wins), sum(empties)
    FROM foldline.ad_revenue_hourly GROUP BY website_id, hour, device, currency;

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.site_revenue_hourly_mv ON CLUSTER 'analytics' TO foldline.site_revenue_hourly_local AS SELECT website_id, toStartOfHour(ts) AS hour, device, currency,
    sumIf(cpm, kind = 'bid') / 1000 AS revenue,
    countIf(kind = 'bid') AS bids,
    countIf(kind = 'bid' AND prebid_won = 1) AS wins,
    countIf(kind = 'empty') AS empties
  FROM foldline.ad_events_local
  WHERE kind IN ('bid', 'empty')
  GROUP BY website_id, hour, device, currency;

ALTER TABLE foldline.clicks_local ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS dead UInt8 DEFAULT 0;

ALTER TABLE foldline.clicks ON CLUSTER 'analytics' ADD COLUMN IF NOT EXISTS dead UInt8 DEFAULT 0;

CREATE TABLE IF NOT EXISTS foldline.ad_experience_days_local ON CLUSTER 'analytics' (
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
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') PARTITION BY toYYYYMM(day) ORDER BY (website_id, ad_unit_id, page_id, device, day)
    TTL addDays(day, 400)
    SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS foldline.ad_experience_days ON CLUSTER 'analytics' AS foldline.ad_experience_days_local ENGINE = Distributed('analytics', foldline, ad_experience_days_local, cityHash64(website_id));

CREATE TABLE IF NOT EXISTS foldline.pageview_segments_local ON CLUSTER 'analytics' (
    website_id UUID,
    page_id UUID,
    device LowCardinality(String),
    source LowCardinality(String),
    browser LowCardinality(String),
    ts DateTime64(3, 'UTC'),
    pageview_id UUID,
    session_hash UInt64,
    viewport_h UInt16,
    doc_h UInt32
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') ORDER BY (website_id, page_id, device, source, toDate(ts), ts)
    SETTINGS index_granularity = 8192, replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS foldline.pageview_segments ON CLUSTER 'analytics' AS foldline.pageview_segments_local ENGINE = Distributed('analytics', foldline, pageview_segments_local, cityHash64(website_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.pageview_segments_mv ON CLUSTER 'analytics' TO foldline.pageview_segments_local AS SELECT website_id, page_id, device, multiIf(
    lower(trimBoth(utm_source)) != '' OR lower(trimBoth(utm_medium)) != '', multiIf(
      lower(trimBoth(utm_medium)) IN ['social', 'social-network', 'social_network', 'social network', 'social-media', 'social_media', 'social media', 'sm', 'paid_social', 'paid-social', 'paidsocial', 'organic_social', 'organic-social'], 'social',
      lower(trimBoth(utm_medium)) IN ['organic', 'search', 'paid_search', 'paid-search', 'paidsearch', 'sem'], 'search',
      lower(trimBoth(utm_source)) IN ['facebook', 'fb', 'instagram', 'ig', 'twitter', 'x', 'linkedin', 'reddit', 'pinterest', 'tiktok', 'youtube', 'threads', 'bluesky', 'mastodon', 'tumblr', 'snapchat', 'whatsapp', 'telegram', 'hackernews'] OR match(lower(trimBoth(utm_source)), '^(?:[^.]+\\.)*(?:facebook\\.com|fb\\.com|fb\\.me|instagram\\.com|twitter\\.com|x\\.com|t\\.co|linkedin\\.com|lnkd\\.in|reddit\\.com|pinterest\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|tiktok\\.com|youtube\\.com|youtu\\.be|threads\\.net|bsky\\.app|mastodon\\.social|tumblr\\.com|snapchat\\.com|vk\\.com|weibo\\.com|news\\.ycombinator\\.com|t\\.me|wa\\.me|whatsapp\\.com|discord\\.com|quora\\.com|flipboard\\.com)$'), 'social',
      lower(trimBoth(utm_source)) IN ['google', 'bing', 'duckduckgo', 'yahoo', 'yandex', 'baidu', 'ecosia', 'qwant', 'brave', 'startpage', 'kagi', 'naver', 'seznam'] OR match(lower(trimBoth(utm_source)), '^(?:[^.]+\\.)*(?:google\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|bing\\.com|duckduckgo\\.com|search\\.yahoo\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|yandex\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|baidu\\.com|ecosia\\.org|qwant\\.com|search\\.brave\\.com|startpage\\.com|kagi\\.com|ask\\.com|naver\\.com|search\\.seznam\\.cz|sogou\\.com|so\\.com)$'), 'search',
      'referral'),
    match(lower(referrer_host), '^(?:[^.]+\\.)*(?:facebook\\.com|fb\\.com|fb\\.me|instagram\\.com|twitter\\.com|x\\.com|t\\.co|linkedin\\.com|lnkd\\.in|reddit\\.com|pinterest\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|tiktok\\.com|youtube\\.com|youtu\\.be|threads\\.net|bsky\\.app|mastodon\\.social|tumblr\\.com|snapchat\\.com|vk\\.com|weibo\\.com|news\\.ycombinator\\.com|t\\.me|wa\\.me|whatsapp\\.com|discord\\.com|quora\\.com|flipboard\\.com)$'), 'social',
    match(lower(referrer_host), '^(?:[^.]+\\.)*(?:google\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|bing\\.com|duckduckgo\\.com|search\\.yahoo\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|yandex\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|baidu\\.com|ecosia\\.org|qwant\\.com|search\\.brave\\.com|startpage\\.com|kagi\\.com|ask\\.com|naver\\.com|search\\.seznam\\.cz|sogou\\.com|so\\.com)$'), 'search',
    referrer_host != '', 'referral',
    'direct') AS source, browser, ts, pageview_id,
    cityHash64(session_id) AS session_hash, viewport_h, doc_h
  FROM foldline.pageviews_local;

INSERT INTO foldline.pageview_segments (website_id, page_id, device, source, browser, ts, pageview_id, session_hash, viewport_h, doc_h) SELECT website_id, page_id, device, multiIf(
    lower(trimBoth(utm_source)) != '' OR lower(trimBoth(utm_medium)) != '', multiIf(
      lower(trimBoth(utm_medium)) IN ['social', 'social-network', 'social_network', 'social network', 'social-media', 'social_media', 'social media', 'sm', 'paid_social', 'paid-social', 'paidsocial', 'organic_social', 'organic-social'], 'social',
      lower(trimBoth(utm_medium)) IN ['organic', 'search', 'paid_search', 'paid-search', 'paidsearch', 'sem'], 'search',
      lower(trimBoth(utm_source)) IN ['facebook', 'fb', 'instagram', 'ig', 'twitter', 'x', 'linkedin', 'reddit', 'pinterest', 'tiktok', 'youtube', 'threads', 'bluesky', 'mastodon', 'tumblr', 'snapchat', 'whatsapp', 'telegram', 'hackernews'] OR match(lower(trimBoth(utm_source)), '^(?:[^.]+\\.)*(?:facebook\\.com|fb\\.com|fb\\.me|instagram\\.com|twitter\\.com|x\\.com|t\\.co|linkedin\\.com|lnkd\\.in|reddit\\.com|pinterest\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|tiktok\\.com|youtube\\.com|youtu\\.be|threads\\.net|bsky\\.app|mastodon\\.social|tumblr\\.com|snapchat\\.com|vk\\.com|weibo\\.com|news\\.ycombinator\\.com|t\\.me|wa\\.me|whatsapp\\.com|discord\\.com|quora\\.com|flipboard\\.com)$'), 'social',
      lower(trimBoth(utm_source)) IN ['google', 'bing', 'duckduckgo', 'yahoo', 'yandex', 'baidu', 'ecosia', 'qwant', 'brave', 'startpage', 'kagi', 'naver', 'seznam'] OR match(lower(trimBoth(utm_source)), '^(?:[^.]+\\.)*(?:google\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|bing\\.com|duckduckgo\\.com|search\\.yahoo\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|yandex\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|baidu\\.com|ecosia\\.org|qwant\\.com|search\\.brave\\.com|startpage\\.com|kagi\\.com|ask\\.com|naver\\.com|search\\.seznam\\.cz|sogou\\.com|so\\.com)$'), 'search',
      'referral'),
    match(lower(referrer_host), '^(?:[^.]+\\.)*(?:facebook\\.com|fb\\.com|fb\\.me|instagram\\.com|twitter\\.com|x\\.com|t\\.co|linkedin\\.com|lnkd\\.in|reddit\\.com|pinterest\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|tiktok\\.com|youtube\\.com|youtu\\.be|threads\\.net|bsky\\.app|mastodon\\.social|tumblr\\.com|snapchat\\.com|vk\\.com|weibo\\.com|news\\.ycombinator\\.com|t\\.me|wa\\.me|whatsapp\\.com|discord\\.com|quora\\.com|flipboard\\.com)$'), 'social',
    match(lower(referrer_host), '^(?:[^.]+\\.)*(?:google\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|bing\\.com|duckduckgo\\.com|search\\.yahoo\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|yandex\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})|baidu\\.com|ecosia\\.org|qwant\\.com|search\\.brave\\.com|startpage\\.com|kagi\\.com|ask\\.com|naver\\.com|search\\.seznam\\.cz|sogou\\.com|so\\.com)$'), 'search',
    referrer_host != '', 'referral',
    'direct') AS source, browser, ts, pageview_id,
    cityHash64(session_id) AS session_hash, viewport_h, doc_h
  FROM foldline.pageviews;

CREATE TABLE IF NOT EXISTS foldline.ad_clicks_local ON CLUSTER 'analytics' (
    website_id UUID,
    page_id UUID,
    device LowCardinality(String),
    ts DateTime64(3, 'UTC'),
    ad_unit_id UUID,
    pageview_id UUID
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') ORDER BY (website_id, page_id, device, ts)
    SETTINGS index_granularity = 8192, replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS foldline.ad_clicks ON CLUSTER 'analytics' AS foldline.ad_clicks_local ENGINE = Distributed('analytics', foldline, ad_clicks_local, cityHash64(website_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.ad_clicks_mv ON CLUSTER 'analytics' TO foldline.ad_clicks_local AS SELECT website_id, page_id, device, ts, ad_unit_id, pageview_id FROM foldline.ad_events_local WHERE kind = 'click';

INSERT INTO foldline.ad_clicks (website_id, page_id, device, ts, ad_unit_id, pageview_id) SELECT website_id, page_id, device, ts, ad_unit_id, pageview_id FROM foldline.ad_events WHERE kind = 'click';
