// The demo site's header bidding, simulated per impression as Prebid.js would report it to the tracker: a few bidders
// bid on each GPT slot before the ad server's own demand; the best bid wins when it beats the ad server's price. The
// tracker sends one 'bid' event per impression with an auction (packages/contracts/src/collect.ts): the won CPM, the
// best bid, the bidder, the currency. AdSense slots have no Prebid auction.
//
// Each impression's auction draws from its own generator seeded by the impression id, so adding it left every other
// draw of the simulation (and the demo's figures) as they were.
import type { CollectEvent } from '@foldline/contracts/collect';
import type { Device } from '../site/metrics.ts';
import type { SlotSpec } from '../site/page-plan.ts';
import { createRng } from './prng.ts';

export const BIDDERS = ['appnexus', 'rubicon', 'ix'] as const;
/** Each bidder bids on this share of auctions. */
const BID_RATE = 0.6;
/** Median CPM (USD) of a 300x250 bid per device: desktop sells higher than phones. */
const MEDIAN_CPM: Record<Device, number> = { desktop: 1.8, tablet: 1.4, mobile: 0.9 };
/** What each size fetches against a 300x250 (../shared/research/ad-measurement.md §7). */
const SIZE_FACTOR: Record<string, number> = { '300x250': 1, '336x280': 1, '728x90': 0.9, '970x90': 1, '160x600': 0.7, '300x600': 1.6, '320x50': 0.35, '320x100': 0.5 };
/** The ad server's own demand: its price beats the best bid this often at equal medians. */
const AD_SERVER_MEDIAN = 0.95;

export type BidEvent = Extract<CollectEvent, { k: 'ad' }>;

/** The 'bid' event of a filled GPT impression, or undefined when no bidder bid (the tracker then sends none). */
export function auctionOf(imp: string, slot: SlotSpec, device: Device, adEvent: Omit<BidEvent, 'ev'>): BidEvent | undefined {
  if (slot.network !== 'gpt') return undefined;
  const rng = createRng(`auction-${imp}`);
  const median = MEDIAN_CPM[device] * (SIZE_FACTOR[`${slot.w}x${slot.h}`] ?? 1);
  let best = 0;
  let bidder = '';
  for (const code of BIDDERS) {
    if (!rng.chance(BID_RATE)) continue;
    const cpm = Math.round(rng.logNormal(median, 0.6) * 100) / 100;
    if (cpm > best) [best, bidder] = [cpm, code];
  }
  if (best === 0) return undefined;
  const won = best > rng.logNormal(median * AD_SERVER_MEDIAN, 0.7);
  return { ...adEvent, ev: 'bid', cpm: won ? best : 0, best, cur: 'USD', bidder, net: 1, won: won ? 1 : 0 };
}
