// Browser module of the page's ad set-up (page-ads.ts): header bidding with Prebid.js in front of GPT, as Prebid
// documents it for GPT. One auction for the page's GPT slots; its bids go to the ad server as slot targeting, then GPT
// is asked for the ads, which it decides between its own demand and Prebid's bid.

/** Where the demo site serves its Prebid.js; pages that load it carry this script. */
export const PREBID_PATH = '/assets/prebid.js';
/** How long bidders have, and how long the ad server waits for Prebid at most (its script may fail to load). */
const BIDDER_TIMEOUT_MS = 1000;
const FAILSAFE_TIMEOUT_MS = 2500;

export interface HeaderBiddingUnit {
  /** The GPT slot's element id: Prebid matches it to the slot, the tracker to its impressions. */
  code: string;
  size: [number, number];
}

interface Pbjs {
  que: Array<() => void>;
  libLoaded?: boolean;
  setConfig(config: object): void;
  addAdUnits(units: object[]): void;
  requestBids(request: { adUnitCodes: string[]; timeout: number; bidsBackHandler: () => void }): void;
  setTargetingForGPTAsync(codes: string[]): void;
}

interface Googletag {
  cmd: { push(fn: () => void): unknown };
  pubads(): { refresh(slots?: unknown[]): void };
}

/** A stable number of a code, for the bidders' placement ids. */
const numberOf = (code: string) => [...code].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) >>> 0, 7) % 100_000;

function adUnit({ code, size }: HeaderBiddingUnit) {
  const n = numberOf(code);
  return {
    code,
    mediaTypes: { banner: { sizes: [size] } },
    bids: [
      { bidder: 'appnexus', params: { placementId: 13_100_000 + n } },
      { bidder: 'rubicon', params: { accountId: 14_062, siteId: 70_608, zoneId: 400_000 + n } },
    ],
  };
}

/** Runs an auction for the codes (after `setUp`, in Prebid's queue), then has GPT fetch their ads with its bids as
 * targeting: `fetch` runs once, when the bids are back or at the failsafe time. */
function auctionThenFetch(googletag: Googletag, codes: string[], fetch: () => void, setUp?: (pbjs: Pbjs) => void): void {
  const w = window as unknown as { pbjs?: Pbjs };
  const pbjs = (w.pbjs = w.pbjs || ({} as Pbjs));
  pbjs.que = pbjs.que || [];
  let requested = false;
  const requestAds = () => {
    if (requested) return;
    requested = true;
    googletag.cmd.push(() => {
      if (pbjs.libLoaded) pbjs.setTargetingForGPTAsync(codes);
      fetch();
    });
  };
  pbjs.que.push(() => {
    setUp?.(pbjs);
    pbjs.requestBids({ adUnitCodes: codes, timeout: BIDDER_TIMEOUT_MS, bidsBackHandler: requestAds });
  });
  window.setTimeout(requestAds, FAILSAFE_TIMEOUT_MS);
}

/** Runs the auction, then has GPT fetch the slots (displayed, not yet loaded: disableInitialLoad). */
export function requestHeaderBids(googletag: Googletag, units: HeaderBiddingUnit[]): void {
  auctionThenFetch(
    googletag,
    units.map((unit) => unit.code),
    () => googletag.pubads().refresh(),
    (pbjs) => {
      // legacyRender: Prebid writes the creative into the ad server's frame itself, as GPT's own creatives fill theirs,
      // rather than into a frame of its own inside it.
      pbjs.setConfig({ bidderTimeout: BIDDER_TIMEOUT_MS, auctionOptions: { legacyRender: true } });
      pbjs.addAdUnits(units.map(adUnit));
    },
  );
}

/** A refresh of one slot as Prebid documents it for GPT: a new auction for its unit first (the bid in its targeting
 * was rendered already), then GPT asked for its ad again. */
export function refreshWithHeaderBids(googletag: Googletag, slot: unknown, code: string): void {
  auctionThenFetch(googletag, [code], () => googletag.pubads().refresh([slot]));
}
