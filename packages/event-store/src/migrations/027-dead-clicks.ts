// Dead clicks (issue 26): the tracker flags a click on nothing interactive that was followed within 1 s by no DOM
// change around the element, no scroll and no navigation (its `dd`, packages/contracts/src/collect.ts). Stored per
// click; rows written before hold 0, as do clicks of trackers from before the flag. The element list counts them and
// the click map can be narrowed to them, both from the raw clicks (the heatmap rollups carry no flag). Adding a column
// only writes metadata. Frozen in time.
export const name = '027-dead-clicks';

export const statements = [`ALTER TABLE foldline.clicks ADD COLUMN IF NOT EXISTS dead UInt8 DEFAULT 0`];
