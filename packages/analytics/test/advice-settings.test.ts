// A website's Ads & revenue settings as the placement-advice engine takes them (src/recommendations/advice-settings.ts).
import { DEFAULT_DENSITY_PERCENT, MOBILE_DENSITY_PERCENT } from '@foldline/contracts';
import { DEFAULT_DESKTOP_DENSITY, MOBILE_DENSITY } from '@foldline/recommendations';
import { describe, expect, it } from 'vitest';
import { adviceOptions } from '../src/recommendations/advice-settings.ts';

describe('advice options of a website', () => {
  it('passes the format values as they are and the density limit as a share of the main content', () => {
    const formatValues = { desktop: { '300x600': 0.8 }, mobile: { '320x50': 0.5 } };
    expect(adviceOptions({ desktopDensityPercent: 25, formatValues, currency: 'EUR' })).toEqual({
      values: formatValues,
      valueSources: { desktop: { '300x600': 'settings' }, mobile: { '320x50': 'settings' } },
      desktopDensity: 0.25,
    });
    expect(adviceOptions({ desktopDensityPercent: 10 })).toEqual({ desktopDensity: 0.1 });
  });

  it("leaves the engine's defaults to a website that set none, and they are the settings' defaults", () => {
    expect(adviceOptions(undefined)).toEqual({});
    expect(adviceOptions({ currency: 'USD' })).toEqual({});
    expect(DEFAULT_DESKTOP_DENSITY * 100).toBe(DEFAULT_DENSITY_PERCENT);
    expect(MOBILE_DENSITY * 100).toBe(MOBILE_DENSITY_PERCENT);
  });
});
