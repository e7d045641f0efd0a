// Every event-store migration in the order it runs.
import * as events001 from './001-events.ts';
import * as analytics010 from './010-analytics-rollups.ts';
import * as analytics011 from './011-analytics-daily-rollups.ts';
import * as analytics012 from './012-page-events-log.ts';
import * as analytics013 from './013-page-stats-rollups.ts';
import * as analytics014 from './014-drop-page-events-rollups.ts';
import * as analytics015 from './015-page-counts-from-the-writer.ts';
import * as analytics016 from './016-additive-engagement.ts';
import * as heatmaps017 from './017-heatmap-cells.ts';
import * as deduplication018 from './018-insert-deduplication.ts';
import * as sessions019 from './019-page-sessions.ts';
import * as seen020 from './020-seen-day-counts.ts';
import * as prebid021 from './021-prebid-bids.ts';
import * as seenReflow022 from './022-seen-day-reflow.ts';
import * as layoutShift023 from './023-layout-shift.ts';
import * as revenue024 from './024-ad-revenue-rollups.ts';
import * as importedRevenue025 from './025-imported-revenue-spread.ts';
import * as siteRevenue026 from './026-site-revenue-hourly.ts';
import * as deadClicks027 from './027-dead-clicks.ts';
import * as adExperience028 from './028-ad-experience-days.ts';
import * as pageviewSegments029 from './029-pageview-segments.ts';
import * as adClicks030 from './030-ad-clicks.ts';

export interface EventMigration {
  name: string;
  statements: string[];
}

export const eventMigrations: EventMigration[] = [events001, analytics010, analytics011, analytics012, analytics013, analytics014, analytics015, analytics016, heatmaps017, deduplication018, sessions019, seen020, prebid021, seenReflow022, layoutShift023, revenue024, importedRevenue025, siteRevenue026, deadClicks027, adExperience028, pageviewSegments029, adClicks030];

/** Tables that hold a website's events; deleting a website's data clears each of them. */
export const EVENT_TABLES = ['pageviews', 'engagement', 'viewport_spans', 'clicks', 'attention', 'ad_events'] as const;

/** Rollups derived from the event tables (analytics), and the counts of settled days kept (the recommendations' seen
 * counts, the ad experience's); deleting a website's events must clear them too. */
export const ROLLUP_TABLES = [
  'ad_stats_hourly',
  'ad_stats_daily',
  'ad_revenue_hourly',
  'ad_revenue_daily',
  'site_revenue_hourly',
  'site_stats_hourly',
  'page_events_log',
  'page_stats_daily',
  'page_stats_hourly',
  'heatmap_cells_hourly',
  'heatmap_cells_daily',
  'page_sessions',
  'pageview_segments',
  'ad_clicks',
  'seen_day_counts',
  'imported_revenue_spread',
  'ad_experience_days',
] as const;
