// What one pageview, one visit, one client address and one website may send the collector per minute. A tight limit
// per address would drop every reader behind a carrier's NAT or an office: a budget follows what a beacon says it
// belongs to, and the website's budget bounds what anyone can make a public tracking code store, whatever ids they
// invent. So that one source cannot take all of the website's budget (a flood of invented visits from one client
// left real readers an eighth of their beacons), an address may store only a share of it: generous for a NAT (1,500
// readers send about 45,000 events a minute), a tenth of the whole. Windows are whole minutes of the server's clock.
// Counts are per process: N collector processes allow N times these.

export interface CollectLimits {
  /** Beacons one pageview may send in a minute. The tracker sends one every 15 s, one on each hide or leave and a
   * few for ads and fast clicks: a reader stays under 10. */
  beaconsPerPageview: number;
  /** Pageviews one visit (session id) may open in a minute. */
  pageviewsPerSession: number;
  /** Events one website may store in a minute (10,000 a second: five times the busiest minute of a site with
   * 100 million pageviews a month). */
  eventsPerWebsite: number;
  /** Events one client address may store for one website in a minute: a share of the website's budget that 1,500
   * readers behind one NAT stay well within. */
  eventsPerAddress: number;
  /** Pages a website may gain in a minute: new URLs on a site appear a few at a time, a flood of invented paths
   * all at once. */
  newPagesPerWebsite: number;
  /** Pages a website may have in all. */
  pagesPerWebsite: number;
  /** Ad units (a slot on a page) a website may gain in a minute: a new page brings its few slots, a flood of
   * invented slot keys thousands. */
  newAdUnitsPerWebsite: number;
  /** Ad units a website may have in all: the Ad Units tab, the KPIs and the advice read every one of them. */
  adUnitsPerWebsite: number;
}

export const DEFAULT_COLLECT_LIMITS: CollectLimits = {
  beaconsPerPageview: 60,
  pageviewsPerSession: 60,
  eventsPerWebsite: 600_000,
  eventsPerAddress: 60_000,
  newPagesPerWebsite: 600,
  pagesPerWebsite: 100_000,
  newAdUnitsPerWebsite: 1_200,
  adUnitsPerWebsite: 20_000,
};

const WINDOW_MS = 60_000;
/** Pageviews and sessions remembered per window: ids invented beyond this are held to the website's budget only. */
const MAX_TRACKED_IDS = 200_000;

/** Counts per key within the current minute, forgotten when the next minute starts. The clock is read through
 * Date.now at each call (not a reference taken at construction), so a test that fakes Date holds the minute. */
export class MinuteCounter {
  private window = -1;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly maxKeys = MAX_TRACKED_IDS,
  ) {}

  /** The count for key after adding n (n = 0 reads it). A key beyond maxKeys is not remembered and reads n. */
  add(key: string, n = 1): number {
    const window = Math.floor(this.now() / WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const known = this.counts.get(key);
    if (known === undefined && this.counts.size >= this.maxKeys) return n;
    const count = (known ?? 0) + n;
    this.counts.set(key, count);
    return count;
  }
}

export type BudgetVerdict = 'ok' | 'visit_budget' | 'address_budget' | 'website_budget';

export interface Budgets {
  /** Charges a beacon of `events` events to its pageview, session, address and website, or says which budget it
   * exceeds (then nothing is charged to the address or the website). */
  charge(beacon: { websiteId: string; pageviewId: string; sessionId: string; address: string; events: number }): BudgetVerdict;
}

export function createBudgets(limits: CollectLimits, now: () => number = () => Date.now()): Budgets {
  const pageviews = new MinuteCounter(now);
  const sessions = new MinuteCounter(now);
  const addresses = new MinuteCounter(now);
  const websites = new MinuteCounter(now);
  return {
    charge({ websiteId, pageviewId, sessionId, address, events }) {
      const beacons = pageviews.add(`${websiteId}\n${pageviewId}`);
      if (beacons > limits.beaconsPerPageview) return 'visit_budget';
      // A pageview counts against its session on its first beacon of the minute.
      if (beacons === 1 && sessions.add(`${websiteId}\n${sessionId}`) > limits.pageviewsPerSession) return 'visit_budget';
      const source = `${websiteId}\n${address}`;
      if (addresses.add(source, 0) + events > limits.eventsPerAddress) return 'address_budget';
      if (websites.add(websiteId, 0) + events > limits.eventsPerWebsite) return 'website_budget';
      addresses.add(source, events);
      websites.add(websiteId, events);
      return 'ok';
    },
  };
}
