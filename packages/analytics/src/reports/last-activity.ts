// The time of each website's latest tracked event, for Last Activity in the website lists: one query for all the
// user's websites, reading one hour of the page counts log per website instead of every event it ever had.
import type { EventStore } from '@foldline/event-store';

/** Seconds before the engine stops the query: a websites list must not hang on the event store. */
const MAX_EXECUTION_TIME = 10;

// site_stats_hourly (a few rows per website and hour) finds each website's latest hour; page_events_log, ordered by
// website and hour, then reads that hour only, at the millisecond the events carry.
// The id's alias is not website_id: ClickHouse would read that alias in the WHERE clause.
const LATEST_EVENT_SQL = `SELECT toString(website_id) AS id, toUnixTimestamp64Milli(max(ts)) AS latest
FROM foldline.page_events_log
WHERE website_id IN {websiteIds:Array(UUID)}
  AND (website_id, toStartOfHour(ts)) IN (
    SELECT website_id, max(hour) FROM foldline.site_stats_hourly WHERE website_id IN {websiteIds:Array(UUID)} GROUP BY website_id
  )
GROUP BY website_id`;

/** Website id → ISO time of its latest event; websites without events are absent. */
export async function latestEventTimes(events: EventStore, websiteIds: readonly string[]): Promise<Map<string, string>> {
  if (websiteIds.length === 0) return new Map();
  const rows = await events.query<{ id: string; latest: string | number }>(LATEST_EVENT_SQL, { websiteIds }, { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME });
  // 64-bit integers arrive as JSON strings.
  return new Map(rows.map((row) => [row.id, new Date(Number(row.latest)).toISOString()]));
}
