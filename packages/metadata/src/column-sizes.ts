// The sizes of the metadata text columns the collector writes from beacons, in one place: the migrations
// (src/migrations) declare them and are frozen in time, so these repeat them. PostgreSQL refuses a value longer than
// its varchar (and the whole write with it) where SQLite stores it, so the collector cuts text to these sizes itself
// (packages/ingest/src/normalise.ts) and both stores hold the same. A test compares them with PostgreSQL's schema
// (apps/server/test/collect-text.test.ts). Sizes count characters, as varchar(n) does.

/** pages: varchar sizes (2026-11-22T0300-initial, 2026-11-23T0900-page-origin). */
export const PAGE_COLUMN_SIZES = {
  url_path: 2048,
  title: 500,
  origin: 300,
} as const;

/** ad_units: varchar sizes (2026-11-22T0300-initial). */
export const AD_UNIT_COLUMN_SIZES = {
  slot_key: 500,
  name: 500,
  google_ad_slot_id: 500,
  ad_format: 32,
  position_selector: 1000,
} as const;

/**
 * The most UTF-8 bytes a page's url_path and title may hold together. PostgreSQL's btree entries hold at most 2,704
 * bytes, and the page list indexes (2026-11-23T2300-page-list-indexes) put website_id, a timestamp or status,
 * url_path and lower(title) in one entry: a 1,300-byte path with a 500-character title in a script of three bytes a
 * character overflows it, and PostgreSQL refuses the page. This leaves room for the other columns, the entry's
 * headers and lower() lengthening a few characters.
 */
export const PAGE_INDEX_TEXT_BYTES = 2400;
