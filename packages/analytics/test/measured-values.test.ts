// A website's measured format values, the pure parts (src/recommendations/measured-values.ts, advice-settings.ts):
// slots added up per device and format with the minimum of viewable impressions, and the precedence of the
// publisher's Settings over measured values over the defaults, with what the API says of them. Read from real events
// and imported revenue: apps/server/test/measured-values.test.ts.
import { describe, expect, it } from 'vitest';
import { adviceOptions, adviceValues } from '../src/recommendations/advice-settings.ts';
import { measuredFormats, MIN_MEASURED_VIEWABLE, type MeasuredValues } from '../src/recommendations/measured-values.ts';

describe('measured formats', () => {
  it('adds up the slots per device and format and keeps those with the minimum of viewable impressions', () => {
    expect(MIN_MEASURED_VIEWABLE).toBe(1000);
    const formats = measuredFormats([
      // Two 300x250 slots on desktop make 1,000 together; the same slot on phones has 999: not priced.
      { device: 'desktop', format: '300x250', revenue: 0.5, viewable: 600 },
      { device: 'desktop', format: '300x250', revenue: 0.3, viewable: 400 },
      { device: 'mobile', format: '300x250', revenue: 2, viewable: 999 },
      { device: 'desktop', format: '728x90', revenue: 1.5, viewable: 1250 },
      { device: 'mobile', format: '320x50', revenue: 0.4, viewable: 2000 },
    ]);
    expect(formats).toEqual([
      { device: 'desktop', format: '300x250', revenue: 0.8, viewable: 1000 },
      { device: 'desktop', format: '728x90', revenue: 1.5, viewable: 1250 },
      { device: 'mobile', format: '320x50', revenue: 0.4, viewable: 2000 },
    ]);
  });
});

describe('values of the advice', () => {
  const measured: MeasuredValues = {
    currency: 'USD',
    sources: { prebid: true, imported: false },
    formats: [
      { device: 'desktop', format: '300x250', revenue: 0.8, viewable: 1000 },
      { device: 'desktop', format: '728x90', revenue: 1.5, viewable: 1250 },
    ],
  };

  it('takes the Settings over the measured values, and these over the defaults', () => {
    // 728x90: vCPM 1.20 against the 300x250's 0.80 = 1.5, unless the publisher says 0.7; a 300x600 keeps its default.
    expect(adviceOptions(undefined, measured)).toEqual({
      values: { desktop: { '300x250': 1, '728x90': 1.5 } },
      valueSources: { desktop: { '300x250': 'measured', '728x90': 'measured' } },
    });
    const options = adviceOptions({ formatValues: { desktop: { '728x90': 0.7 } }, desktopDensityPercent: 25 }, measured);
    expect(options).toEqual({
      values: { desktop: { '300x250': 1, '728x90': 0.7 } },
      valueSources: { desktop: { '300x250': 'measured', '728x90': 'settings' } },
      desktopDensity: 0.25,
    });
    // What the API says: the measured format the advice took, with its price, and the publisher's; Prebid only.
    expect(adviceValues(measured, { values: options.values!, sources: options.valueSources! })).toEqual({
      measured: [{ device: 'desktop', format: '300x250', viewable_ecpm: 0.8, viewable_impressions: 1000, value: 1 }],
      settings: [{ device: 'desktop', format: '728x90', value: 0.7 }],
      currency: 'USD',
      revenue_sources: { prebid: true, imported: false },
      days: 30,
      min_viewable_impressions: 1000,
    });
  });

  it('says the defaults were used where nothing is measured or set', () => {
    const none: MeasuredValues = { currency: null, sources: { prebid: false, imported: false }, formats: [] };
    expect(adviceOptions(undefined, none)).toEqual({});
    expect(adviceValues(none, { values: {}, sources: {} })).toMatchObject({ measured: [], settings: [], currency: null });
  });
});
