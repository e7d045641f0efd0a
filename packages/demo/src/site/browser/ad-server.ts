// Browser module shared by the GPT and AdSense stand-ins: which creative fills a slot, and how often none does.
import { ADVERTISERS } from '../advertisers.ts';

/** Share of requests that come back with an ad: demand is never complete, so some slots render empty. */
export const FILL_RATE = { gpt: 0.96, adsense: 0.95 } as const;

export interface Creative {
  frameUrl: string;
  advertiserId: number;
  campaignId: number;
  creativeId: number;
  lineItemId: number;
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

/** An ad server answers in a few hundred milliseconds. */
export const renderDelayMs = () => 150 + Math.random() * 450;
