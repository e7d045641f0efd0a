// The metadata schema as Kysely sees it. Timestamps are ISO-8601 UTC strings and booleans 0/1 integers,
// so one schema and one set of queries behave the same on SQLite and PostgreSQL.
import type { Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: string;
  name: string;
  /** Always stored lower-cased: addresses compare case-insensitively. */
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  /** Every token descended from one sign-in shares a family; reuse of a rotated token revokes the family. */
  family_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  /** Set when the token was exchanged for a new pair. */
  rotated_at: string | null;
  revoked_at: string | null;
  /** 1 when the user ticked 'Remember me'; carried to the rotated tokens. */
  persistent: number;
}

export interface ResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Failed sign-ins of one account (or of an address that has none: both are throttled alike). */
/** When the account's owner was last mailed of a sign-up attempt with their address (one mail an hour at most). */
export interface SignUpAttemptMailsTable {
  user_id: string;
  mailed_at: string;
}

export interface SignInThrottleTable {
  /** SHA-256 of the lower-cased email. */
  key: string;
  /** Attempts since the last success; an attempt counts as failed until its password proves right. */
  failures: number;
  /** No attempt is checked before this time; null below the free attempts. */
  blocked_until: string | null;
  last_failure_at: string;
}

export interface WebsitesTable {
  id: string;
  user_id: string;
  name: string;
  domain: string;
  tracking_code: string;
  status: string;
  timezone: string;
  /** JSON text of WebsiteSettings (contracts). */
  settings: string;
  created_at: string;
  updated_at: string;
}

export interface PagesTable {
  id: string;
  website_id: string;
  url_path: string;
  title: string;
  status: string;
  created_at: string;
  last_activity: string | null;
  /** Scheme, host and port the tracker last reported the page under ('http://news.localhost:3000'); null before. */
  origin: string | null;
}

export interface AdUnitsTable {
  id: string;
  website_id: string;
  page_id: string;
  /** What identifies the slot on its page across visits (GPT element id, AdSense slot, or selector). */
  slot_key: string;
  name: string;
  google_ad_slot_id: string | null;
  ad_format: string;
  position_selector: string;
  position_x: number;
  position_y: number;
  width: number;
  height: number;
  status: string;
  created_at: string;
  last_detected: string;
}

/** A website's optimization potential as it stood on a UTC day ('2026-11-25'): its parts, so websites add up. */
export interface PotentialDaysTable {
  website_id: string;
  day: string;
  extra_viewable: number;
  viewable: number;
}

/** Revenue an ad server reported for a unit on a day (migration 2026-11-25T1300), imported from its CSV export. */
export interface RevenueDaysTable {
  website_id: string;
  /** 'ad_manager' | 'adsense'. */
  source: string;
  day: string;
  /** The unit as the report names it. */
  report_unit: string;
  /** The matched unit's key on the website (contracts' adUnitKey), null when none matched. */
  unit_key: string | null;
  currency: string;
  /** bigint columns: PostgreSQL answers them as text, so reads go through Number(). */
  impressions: number | string;
  /** Millionths of the currency's unit. */
  revenue_micros: number | string;
  imported_at: string;
}

/** An exchange rate that came with an imported report (migration 2026-11-26T1000): 1 `currency` = `rate`
 * `into_currency` on the day. */
export interface RevenueRatesTable {
  website_id: string;
  /** 'ad_manager' | 'adsense'. */
  source: string;
  day: string;
  currency: string;
  into_currency: string;
  rate: number;
  imported_at: string;
}

/** The daily fetch of a website's ad-server report from an address, and its last outcome (migration 2026-11-26T0200). */
export interface RevenueFetchesTable {
  website_id: string;
  url: string;
  /** 'ad_manager' | 'adsense'. */
  source: string;
  enabled: number;
  updated_at: string;
  /** When the last fetch began: the claim of the process that runs it. */
  attempt_at: string | null;
  fetched_at: string | null;
  outcome: 'imported' | 'failed' | null;
  error: string | null;
  from_day: string | null;
  to_day: string | null;
  day_count: number | null;
  units: number | null;
  unmatched_units: number | null;
  currency: string | null;
}

/** A recommendation as last given and what became of it (migration 2026-11-26T0100). */
export interface RecommendationRecordsTable {
  website_id: string;
  recommendation_id: string;
  page_id: string;
  device: string;
  /** contracts' Recommendation, JSON. */
  snapshot: string;
  first_seen: string;
  last_seen: string;
  status: 'open' | 'applied' | 'dismissed';
  reason: string | null;
  status_at: string | null;
}

/** When the installation check first found a website's tracking code on its domain. */
export interface WebsiteVerificationsTable {
  website_id: string;
  verified_at: string;
}

/** A publisher's name for an ad unit of a website; `unit_key` is the unit's identity there (see adUnitKey). */
export interface AdUnitNamesTable {
  website_id: string;
  unit_key: string;
  name: string;
  updated_at: string;
}

/** The visitor-hash salt of a UTC day (base64), shared by every process. */
export interface VisitorSaltsTable {
  day: string;
  salt: string;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

export interface DocVotesTable {
  id: string;
  section: string;
  helpful: number;
  created_at: string;
}

export interface MetadataSchema {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  reset_tokens: ResetTokensTable;
  sign_in_throttle: SignInThrottleTable;
  sign_up_attempt_mails: SignUpAttemptMailsTable;
  websites: WebsitesTable;
  pages: PagesTable;
  ad_units: AdUnitsTable;
  ad_unit_names: AdUnitNamesTable;
  potential_days: PotentialDaysTable;
  website_verifications: WebsiteVerificationsTable;
  revenue_days: RevenueDaysTable;
  revenue_fetches: RevenueFetchesTable;
  revenue_rates: RevenueRatesTable;
  recommendation_records: RecommendationRecordsTable;
  visitor_salts: VisitorSaltsTable;
  contact_messages: ContactMessagesTable;
  doc_votes: DocVotesTable;
}

export type UserRow = Selectable<UsersTable>;
export type SignInThrottleRow = Selectable<SignInThrottleTable>;
export type WebsiteRow = Selectable<WebsitesTable>;
export type NewWebsite = Insertable<WebsitesTable>;
export type WebsiteUpdate = Updateable<WebsitesTable>;
export type PageRow = Selectable<PagesTable>;
export type AdUnitRow = Selectable<AdUnitsTable>;
