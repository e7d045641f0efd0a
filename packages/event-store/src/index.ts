// Public surface of the event store package.
export { NIL_UUID, toEventTime, type EventStore, type InsertOptions, type QueryOptions, type QueryParams } from './event-store.ts';
export { openEventStore, type EventStoreOptions } from './open.ts';
export { openChdbStore } from './chdb-store.ts';
export { EVENT_TABLES } from './migrations/index.ts';
export { pageCountsInsertSql, pageCountsOf, PAGE_COUNTS_TABLE } from './page-counts.ts';
export { deleteWebsiteEvents, deleteWebsiteEventsBetween, type WebsiteEventCounts } from './website-data.ts';
export {
  heatmapCellsInsertSql,
  heatmapCellsOf,
  heatmapCellsOfRowsSql,
  HEATMAP_CELL_SOURCES,
  HEATMAP_CELLS_TABLE,
  HEATMAP_DAILY_TABLE,
  HEATMAP_SOURCE_TABLES,
  type HeatmapCellKind,
  type HeatmapCellPosition,
} from './heatmap-cells.ts';
export { trafficSourceOf, type PageviewReferral } from './traffic-source.ts';
export { inBackground } from './background.ts';
