// The tracker's beacon: one batch of events from one pageview, sent as text/plain JSON to POST /api/collect.
// Keys are short because the tracker has a 4 KB gzipped budget; each is documented here, the one place they are defined.
// Times: `a` is the event's age in ms when the batch was sent; the server stamps ts = its clock − a (offsets only
// order events within a batch, the client's clock is never trusted).
import { z } from 'zod';

/** The oldest event a beacon may carry (ms): once a day is this far behind the clock, nothing more can land in it. */
export const MAX_EVENT_AGE_MS = 24 * 3600 * 1000;

const age = z.number().int().min(0).max(MAX_EVENT_AGE_MS);
const px = z.number().int().min(0).max(1_000_000);
const share = z.number().min(0).max(1);
const pct = z.number().min(0).max(100);
const flag = z.union([z.literal(0), z.literal(1)]);

export const pageviewEventSchema = z.object({
  k: z.literal('pv'),
  a: age,
  /** Document title. */
  t: z.string().max(500),
  /** Referrer URL ('' when none). */
  r: z.string().max(2048),
  /** Viewport width and height, document height (px). */
  vw: px,
  vh: px,
  dh: px,
});

/** A layout-shift score (a share of the viewport moved × how far; a page's whole load is rarely over 1). */
const layoutShift = z.number().min(0).max(100);

export const engagementEventSchema = z.object({
  k: z.literal('eng'),
  a: age,
  /** Engaged ms since the previous engagement event of this pageview (tab visible, user active). */
  ms: z.number().int().min(0).max(3600 * 1000),
  /** Maximum scroll depth so far, percent of document height. */
  sd: pct,
  /**
   * The depth this pageview reported before this event, -1 when this is its first engagement event. Trackers cached
   * from before it existed omit it: each of their events then counts as a pageview of its own.
   */
  pd: z.number().min(-1).max(100).optional(),
  dh: px,
  /** Layout shift of the page since its previous engagement event: the sum of the browser's layout-shift scores
   * without recent input (Chromium reports them; other browsers send none). */
  ls: layoutShift.optional(),
});

export const spanEventSchema = z.object({
  k: z.literal('span'),
  a: age,
  /** Scroll position (top of the viewport) and viewport height, px. */
  y: px,
  vh: px,
  dh: px,
  /** How long the viewport stood there while the tab was visible, ms. */
  d: z.number().int().min(0).max(3600 * 1000),
});

export const clickEventSchema = z.object({
  k: z.literal('click'),
  a: age,
  /** Document coordinates of the click. */
  x: px,
  y: px,
  vw: px,
  dh: px,
  /** Stable selector of the clicked element and the click's offset inside it as fractions of its box. */
  s: z.string().max(1000),
  ox: share,
  oy: share,
  /** 1: a dead click — on nothing interactive (no link, button, form field, tabindex, onclick or widget role on the
   * element or an ancestor), and followed within 1 s by no DOM change around the element, no scroll and no navigation.
   * Absent (or 0): not dead, or a tracker from before dead clicks. */
  dd: flag.optional(),
});

export const attentionEventSchema = z.object({
  k: z.literal('att'),
  a: age,
  x: px,
  y: px,
  vw: px,
  /** Weight: how long the pointer or gaze proxy rested there, ms. */
  w: z.number().int().min(0).max(600_000),
  /** Document height (px), so the point can be placed on a layout of another height. Trackers cached from before it
   * existed omit it; their attention stays out of the engagement heatmap. */
  dh: px.optional(),
});

export const adSlotSchema = z.object({
  /** Stable key of the slot on its page: GPT element id, AdSense data-ad-slot, or a selector. */
  key: z.string().min(1).max(500),
  /** Human name: GPT ad unit path, AdSense slot, or element id. */
  name: z.string().max(500),
  /** GPT ad unit path or AdSense slot id when known. */
  gid: z.string().max(500).optional(),
  /** Selector of the slot container. */
  sel: z.string().max(1000),
  /** Document position and size of the slot, px. */
  x: px,
  y: px,
  w: px,
  h: px,
});

