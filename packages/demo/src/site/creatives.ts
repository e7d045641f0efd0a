// SVG creatives for the ad stand-ins and the articles' illustrations, drawn on request: no image files, no network.
import { ADVERTISERS } from './advertisers.ts';
import { creativeHtml } from './browser/ad-server.ts';
import { escapeHtml } from './render.ts';

/** An advertiser's banner at any size: horizontal for leaderboards, stacked for skyscrapers, boxed for rectangles. */
export function creativeSvg(advertiserIndex: number, w: number, h: number): string | undefined {
  const ad = ADVERTISERS[advertiserIndex];
  if (!ad || w < 1 || h < 1 || w > 2000 || h > 2000) return undefined;
  const name = escapeHtml(ad.name);
  const tagline = escapeHtml(ad.tagline);
  const cta = escapeHtml(ad.cta);
  const ink = ad.background === '#f4f1e6' ? '#1d1d1f' : '#ffffff';
  let body: string;
  if (h <= 100) {
    const big = Math.min(28, h * 0.36);
    const ctaWidth = Math.min(180, w * 0.28);
    body = `<text x="${h * 0.3}" y="${h * 0.45}" font-size="${big}" font-weight="700" fill="${ink}">${name}</text>
<text x="${h * 0.3}" y="${h * 0.8}" font-size="${big * 0.55}" fill="${ad.accent}">${w >= 600 ? tagline : ''}</text>
<rect x="${w - ctaWidth - h * 0.2}" y="${h * 0.22}" width="${ctaWidth}" height="${h * 0.56}" rx="${h * 0.1}" fill="${ad.accent}"/>
<text x="${w - ctaWidth / 2 - h * 0.2}" y="${h * 0.58}" font-size="${Math.min(16, h * 0.24)}" text-anchor="middle" font-weight="700" fill="${ad.background}">${cta}</text>`;
  } else {
    const big = Math.min(30, w * 0.09);
    body = `<circle cx="${w / 2}" cy="${h * 0.28}" r="${Math.min(w, h) * 0.16}" fill="${ad.accent}" opacity="0.9"/>
<text x="${w / 2}" y="${h * 0.55}" font-size="${big}" font-weight="700" text-anchor="middle" fill="${ink}">${name}</text>
<text x="${w / 2}" y="${h * 0.55 + big * 1.3}" font-size="${big * 0.5}" text-anchor="middle" fill="${ink}" opacity="0.85">${tagline}</text>
<rect x="${w * 0.15}" y="${h * 0.78}" width="${w * 0.7}" height="${Math.min(44, h * 0.12)}" rx="6" fill="${ad.accent}"/>
<text x="${w / 2}" y="${h * 0.78 + Math.min(44, h * 0.12) * 0.65}" font-size="${Math.min(16, w * 0.07)}" font-weight="700" text-anchor="middle" fill="${ad.background}">${cta}</text>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="Helvetica, Arial, sans-serif">
<rect width="${w}" height="${h}" fill="${ad.background}"/>
${body}
<text x="${w - 4}" y="${h - 4}" font-size="9" text-anchor="end" fill="${ink}" opacity="0.6">Ad · demo</text>
</svg>`;
}

/** The HTML inside an ad iframe: the creative, linking to the advertiser's (local) landing page. */
export function creativeFrameHtml(advertiserIndex: number, w: number, h: number): string | undefined {
  if (!ADVERTISERS[advertiserIndex] || !creativeSvg(advertiserIndex, w, h)) return undefined;
  return creativeHtml(advertiserIndex, w, h);
}

export function landingHtml(advertiserIndex: number): string | undefined {
  const ad = ADVERTISERS[advertiserIndex];
  if (!ad) return undefined;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(ad.name)}</title></head>
<body style="font-family:sans-serif;margin:48px"><h1>${escapeHtml(ad.name)}</h1><p>${escapeHtml(ad.tagline)}</p>
<p>This advertiser is invented: it is part of Foldline's demo site.</p><p><a href="/">Back to the Daily Gazette</a></p></body></html>`;
}

/** An abstract illustration for an article, coloured from its slug. */
export function illustrationSvg(slug: string): string {
  let hash = 0;
  for (const c of slug) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const shapes = Array.from({ length: 7 }, (_, i) => {
    const x = ((hash >>> (i * 3)) % 160) * 10;
    const r = 60 + ((hash >>> (i * 2)) % 9) * 20;
    return `<circle cx="${x}" cy="${(i * 137) % 900}" r="${r}" fill="hsl(${(hue + i * 25) % 360} 45% ${40 + i * 6}%)" opacity="0.55"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice">
<rect width="1600" height="900" fill="hsl(${hue} 35% 82%)"/>${shapes}
<path d="M0 700 L300 560 L520 640 L800 480 L1100 620 L1350 520 L1600 600 L1600 900 L0 900 Z" fill="hsl(${hue} 30% 30%)" opacity="0.8"/>
</svg>`;
}
