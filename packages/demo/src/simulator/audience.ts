// Who visits the simulated Daily Gazette: device mix, viewports, browsers, and where visits come from.
import type { Device } from '../site/metrics.ts';
import type { Rng } from './prng.ts';

/** StatCounter-like shares for a news site: half desktop, four in ten phones, one in ten tablets. */
export const DEVICE_MIX: ReadonlyArray<{ device: Device; share: number }> = [
  { device: 'desktop', share: 0.5 },
  { device: 'mobile', share: 0.4 },
  { device: 'tablet', share: 0.1 },
];

/** Common inner window sizes per device class (CSS px, browser chrome removed), with their weights. */
const VIEWPORTS: Record<Device, ReadonlyArray<{ w: number; h: number; share: number }>> = {
  desktop: [
    { w: 1920, h: 947, share: 0.27 },
    { w: 1536, h: 730, share: 0.18 },
    { w: 1366, h: 657, share: 0.16 },
    { w: 1440, h: 789, share: 0.13 },
    { w: 1280, h: 649, share: 0.1 },
    { w: 2560, h: 1291, share: 0.08 },
    { w: 1680, h: 939, share: 0.08 },
  ],
  mobile: [
    { w: 390, h: 664, share: 0.22 },
    { w: 393, h: 659, share: 0.14 },
    { w: 412, h: 783, share: 0.16 },
    { w: 375, h: 635, share: 0.1 },
    { w: 360, h: 640, share: 0.12 },
    { w: 414, h: 715, share: 0.1 },
    { w: 430, h: 739, share: 0.16 },
  ],
  tablet: [
    { w: 768, h: 954, share: 0.3 },
    { w: 810, h: 1010, share: 0.25 },
    { w: 820, h: 1106, share: 0.25 },
    { w: 800, h: 1205, share: 0.2 },
  ],
};

const USER_AGENTS: Record<Device, ReadonlyArray<{ ua: string; share: number }>> = {
  desktop: [
    { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', share: 0.45 },
    { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', share: 0.14 },
    { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', share: 0.16 },
    { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', share: 0.12 },
    { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0', share: 0.09 },
    { ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', share: 0.04 },
  ],
  mobile: [
    { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', share: 0.5 },
    { ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', share: 0.42 },
    { ua: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', share: 0.08 },
  ],
  tablet: [
    { ua: 'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1', share: 0.6 },
    { ua: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', share: 0.4 },
  ],
};

export interface Visitor {
  device: Device;
  vw: number;
  vh: number;
  userAgent: string;
  /** From the shared address space 100.64.0.0/10: clearly not a real person's address. */
  ip: string;
}

export function drawVisitor(rng: Rng): Visitor {
  const { device } = rng.weighted(DEVICE_MIX, (d) => d.share);
  const viewport = rng.weighted(VIEWPORTS[device], (v) => v.share);
  return {
    device,
    vw: viewport.w,
    vh: viewport.h,
    userAgent: rng.weighted(USER_AGENTS[device], (u) => u.share).ua,
    ip: `100.${64 + rng.int(0, 63)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
  };
}

export type Landing = 'home' | 'article' | 'category';

export interface Source {
  referrer: string;
  /** Query string added to the landing URL ('' for none). */
  query: string;
  share: number;
  /** Where visits from this source land: search and social bring readers straight to stories. */
  landing: Partial<Record<Landing, number>>;
}

export const SOURCES: readonly Source[] = [
  { referrer: '', query: '', share: 0.27, landing: { home: 0.6, article: 0.3, category: 0.1 } },
  { referrer: 'https://www.google.com/', query: '', share: 0.31, landing: { article: 0.85, home: 0.1, category: 0.05 } },
  { referrer: 'https://news.google.com/', query: '', share: 0.06, landing: { article: 1 } },
  { referrer: 'https://www.bing.com/', query: '', share: 0.04, landing: { article: 0.8, home: 0.2 } },
  { referrer: 'https://duckduckgo.com/', query: '', share: 0.02, landing: { article: 0.8, home: 0.2 } },
  { referrer: 'https://www.facebook.com/', query: '', share: 0.08, landing: { article: 0.95, home: 0.05 } },
  { referrer: 'https://t.co/', query: '', share: 0.03, landing: { article: 1 } },
  { referrer: 'https://www.reddit.com/r/alderport/', query: '', share: 0.03, landing: { article: 1 } },
  { referrer: '', query: 'utm_source=newsletter&utm_medium=email&utm_campaign=morning-briefing', share: 0.12, landing: { article: 0.7, home: 0.3 } },
  { referrer: 'https://www.facebook.com/', query: 'utm_source=facebook&utm_medium=paid_social&utm_campaign=autumn-subscriptions', share: 0.02, landing: { home: 0.5, article: 0.5 } },
  { referrer: 'https://alderport-forum.example/threads/tram', query: '', share: 0.02, landing: { article: 1 } },
];
