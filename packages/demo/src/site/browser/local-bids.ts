// Browser module, part of the demo's Prebid.js bundle (../prebid.ts): the bidders, answered on this machine. Prebid's
// debugging module intercepts every bid request before its adapter would send it and mocks the bidder's response from
// the rules set here, so the auction, its bids and its bidWon are Prebid's own and no request leaves the machine.
import { ADVERTISERS } from '../advertisers.ts';
import { creativeHtml, demandCpm } from './ad-server.ts';

/** The bidders of the demo's ad units, each answering after its own (simulated) network time, in ms. */
export const LOCAL_BIDDERS = { appnexus: 60, rubicon: 90 } as const;
/** Each bidder bids on this share of requests; the others get no bid. */
const BID_RATE = 0.85;

interface BidRequest {
  bidder?: string;
  mediaTypes?: { banner?: { sizes?: number[][] } };
}
interface Pbjs {
  setConfig(config: object): void;
}

/** A bidder's bid for a banner request: a CPM of 0.50 to 3.00 USD, net, with an advertiser's banner at its size. */
function localBid(request: BidRequest) {
  const [w = 300, h = 250] = request.mediaTypes?.banner?.sizes?.[0] ?? [];
  const advertiser = Math.floor(Math.random() * ADVERTISERS.length);
  return {
    cpm: demandCpm(),
    currency: 'USD',
    netRevenue: true,
    width: w,
    height: h,
    creativeId: `demo-${request.bidder}-${advertiser}`,
    ad: creativeHtml(advertiser, w, h),
  };
}

export function answerBidsLocally(pbjs: Pbjs): void {
  // Rules with functions are not kept in sessionStorage across pages (Prebid warns of that, hence suppressWarnings):
  // every page sets them again before its first auction.
  const options = { suppressWarnings: true };
  const intercept: object[] = Object.entries(LOCAL_BIDDERS).map(([bidder, delay]) => ({
    when: (request: BidRequest) => request.bidder === bidder && Math.random() < BID_RATE,
    then: localBid,
    options: { ...options, delay },
  }));
  // Every other request, a bidder's no-bid or any other bidder, is answered too, without a bid: none reaches an adapter.
  intercept.push({ when: () => true, then: null, options });
  // User syncs would load the bidders' pixels from their servers.
  pbjs.setConfig({ userSync: { syncEnabled: false }, debugging: { enabled: true, intercept } });
  // The debugging module turns Prebid's console logging on: off again, so the reader's console stays as quiet as on a
  // production page.
  pbjs.setConfig({ debug: false });
}
