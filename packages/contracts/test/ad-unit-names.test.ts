import { describe, expect, it } from 'vitest';
import { adUnitKey, automaticAdUnitName, renameAdUnitBodySchema, type AdUnitPlacement } from '../src/ad-unit-names.ts';

const placement = (fields: Partial<AdUnitPlacement>): AdUnitPlacement => ({
  google_ad_slot_id: null,
  slot_key: 'slot',
  name: 'slot',
  ad_format: '300x250',
  position_y: 0,
  ...fields,
});

describe('ad unit names', () => {
  it('groups slots by the ad server identity, else by their key on the page', () => {
    expect(adUnitKey({ google_ad_slot_id: '/1/site/top', slot_key: 'div-gpt-ad-top-970x90' })).toBe('/1/site/top');
    expect(adUnitKey({ google_ad_slot_id: '4821596307', slot_key: '4821596307@2' })).toBe('4821596307');
    expect(adUnitKey({ google_ad_slot_id: null, slot_key: 'sidebar' })).toBe('sidebar');
  });

  it('names a GPT unit by the last segment of its ad unit path', () => {
    expect(automaticAdUnitName([placement({ google_ad_slot_id: '/21700045/daily_gazette/article_top', name: '/21700045/daily_gazette/article_top' })])).toBe('article_top');
    expect(automaticAdUnitName([placement({ google_ad_slot_id: '/21700045/home/', name: 'x' })])).toBe('home');
  });

  it('names an AdSense unit by slot and sizes, the same whatever depth it was last measured at', () => {
    const slot = { google_ad_slot_id: '4821596307', name: '4821596307' };
    expect(automaticAdUnitName([placement({ ...slot, position_y: 120 })])).toBe('4821596307 · 300x250');
    expect(automaticAdUnitName([placement({ ...slot, position_y: 1_700 })])).toBe(automaticAdUnitName([placement({ ...slot, position_y: 1_900 })]));
    expect(
      automaticAdUnitName([placement({ ...slot, position_y: 2_449 }), placement({ ...slot, position_y: 3_100, ad_format: '336x280' })]),
    ).toBe('4821596307 · 300x250, 336x280');
  });

  it('keeps what the page reported for any other slot', () => {
    expect(automaticAdUnitName([placement({ slot_key: 'sidebar', name: 'Sidebar box' })])).toBe('Sidebar box');
    expect(automaticAdUnitName([placement({ slot_key: '#main>div:nth-of-type(2)', name: '' })])).toBe('#main>div:nth-of-type(2)');
  });

  it('takes a trimmed name of up to 100 characters, blank or null meaning the automatic one', () => {
    expect(renameAdUnitBodySchema.parse({ name: '  Leaderboard ' })).toEqual({ name: 'Leaderboard' });
    expect(renameAdUnitBodySchema.parse({ name: '   ' })).toEqual({ name: null });
    expect(renameAdUnitBodySchema.parse({ name: null })).toEqual({ name: null });
    expect(renameAdUnitBodySchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
    expect(renameAdUnitBodySchema.safeParse({ name: 3 }).success).toBe(false);
  });
});
