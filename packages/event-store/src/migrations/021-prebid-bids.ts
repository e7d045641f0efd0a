// Prebid.js auctions in the page: a 'bid' row of ad_events per impression whose auction Prebid won or had bids for
// (the tracker's 'bid' event, packages/contracts/src/collect.ts), carrying the winning CPM (0 when Prebid lost), the
// best CPM of the auction, the currency, the bidder, whether Prebid won and whether the CPM is net revenue. Other
// kinds keep the defaults. The kind column is a LowCardinality(String), so 'bid' needs no new enum value, and every
// count of ad_events (rollups, page counts, reports) picks its kinds by name: bid rows change no impression, viewable
// or click count. Adding columns only writes metadata: stored rows read the defaults. Frozen in time.
export const name = '021-prebid-bids';

// One statement, its actions on one line after the table's name: the shape cluster.ts gives a cluster form.
export const statements = [
  `ALTER TABLE foldline.ad_events ADD COLUMN IF NOT EXISTS cpm Float64 DEFAULT 0, ADD COLUMN IF NOT EXISTS best_cpm Float64 DEFAULT 0, ` +
    `ADD COLUMN IF NOT EXISTS currency LowCardinality(String) DEFAULT '', ADD COLUMN IF NOT EXISTS bidder LowCardinality(String) DEFAULT '', ` +
    `ADD COLUMN IF NOT EXISTS prebid_won UInt8 DEFAULT 0, ADD COLUMN IF NOT EXISTS net UInt8 DEFAULT 0`,
];