/** A Prebid.js CPM: the price per 1,000 impressions, in the bid's currency. */
const cpm = z.number().min(0).max(10_000);
/** What a 'bid' event must carry. */
const BID_FIELDS = ['cpm', 'best', 'cur', 'bidder', 'net', 'won'] as const;

/**
 * 'bid': the impression's Prebid.js auction, at most one per impression (a win that comes after its impression's
 * lost-auction event was sent, the page hidden in between, adds a second with won 1): sent when Prebid's winning bid
 * rendered in it (won 1), else when the impression ends with the best bid Prebid received for it (won 0). Nothing else
 * of the bid leaves the page.
 */
export const AD_EVENT_KINDS = ['impression', 'empty', 'viewable', 'click', 'view_time', 'bid'] as const;
export const adEventSchema = z
  .object({
    k: z.literal('ad'),
    a: age,
    slot: adSlotSchema,
    /** Impression id: one per render of the slot (a GPT refresh is a new impression). */
    imp: z.string().uuid(),
    ev: z.enum(AD_EVENT_KINDS),
    /** For view_time: ms in view since the previous view_time event of this impression. */
    iv: z.number().int().min(0).max(3600 * 1000).optional(),
    /** Largest share of the slot seen in view so far, percent. */
    mp: pct.optional(),
    /** For view_time: layout shift this impression caused since its previous view_time (content it pushed down). */
    ls: layoutShift.optional(),
    /** For bid: the winning Prebid CPM (0 when Prebid did not win) and the best Prebid CPM of the auction. */
    cpm: cpm.optional(),
    best: cpm.optional(),
    /** For bid: the currency of the won bid, else of the best one (ISO 4217). */
    cur: z.string().regex(/^[A-Z]{3}$/).optional(),
    /** For bid: the bidder code of the won bid, else of the best one. */
    bidder: z.string().max(64).optional(),
    /** For bid: 1 when the CPM is net revenue, 0 when gross; 1 when Prebid won the impression. */
    net: flag.optional(),
    won: flag.optional(),
  })
  .superRefine((event, context) => {
    if (event.ev !== 'bid') return;
    const missing = BID_FIELDS.find((field) => event[field] === undefined);
    if (missing) context.addIssue({ code: 'custom', path: [missing], message: `A bid event carries ${missing}` });
    else if (event.cpm! > event.best! || (event.won === 0 && event.cpm !== 0)) {
      context.addIssue({ code: 'custom', path: ['cpm'], message: 'A bid event\'s cpm is the won CPM (0 when lost), at most its best' });
    }
  });

export const collectEventSchema = z.discriminatedUnion('k', [
  pageviewEventSchema,
  engagementEventSchema,
  spanEventSchema,
  clickEventSchema,
  attentionEventSchema,
  adEventSchema,
]);
export type CollectEvent = z.infer<typeof collectEventSchema>;

export const collectPayloadSchema = z.object({
  /** The website's tracking code (data-site of the script tag). */
  site: z.string().min(1).max(64),
  /** Full page URL (location.href). */
  u: z.string().url().max(4096),
  /** Pageview id and session id, made by the tracker (session: sessionStorage, 30 min inactivity). */
  pv: z.string().uuid(),
  sid: z.string().uuid(),
  /** Viewport width when the pageview started, px, sent with every batch so that batches without a pageview
   * event get the pageview's device class too. Optional: the collector falls back to the events' own widths. */
  vw: px.optional(),
  e: z.array(collectEventSchema).min(1).max(500),
});
export type CollectPayload = z.infer<typeof collectPayloadSchema>;

/** The collector's answer: which kinds of data the website collects, so the tracker can stop the others. */
export const collectResponseSchema = z.object({
  ok: z.boolean(),
  prefs: z.object({ clicks: z.boolean(), scroll: z.boolean(), engagement: z.boolean(), ads: z.boolean() }),
});
export type CollectResponse = z.infer<typeof collectResponseSchema>;
