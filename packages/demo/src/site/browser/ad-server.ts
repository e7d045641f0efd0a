// Browser module shared by the ad stand-ins and the demo's local bidders: which creative fills a slot, how often none
// does, and what the demand pays.
import { ADVERTISERS } from '../advertisers.ts';

/** Share of requests that come back with an ad: demand is never complete, so some slots render empty. */
export const FILL_RATE = { gpt: 0.96, adsense: 0.95 } as const;

/** The fill rate of a slot's requests: its unit's own where the page declares one (data-demo-fill, the slot spec's
 * `fill`), else its network's. */
export function fillRate(element: HTMLElement | null, network: keyof typeof FILL_RATE): number {
  const own = element?.dataset.demoFill;
  return own ? Number(own) : FILL_RATE[network];
}

export interface ResponseInformation {
  advertiserId: number;
  campaignId: number;
  creativeId: number;
  lineItemId: number;
}

export interface Creative extends ResponseInformation {
  frameUrl: string;
}

export function creativeFor([w, h]: [number, number]): Creative {
  const index = Math.floor(Math.random() * ADVERTISERS.length);
  return {
    frameUrl: `/ads/frame/${index}/${w}x${h}`,
    advertiserId: 4_100_000 + index,
    campaignId: 5_200_000 + index,
    creativeId: 138_000_000 + index * 100 + w % 100,
    lineItemId: 6_300_000 + index,
  };
}

/** The document of an ad frame: an advertiser's banner, linking to its (local) landing page. */
export function creativeHtml(advertiserIndex: number, w: number, h: number): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;overflow:hidden}img{display:block}</style></head>
<body><a href="/ads/landing/${advertiserIndex}" target="_blank" rel="noopener"><img src="/ads/creative/${advertiserIndex}/${w}x${h}.svg" width="${w}" height="${h}" alt="Advertisement"></a></body></html>`;
}

/** A CPM (USD) of the demo's demand, the ad server's own or a bidder's: 0.50 to 3.00, in cents. */
export const demandCpm = () => Math.round(50 + Math.random() * 250) / 100;

/** An ad server answers in a few hundred milliseconds. */
export const renderDelayMs = () => 150 + Math.random() * 450;
