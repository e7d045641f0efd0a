// Ad density and the ad layout of a page (issue 24): the Better Ads measure on hand-made pages, and the analysis's
// figures beside the advice.
import { describe, expect, it } from 'vitest';
import { adLayoutOf } from '../src/ad-density.ts';
import type { ContentLayout } from '../src/content-breaks.ts';
import { recommendForPage, type PageDeviceEvidence, type UnitEvidence } from '../src/index.ts';

/** A phone article: its main column spans the width, content from 400 to 4,400 px (4,000 px). */
const PHONE: ContentLayout = { column: { x: 0, width: 375 }, top: 400, bottom: 4400, breaks: [800, 1600, 2400, 3200] };

const unit = (adUnitId: string, x: number, y: number, width: number, height: number, sticky?: boolean): UnitEvidence => ({
  adUnitId,
  name: adUnitId,
  rect: { x, y, width, height },
  impressions: 500,
  viewable: 250,
  ...(sticky === undefined ? {} : { sticky }),
});

const phonePage = (units: UnitEvidence[], layout: ContentLayout | undefined): PageDeviceEvidence => ({
  pageId: 'p1',
  pageTitle: 'Story',
  device: 'mobile',
  pageviews: 1000,
  viewportHeight: 700,
  pageWidth: 375,
  notRendered: undefined,
  layout,
  units,
});

describe('adLayoutOf', () => {
  it('counts the ads in the main content over its height, a sticky anchor once, and the ads on the first screen', () => {
    // Four in-content 300x250s (1,000 px), a 320x50 anchor (once: 50 px), a 320x100 above the content (not in it).
    const units = [
      unit('a', 37, 600, 300, 250),
      unit('b', 37, 1500, 300, 250),
      unit('c', 37, 2500, 300, 250),
      unit('d', 37, 3500, 300, 250),
      unit('anchor', 27, 3900, 320, 50),
      unit('top', 27, 200, 320, 100),
    ];
    const layout = adLayoutOf(phonePage(units, PHONE), 0.3)!;
    expect(layout.contentHeight).toBe(4000);
    expect(layout.adHeight).toBe(1050);
    expect(layout.density).toBeCloseTo(0.2625, 4);
    // Above the fold (700 px): the top unit, the first 300x250 (at 600) and the anchor (always on screen).
    expect(layout.aboveFold).toBe(3);
    // Five units in the content (the anchor counts where it shows, over the content) over 4,000 px.
    expect(layout.perThousandPx).toBeCloseTo(1.25, 4);
  });

  it('has no figure without a rendering of the main content', () => {
    expect(adLayoutOf(phonePage([unit('a', 37, 600, 300, 250)], undefined), 0.3)).toBeUndefined();
  });

  it('is in the analysis of the page, in percent against the device limit, and a page over it is flagged by its figures', () => {
    // Six 300x250s in 4,000 px: 37.5 %, over Better Ads' 30 % for phones.
    const units = [600, 1200, 1800, 2400, 3000, 3600].map((y, i) => unit(`u${i}`, 37, y, 300, 250));
    const { analysis } = recommendForPage(phonePage(units, PHONE), new Map());
    expect(analysis.ad_layout).toEqual({ content_height: 4000, ad_height: 1500, density: 37.5, density_limit: 30, above_fold: 1, per_1000px: 1.5 });
  });

  it('holds the desktop figure against the website\'s own limit', () => {
    const desktop: PageDeviceEvidence = { ...phonePage([unit('a', 500, 1000, 300, 250)], PHONE), device: 'desktop', pageWidth: 1920, layout: { ...PHONE, column: { x: 460, width: 680 } } };
    expect(recommendForPage(desktop, new Map(), undefined, { desktopDensity: 0.2 }).analysis.ad_layout?.density_limit).toBe(20);
  });
});
