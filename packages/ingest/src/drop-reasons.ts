// The typed reasons for which the collector drops a payload or an event; operators read counts per reason.
export const DROP_REASONS = [
  /** The body is not JSON. */
  'invalid_json',
  /** The JSON does not match the beacon format (packages/contracts/src/collect.ts). */
  'invalid_payload',
  /** The user agent is a crawler, a headless browser or a script. */
  'bot',
  /** No website has this tracking code. */
  'unknown_site',
  /** The website is inactive: inactive websites collect no new data. */
  'inactive_site',
  /** The page's host is neither the website's domain nor one of its subdomains. */
  'domain_mismatch',
  /** The website switched off the kind of data an event carries. */
  'clicks_off',
  'scroll_off',
  'engagement_off',
  'ads_off',
  /** A pageview sent more beacons, or a visit opened more pageviews, in a minute than a reader can (budgets.ts). */
  'visit_budget',
  /** One client address stored its share of the website's budget this minute (budgets.ts). */
  'address_budget',
  /** The website stored its budget of events this minute. */
  'website_budget',
  /** A new page would pass the website's limit of new pages a minute or of pages in all. */
  'page_limit',
  /** An ad event of a new ad unit that would pass the website's limit of new units a minute or of units in all (its
   * pageview's other events are kept). */
  'ad_unit_limit',
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/** Reasons that mean the client sent something malformed: the collector answers 4xx for these. */
export const INVALID_REASONS: ReadonlySet<DropReason> = new Set(['invalid_json', 'invalid_payload']);

/** Thrown by a step to drop the whole payload. */
export class PayloadDropped extends Error {
  constructor(
    readonly reason: DropReason,
    message: string,
  ) {
    super(message);
  }
}
