// Unit tests of the Ads & revenue card's state: fields from the stored settings, the part it sends, its objections.
import { CURRENCY_MESSAGE, DENSITY_PERCENT_MESSAGE, EXCHANGE_RATE_COUNT_MESSAGE, exchangeRateMessage } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import {
  adsFieldErrors,
  currencyOptions,
  formatsOf,
  initialAdsFormValues,
  rateRows,
  RATES_NEED_CURRENCY,
  rebaseRates,
  toAdsSettingsInput,
  withCurrency,
} from './ads-settings-values.ts';

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
    expect(toAdsSettingsInput(values)).toEqual({ desktopDensityPercent: 25, formatValues: { mobile: { '320x50': 0.5 } }, currency: 'SEK', exchangeRates: null });
    values.formatValues.desktop['728x90'] = ' 0,75 ';
    values.formatValues.mobile['320x50'] = '';
    values.densityPercent = ' ';
    values.currency = '';
    expect(toAdsSettingsInput(values)).toEqual({ desktopDensityPercent: null, formatValues: { desktop: { '728x90': 0.75 } }, currency: null, exchangeRates: null });
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

  describe('exchange rates', () => {
    it("lists a row per currency seen or rated, and the website's own when the rates are in another, never the base", () => {
      const values = initialAdsFormValues({ currency: 'USD', exchangeRates: { base: 'USD', rates: { GBP: 1.27 } } });
      expect(values.rates).toEqual({ GBP: '1.27' });
      expect(rateRows(values, ['USD', 'EUR'], 'USD')).toEqual(['EUR', 'GBP']);
      // Rates stored in dollars on what is now a euro website: the euro needs a rate too.
      expect(rateRows({ ...values, currency: 'EUR', ratesBase: 'USD' }, ['USD'], 'USD')).toEqual(['EUR', 'GBP']);
      // No currency anywhere yet: nothing to give rates in.
      expect(rateRows(initialAdsFormValues(undefined), [], null)).toEqual([]);
    });

    it('sends the typed rates in their base, reading a decimal comma, and null for none', () => {
      const values = { ...initialAdsFormValues(undefined), rates: { EUR: ' 1,0832 ', GBP: '' } };
      expect(toAdsSettingsInput(values, 'USD').exchangeRates).toEqual({ base: 'USD', rates: { EUR: 1.0832 } });
      expect(toAdsSettingsInput({ ...values, currency: 'CHF' }, 'USD').exchangeRates).toEqual({ base: 'CHF', rates: { EUR: 1.0832 } });
      expect(toAdsSettingsInput({ ...values, rates: { EUR: '' } }, 'USD').exchangeRates).toBeNull();
    });

    it("refuses what the contract refuses, by row, and rates without a currency to be in", () => {
      const values = { ...initialAdsFormValues(undefined), currency: 'USD', rates: { EUR: '-1', GBP: '0', JPY: '0.0067' } };
      expect(adsFieldErrors(values)).toEqual({ 'rate EUR': exchangeRateMessage('EUR', 'USD'), 'rate GBP': exchangeRateMessage('GBP', 'USD') });
      expect(adsFieldErrors({ ...values, rates: { GBP: 'lots' } })).toEqual({ 'rate GBP': expect.stringMatching(/^Exchange rates must be numbers/) });
      const many = Object.fromEntries(['EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'INR', 'BRL', 'MXN', 'ZAR', 'NZD', 'SGD', 'HKD', 'KRW', 'HUF', 'RON'].map((code) => [code, '1']));
      expect(adsFieldErrors({ ...values, rates: many })).toEqual({ rates: EXCHANGE_RATE_COUNT_MESSAGE });
      expect(adsFieldErrors({ ...values, currency: '', rates: { EUR: '1.08' } }, null)).toEqual({ rates: RATES_NEED_CURRENCY });
      expect(adsFieldErrors({ ...values, currency: '', rates: { EUR: '1.08' } }, 'USD')).toEqual({});
    });

    it('writes the rates again in a newly chosen currency where they can be, else keeps their base', () => {
      expect(rebaseRates({ EUR: '2', GBP: '4', JPY: '' }, 'USD', 'EUR')).toEqual({ USD: '0.5', GBP: '2', JPY: '' });
      expect(rebaseRates({ GBP: '1.27' }, 'USD', 'EUR')).toBeUndefined();
      const values = { ...initialAdsFormValues(undefined), currency: 'USD', rates: { EUR: '2' } };
      expect(withCurrency(values, 'EUR', null)).toMatchObject({ currency: 'EUR', rates: { USD: '0.5' }, ratesBase: '' });
      expect(withCurrency(values, 'GBP', null)).toMatchObject({ currency: 'GBP', rates: { EUR: '2' }, ratesBase: 'USD' });
      // Nothing typed: the rates simply follow the currency.
      expect(withCurrency({ ...values, rates: {} }, 'GBP', null)).toMatchObject({ currency: 'GBP', ratesBase: '' });
    });
  });
});
