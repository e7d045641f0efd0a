// Layout shift (issue 24): the page's, per engagement row (increments since the previous one, like engaged time), and
// the part an ad impression caused, on its view_time rows. Rows written before hold 0: not measured (other browsers
// report none either), which the reports tell apart by counting only pageviews with a shift entry at all.
export const name = '023-layout-shift';

export const statements = [
  `ALTER TABLE foldline.engagement ADD COLUMN IF NOT EXISTS layout_shift Float64 DEFAULT 0`,
  `ALTER TABLE foldline.ad_events ADD COLUMN IF NOT EXISTS layout_shift Float64 DEFAULT 0`,
];
