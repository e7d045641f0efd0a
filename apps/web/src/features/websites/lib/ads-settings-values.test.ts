// Unit tests of the Ads & revenue card's state: fields from the stored settings, the part it sends, its objections.
import { CURRENCY_MESSAGE, DENSITY_PERCENT_MESSAGE } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import { adsFieldErrors, currencyOptions, formatsOf, initialAdsFormValues, toAdsSettingsInput } from './ads-settings-values.ts';

describe('Ads & revenue form values', () => {
  it("starts empty (every default) for a website that set none, with a field per format of each device's table", () => {
    const values = initialAdsFormValues(undefined);
    expect(values.densityPercent).toBe('');
    expect(values.currency).toBe('');
    expect(Object.keys(values.formatValues.desktop)).toEqual(formatsOf('desktop'));
    expect(formatsOf('mobile')).toEqual(['300x250', '336x280', '320x100', '320x50', '300x50']);
    expect(Object.values(values.formatValues.tablet).every((text) => text === '')).toBe(true);
  });

  it('sends what is set and null for what is left empty, reading a decimal comma', () => {
    const values = initialAdsFormValues({ desktopDensityPercent: 25, formatValues: { mobile: { '320x50': 0.5 } }, currency: 'SEK' });
    expect(values.densityPercent).toBe('25');
    expect(values.formatValues.mobile['320x50']).toBe('0.5');
    expect(toAdsSettingsInput(values)).toEqual({ desktopDensityPercent: 25, formatValues: { mobile: { '320x50': 0.5 } }, currency: 'SEK' });
    values.formatValues.desktop['728x90'] = ' 0,75 ';
    values.formatValues.mobile['320x50'] = '';
    values.densityPercent = ' ';
    values.currency = '';
    expect(toAdsSettingsInput(values)).toEqual({ desktopDensityPercent: null, formatValues: { desktop: { '728x90': 0.75 } }, currency: null });
    values.formatValues.desktop['728x90'] = '';
    expect(toAdsSettingsInput(values).formatValues).toBeNull();
  });

  it("marks every field the contract refuses, with the contract's words", () => {
    const values = initialAdsFormValues(undefined);
    expect(adsFieldErrors(values)).toEqual({});
    values.densityPercent = '55';
    values.formatValues.tablet['970x250'] = '0';
    values.formatValues.desktop['300x600'] = 'lots';
    expect(adsFieldErrors(values)).toEqual({
      densityPercent: DENSITY_PERCENT_MESSAGE,
      'tablet 970x250': 'The value of a 970x250 on tablet must be between 0.01 and 20 (a 300x250 is 1)',
      'desktop 300x600': 'Format values on desktop must be numbers',
    });
    expect(adsFieldErrors({ ...initialAdsFormValues(undefined), currency: 'usd' })).toEqual({ currency: CURRENCY_MESSAGE });
  });

  it("offers the common currencies, and the website's own when it is another", () => {
    expect(currencyOptions('')).toHaveLength(20);
    expect(currencyOptions('EUR')).toHaveLength(20);
    expect(currencyOptions('THB').at(-1)).toBe('THB');
  });
});
