// A website's Ads & revenue settings (src/ad-settings.ts): what the contract takes, the message it refuses the rest
// with, how a change merges into what is stored, and the currency helper.
import { describe, expect, it } from 'vitest';
import {
  adsSettingsInputSchema,
  COMMON_CURRENCIES,
  CURRENCY_MESSAGE,
  DEFAULT_FORMAT_VALUES,
  DENSITY_PERCENT_MESSAGE,
  isCurrencyCode,
  mergeAdsSettings,
  websiteCurrency,
} from '../src/ad-settings.ts';
import { updateWebsiteBodySchema, websiteSettingsSchema } from '../src/websites.ts';

/** The first message the contract answers for `ads`, as the API's error handler would show it. */
function refusal(ads: unknown): string | undefined {
  const result = updateWebsiteBodySchema.safeParse({ settings: { ads } });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('Ads & revenue settings', () => {
  it('takes a density limit, values per device and format, and a currency, each within bounds', () => {
    const ads = { desktopDensityPercent: 25, formatValues: { desktop: { '728x90': 0.01, '300x600': 20 }, mobile: { '320x50': 0.5 } }, currency: 'EUR' };
    expect(adsSettingsInputSchema.parse(ads)).toEqual(ads);
    expect(adsSettingsInputSchema.parse({ desktopDensityPercent: 10 })).toEqual({ desktopDensityPercent: 10 });
    expect(adsSettingsInputSchema.parse({ desktopDensityPercent: 50, formatValues: {}, currency: null })).toEqual({ desktopDensityPercent: 50, formatValues: {}, currency: null });
    // Every format of a device's default table may be set on that device; tablets have both tables.
    for (const [device, table] of Object.entries(DEFAULT_FORMAT_VALUES)) {
      expect(refusal({ formatValues: { [device]: Object.fromEntries(Object.keys(table).map((name) => [name, 2])) } })).toBeUndefined();
    }
    expect(Object.keys(DEFAULT_FORMAT_VALUES.tablet)).toEqual(expect.arrayContaining(['320x50', '970x250']));
    for (const code of COMMON_CURRENCIES) expect(isCurrencyCode(code), code).toBe(true);
  });

  it('refuses a density limit out of 10–50 % or not a number, saying the bounds', () => {
    for (const value of [9.9, 51, 0, -30, '30']) expect(refusal({ desktopDensityPercent: value }), String(value)).toBe(DENSITY_PERCENT_MESSAGE);
    expect(DENSITY_PERCENT_MESSAGE).toBe("The ad density limit must be between 10 and 50 % of the main content's height");
  });

  it('refuses an unknown device, an unknown format and a value out of 0.01–20, naming them', () => {
    expect(refusal({ formatValues: { phone: { '320x50': 1 } } })).toBe('Unknown device "phone": format values are set for desktop, tablet, mobile');
    expect(refusal({ formatValues: { desktop: { '468x60': 1 } } })).toBe(
      'Unknown ad format "468x60" on desktop: the formats are 300x250, 336x280, 728x90, 970x90, 970x250, 300x600, 160x600',
    );
    // A phone banner is no desktop format.
    expect(refusal({ formatValues: { desktop: { '320x50': 1 } } })).toMatch(/^Unknown ad format "320x50" on desktop/);
    expect(refusal({ formatValues: { mobile: { '320x50': 0 } } })).toBe('The value of a 320x50 on mobile must be between 0.01 and 20 (a 300x250 is 1)');
    expect(refusal({ formatValues: { tablet: { '728x90': 20.5 } } })).toBe('The value of a 728x90 on tablet must be between 0.01 and 20 (a 300x250 is 1)');
    expect(refusal({ formatValues: { desktop: { '728x90': '0.9' } } })).toBe('Format values on desktop must be numbers');
    expect(refusal({ formatValues: [] })).toBe('Format values must be an object of devices');
  });

  it('refuses a currency that is not a current ISO 4217 code', () => {
    for (const code of ['usd', 'EURO', 'US', '€', 'XYZ', '', 978]) expect(refusal({ currency: code }), String(code)).toBe(CURRENCY_MESSAGE);
    expect(refusal({ currency: 'THB' })).toBeUndefined();
  });

  it('merges a change into the stored settings: left out keeps, null resets, the table is replaced whole', () => {
    const stored = { desktopDensityPercent: 20, formatValues: { desktop: { '728x90': 0.5 }, mobile: { '320x50': 0.2 } }, currency: 'GBP' };
    expect(mergeAdsSettings(stored, undefined)).toEqual(stored);
    expect(mergeAdsSettings(stored, { currency: 'EUR' })).toEqual({ ...stored, currency: 'EUR' });
    expect(mergeAdsSettings(stored, { desktopDensityPercent: null, formatValues: { tablet: { '300x600': 2 } } })).toEqual({
      formatValues: { tablet: { '300x600': 2 } },
      currency: 'GBP',
    });
    // A device with no values is dropped, and the settings with nothing left are no settings at all.
    expect(mergeAdsSettings(stored, { formatValues: { desktop: {} } })).toEqual({ desktopDensityPercent: 20, currency: 'GBP' });
    expect(mergeAdsSettings(stored, { desktopDensityPercent: null, formatValues: null, currency: null })).toBeUndefined();
    expect(mergeAdsSettings(undefined, {})).toBeUndefined();
  });

  it('leaves the settings of a website that never set any exactly as the specification has them', () => {
    const settings = websiteSettingsSchema.parse({});
    expect(Object.keys(settings)).toEqual(['thresholds', 'preference']);
    expect(websiteSettingsSchema.parse({ ads: { currency: 'JPY' } }).ads).toEqual({ currency: 'JPY' });
    // Stored settings the contract no longer takes lose their ads part, not their preference.
    const stored = websiteSettingsSchema.parse({ preference: { collectClickData: false }, ads: { formatValues: { desktop: { '468x60': 1 } } } });
    expect(stored.preference.collectClickData).toBe(false);
    expect(JSON.parse(JSON.stringify(stored))).toEqual({ thresholds: settings.thresholds, preference: stored.preference });
  });

  it("gives the website's currency, else the first one seen in its revenue data", () => {
    expect(websiteCurrency({ ads: { currency: 'CHF' } }, 'USD')).toBe('CHF');
    expect(websiteCurrency({ ads: { desktopDensityPercent: 25 } }, 'USD')).toBe('USD');
    expect(websiteCurrency(websiteSettingsSchema.parse({}))).toBeUndefined();
  });
});
