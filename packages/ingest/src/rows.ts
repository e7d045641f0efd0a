// Turns the beacon's events into rows of the event tables (packages/event-store/src/migrations), one table each.
// Their text comes cleaned (normalise.ts), the same the metadata store holds.
import type { CollectEvent } from '@foldline/contracts';
import { toEventTime } from '@foldline/event-store';
import { fitText } from './normalise.ts';
import type { Rows } from './write-buffer.ts';

export interface RowContext {
  websiteId: string;
  pageId: string;
  pageviewId: string;
  sessionId: string;
  device: string;
  /** Server time the batch arrived, ms; an event's time is this minus its age. */
  receivedAt: number;
  /** What only the pageview row carries. */
  pageview: { visitorId: string; urlPath: string; url: URL; browser: string; os: string };
  /** Ad unit id of each ad event's slot key. */
  adUnitIds: Map<string, string>;
}

const clampInt = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
const U16 = 65_535;
const U32 = 4_294_967_295;

export function toRows(events: readonly CollectEvent[], c: RowContext): Rows {
  const rows: Rows = {};
  const push = (table: string, row: Record<string, unknown>) => (rows[table] ??= []).push(row);
  for (const event of events) {
    const common = {
      website_id: c.websiteId,
      ts: toEventTime(c.receivedAt - event.a),
      page_id: c.pageId,
      pageview_id: c.pageviewId,
      session_id: c.sessionId,
      device: c.device,
    };
    switch (event.k) {
      case 'pv': {
        const params = c.pageview.url.searchParams;
        push('foldline.pageviews', {
          ...common,
          visitor_id: c.pageview.visitorId,
          url_path: c.pageview.urlPath,
          title: event.t,
          referrer_host: referrerHost(event.r, c.pageview.url.hostname),
          // Decoded from the address, so cleaned like the beacon's own text (normalise.ts).
          utm_source: fitText(params.get('utm_source') ?? '', 200),
          utm_medium: fitText(params.get('utm_medium') ?? '', 200),
          utm_campaign: fitText(params.get('utm_campaign') ?? '', 500),
          browser: c.pageview.browser,
          os: c.pageview.os,
          viewport_w: clampInt(event.vw, U16),
          viewport_h: clampInt(event.vh, U16),
          doc_h: event.dh,
        });
        break;
      }
      case 'eng': {
        const depth = clampInt(event.sd, 100);
        const before = event.pd === undefined ? -1 : Math.round(event.pd);
        push('foldline.engagement', {
          ...common,
          engaged_ms: event.ms,
          max_scroll_pct: depth,
          doc_h: event.dh,
          // Additive per pageview: one first row, and depth gains that add up to its deepest scroll.
          is_first: before < 0 ? 1 : 0,
          scroll_gain: Math.max(0, depth - Math.max(0, before)),
          layout_shift: event.ls ?? 0,
        });
        break;
      }
      case 'span':
        push('foldline.viewport_spans', { ...common, scroll_y: event.y, viewport_h: clampInt(event.vh, U16), doc_h: event.dh, duration_ms: event.d });
        break;
      case 'click':
        push('foldline.clicks', {
          ...common,
          viewport_w: clampInt(event.vw, U16),
          doc_h: event.dh,
          x: event.x,
          y: event.y,
          selector: event.s,
          offset_x: event.ox,
          offset_y: event.oy,
          // Migration 027: a dead click (the tracker's dd flag).
          dead: event.dd ?? 0,
        });
        break;
      case 'att':
        push('foldline.attention', { ...common, viewport_w: clampInt(event.vw, U16), x: event.x, y: event.y, weight_ms: event.w, doc_h: event.dh ?? 0 });
        break;
      case 'ad':
        push('foldline.ad_events', {
          ...common,
          ad_unit_id: c.adUnitIds.get(event.slot.key),
          impression_id: event.imp,
          kind: event.ev,
          in_view_ms: clampInt(event.iv ?? 0, U32),
          max_in_view_pct: clampInt(event.mp ?? 0, 100),
          width: clampInt(event.slot.w, U16),
          height: clampInt(event.slot.h, U16),
          position_y: event.slot.y,
          layout_shift: event.ls ?? 0,
          // A Prebid auction (migration 021); other kinds leave these columns at their defaults.
          ...(event.ev === 'bid'
            ? { cpm: event.cpm, best_cpm: event.best, currency: event.cur, bidder: event.bidder, prebid_won: event.won, net: event.net }
            : {}),
        });
        break;
    }
  }
  return rows;
}

/** The referring host, or '' for direct visits and navigation inside the same site. */
function referrerHost(referrer: string, pageHost: string): string {
  if (!referrer) return '';
  try {
    const host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, '');
    return host === pageHost.toLowerCase().replace(/^www\./, '') ? '' : host.slice(0, 253);
  } catch {
    return '';
  }
}
