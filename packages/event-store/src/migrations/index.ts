// Every event-store migration in the order it runs.
import * as events001 from './001-events.ts';

export interface EventMigration {
  name: string;
  statements: string[];
}

export const eventMigrations: EventMigration[] = [events001];

/** Tables that hold a website's events; deleting a website's data clears each of them. */
export const EVENT_TABLES = ['pageviews', 'engagement', 'viewport_spans', 'clicks', 'attention', 'ad_events'] as const;
