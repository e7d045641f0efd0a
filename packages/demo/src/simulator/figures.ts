// Aggregate figures of simulated beacons, computed from the payloads alone (as analytics would): used to check the
// simulator against the published figures and to report what a seed produced.
import { deviceOf, type Device } from '../site/metrics.ts';
import type { SimulatedBeacon } from './pageview.ts';

export interface Figures {
  pageviews: number;
  events: number;
  sessions: number;
  deviceShare: Record<Device, number>;
  /** Viewable / measured impressions for slots at least half inside the first screen, and for the others. */
  viewabilityAboveFold: number;
  viewabilityBelowFold: number;
  impressions: number;
  emptyRenders: number;
  adCtr: number;
  /** Share of pageviews whose viewport bottom reached the depth: 1,500 px on articles, 1,000 px on the home page. */
  articleReach1500: number;
  homeReach1000: number;
  clicks: number;
}

export function measure(beacons: Iterable<SimulatedBeacon>): Figures {
  const pageviews = new Map<string, { vh: number; device: Device; path: string; bottom: number }>();
  const sessions = new Set<string>();
  const impressions = new Map<string, { above: boolean; viewable: boolean }>();
  let events = 0;
  let empty = 0;
  let adClicks = 0;
  let clicks = 0;
  const pendingAds: Array<{ pv: string; imp: string; y: number; h: number; ev: string }> = [];
  for (const { payload } of beacons) {
    sessions.add(payload.sid);
    events += payload.e.length;
    for (const e of payload.e) {
      if (e.k === 'pv') pageviews.set(payload.pv, { vh: e.vh, device: deviceOf(e.vw), path: new URL(payload.u).pathname, bottom: e.vh });
      else if (e.k === 'span') {
        const view = pageviews.get(payload.pv);
        if (view) view.bottom = Math.max(view.bottom, e.y + e.vh);
      } else if (e.k === 'click') clicks += 1;
      else if (e.k === 'ad') pendingAds.push({ pv: payload.pv, imp: e.imp, y: e.slot.y, h: e.slot.h, ev: e.ev });
    }
  }
  for (const ad of pendingAds) {
    const view = pageviews.get(ad.pv);
    if (!view) continue;
    if (ad.ev === 'empty') empty += 1;
    else if (ad.ev === 'impression') impressions.set(ad.imp, { above: ad.y + ad.h / 2 <= view.vh, viewable: impressions.get(ad.imp)?.viewable ?? false });
    else if (ad.ev === 'viewable') impressions.set(ad.imp, { above: ad.y + ad.h / 2 <= view.vh, viewable: true });
    else if (ad.ev === 'click') adClicks += 1;
  }
  const rate = (items: Array<{ viewable: boolean }>) => (items.length ? items.filter((i) => i.viewable).length / items.length : 0);
  const all = [...impressions.values()];
  const views = [...pageviews.values()];
  const share = (list: typeof views, test: (v: (typeof views)[number]) => boolean) => (list.length ? list.filter(test).length / list.length : 0);
  const articles = views.filter((v) => v.path.split('/').filter(Boolean).length === 2);
  const home = views.filter((v) => v.path === '/');
  return {
    pageviews: views.length,
    events,
    sessions: sessions.size,
    deviceShare: {
      desktop: share(views, (v) => v.device === 'desktop'),
      tablet: share(views, (v) => v.device === 'tablet'),
      mobile: share(views, (v) => v.device === 'mobile'),
    },
    viewabilityAboveFold: rate(all.filter((i) => i.above)),
    viewabilityBelowFold: rate(all.filter((i) => !i.above)),
    impressions: all.length,
    emptyRenders: empty,
    adCtr: all.length ? adClicks / all.length : 0,
    articleReach1500: share(articles, (v) => v.bottom >= 1500),
    homeReach1000: share(home, (v) => v.bottom >= 1000),
    clicks,
  };
}
