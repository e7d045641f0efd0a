// A website's "Ads & revenue" settings (issue 21 §1 and §5, issue 23): the ad density limit its placement advice keeps
// on desktop and tablet, the value of a viewable impression per format and device the advice weighs options by, the
// currency of its revenue and the publisher's exchange rates into it. Stored in the website's settings as `settings.ads`; every part is optional, and a
// website without it (all of them before) takes the defaults below.
import { z } from 'zod';
import type { DeviceType } from './common.ts';

/** The ad density limit on desktop and tablet, percent of the main content's height. Phones are not a setting: the
 * Better Ads standard fixes them at 30 %. */
export const DEFAULT_DENSITY_PERCENT = 30;
export const MOBILE_DENSITY_PERCENT = 30;
export const MIN_DENSITY_PERCENT = 10;
export const MAX_DENSITY_PERCENT = 50;

/**
 * The default relative value of one viewable impression per device and format, 300x250 = 1: the starting assumptions of
 * ../shared/research/ad-measurement.md §7 ("Relative value of formats"), at equal position. 300x250 and 336x280 are
 * "both" (desktop and phone); 728x90, 970x90, 970x250, 300x600 and 160x600 desktop; 320x100, 320x50 and 300x50 phone.
 * Tablets have no figures of their own: they take the desktop values for desktop sizes and the phone values for phone
 * banners. Here, not in the engine, because the web app shows them as the settings' placeholders.
 */
const DESKTOP: Readonly<Record<string, number>> = { '300x250': 1, '336x280': 1, '728x90': 0.9, '970x90': 1, '970x250': 1.8, '300x600': 1.6, '160x600': 0.7 };
const PHONE: Readonly<Record<string, number>> = { '300x250': 1, '336x280': 1, '320x100': 0.5, '320x50': 0.35, '300x50': 0.3 };
export const DEFAULT_FORMAT_VALUES: Readonly<Record<DeviceType, Readonly<Record<string, number>>>> = {
  desktop: DESKTOP,
  tablet: { ...PHONE, ...DESKTOP },
  mobile: PHONE,
};
/** A website's own value may be this far from the reference either way. */
export const MIN_FORMAT_VALUE = 0.01;
export const MAX_FORMAT_VALUE = 20;

/** The currencies the settings offer; the API takes any current ISO 4217 code. */
export const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'INR', 'BRL', 'MXN', 'ZAR', 'NZD', 'SGD', 'HKD', 'KRW'] as const;

export const DENSITY_PERCENT_MESSAGE = `The ad density limit must be between ${MIN_DENSITY_PERCENT} and ${MAX_DENSITY_PERCENT} % of the main content's height`;
export const CURRENCY_MESSAGE = 'The currency must be an ISO 4217 code of three capital letters, such as USD or EUR';

/** Exchange rates (issue 23: "convert with rates the publisher gives"): at most this many currencies, each rate within
 * these bounds (1 of the currency in the base currency: 1 USD is some 1,500 KRW, 1 KRW some 0.0007 USD). */
export const MAX_EXCHANGE_RATES = 20;
export const MIN_EXCHANGE_RATE = 0.000001;
export const MAX_EXCHANGE_RATE = 1_000_000;
export const EXCHANGE_RATE_COUNT_MESSAGE = `At most ${MAX_EXCHANGE_RATES} exchange rates`;
export const exchangeRateMessage = (currency: string, base: string) =>
  `The rate of ${currency} must be a number of ${base} between ${MIN_EXCHANGE_RATE} and ${MAX_EXCHANGE_RATE.toLocaleString('en-US')}`;
export const formatValueMessage = (device: DeviceType, format: string) =>
  `The value of a ${format} on ${device} must be between ${MIN_FORMAT_VALUE} and ${MAX_FORMAT_VALUE} (a 300x250 is 1)`;

const DEVICES = Object.keys(DEFAULT_FORMAT_VALUES) as DeviceType[];

/** Current ISO 4217 codes as the runtime's ICU knows them; three capital letters where it cannot tell. */
const knownCurrencies: ReadonlySet<string> | undefined = typeof Intl.supportedValuesOf === 'function' ? new Set(Intl.supportedValuesOf('currency')) : undefined;
export const isCurrencyCode = (code: string) => /^[A-Z]{3}$/.test(code) && (knownCurrencies?.has(code) ?? true);

const densityPercentSchema = z.number({ error: DENSITY_PERCENT_MESSAGE }).min(MIN_DENSITY_PERCENT, DENSITY_PERCENT_MESSAGE).max(MAX_DENSITY_PERCENT, DENSITY_PERCENT_MESSAGE);
const currencySchema = z.string({ error: CURRENCY_MESSAGE }).refine(isCurrencyCode, CURRENCY_MESSAGE);

/** One device's values: only the formats of its default table, each within bounds, named in the message. */
function deviceValuesSchema(device: DeviceType) {
  const names = Object.keys(DEFAULT_FORMAT_VALUES[device]);
  return z.record(z.string(), z.number({ error: `Format values on ${device} must be numbers` })).superRefine((values, context) => {
    for (const [format, value] of Object.entries(values)) {
      if (!names.includes(format)) context.addIssue({ code: 'custom', path: [format], message: `Unknown ad format "${format}" on ${device}: the formats are ${names.join(', ')}` });
      else if (value < MIN_FORMAT_VALUE || value > MAX_FORMAT_VALUE) context.addIssue({ code: 'custom', path: [format], message: formatValueMessage(device, format) });
    }
  });
}

const formatValuesSchema = z.strictObject(
  { desktop: deviceValuesSchema('desktop').optional(), tablet: deviceValuesSchema('tablet').optional(), mobile: deviceValuesSchema('mobile').optional() },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown device "${issue.keys.join('", "')}": format values are set for ${DEVICES.join(', ')}`
        : issue.code === 'invalid_type'
          ? 'Format values must be an object of devices'
          : undefined,
  },
);

/** The rates: what 1 of each currency is worth in `base` (the website's revenue currency when they were given). */
const exchangeRatesSchema = z
  .object(
    {
      base: currencySchema,
      rates: z.record(z.string(), z.number({ error: `Exchange rates must be numbers between ${MIN_EXCHANGE_RATE} and ${MAX_EXCHANGE_RATE.toLocaleString('en-US')}` }), {
        error: 'Exchange rates must be an object of currencies',
      }),
    },
    { error: (issue) => (issue.code === 'invalid_type' ? 'Exchange rates must be an object with a base currency and rates' : undefined) },
  )
  .superRefine((value, context) => {
    const entries = Object.entries(value.rates);
    if (entries.length > MAX_EXCHANGE_RATES) context.addIssue({ code: 'custom', path: ['rates'], message: EXCHANGE_RATE_COUNT_MESSAGE });
    for (const [code, rate] of entries) {
      if (!isCurrencyCode(code)) context.addIssue({ code: 'custom', path: ['rates', code], message: CURRENCY_MESSAGE });
      else if (code === value.base) context.addIssue({ code: 'custom', path: ['rates', code], message: `${code} needs no rate: the rates are given in it` });
      else if (rate < MIN_EXCHANGE_RATE || rate > MAX_EXCHANGE_RATE) context.addIssue({ code: 'custom', path: ['rates', code], message: exchangeRateMessage(code, value.base) });
    }
  });
export type ExchangeRates = z.infer<typeof exchangeRatesSchema>;

/** The settings as stored and answered: only what the publisher set. */
export const adsSettingsSchema = z.object({
  /** Desktop and tablet, percent of the main content's height; DEFAULT_DENSITY_PERCENT when absent. */
  desktopDensityPercent: densityPercentSchema.optional(),
  /** Per device and format, over DEFAULT_FORMAT_VALUES: a device or format left out keeps its default. */
  formatValues: formatValuesSchema.optional(),
  /** Absent: the first currency seen in the website's revenue data (websiteCurrency). */
  currency: currencySchema.optional(),
  /** Amounts in these currencies are converted into the website's currency and added; others stay apart. */
  exchangeRates: exchangeRatesSchema.optional(),
});
export type AdsSettings = z.infer<typeof adsSettingsSchema>;

/**
 * What a client may send. As with the other settings, a part left out keeps its current value; null returns it to
 * its default. `formatValues` is one table: when sent it replaces the website's whole table (what it leaves out, and
 * an empty object, takes the defaults); so do `exchangeRates` (no rates left: none at all).
 */
export const adsSettingsInputSchema = z.object({
  desktopDensityPercent: densityPercentSchema.nullish(),
  formatValues: formatValuesSchema.nullish(),
  currency: currencySchema.nullish(),
  exchangeRates: exchangeRatesSchema.nullish(),
});
export type AdsSettingsInput = z.infer<typeof adsSettingsInputSchema>;

/** A sent value over the stored one: left out (undefined) keeps it, null clears it. */
const over = <T>(stored: T | undefined, sent: T | null | undefined): T | undefined => (sent === undefined ? stored : (sent ?? undefined));

/** The stored settings with the input over them; undefined when nothing is set, so a website that never had any keeps
 * the specification's settings object exactly. */
export function mergeAdsSettings(current: AdsSettings | undefined, input: AdsSettingsInput | undefined): AdsSettings | undefined {
  const desktopDensityPercent = over(current?.desktopDensityPercent, input?.desktopDensityPercent);
  const currency = over(current?.currency, input?.currency);
  // A device without values is no override: it is dropped, like the table when no device is left.
  const devices = Object.entries(over(current?.formatValues, input?.formatValues) ?? {}).filter(([, values]) => values && Object.keys(values).length > 0);
  const exchangeRates = over(current?.exchangeRates, input?.exchangeRates);
  const merged: AdsSettings = {
    ...(desktopDensityPercent !== undefined ? { desktopDensityPercent } : {}),
    ...(devices.length > 0 ? { formatValues: Object.fromEntries(devices) } : {}),
    ...(currency !== undefined ? { currency } : {}),
    ...(exchangeRates && Object.keys(exchangeRates.rates).length > 0 ? { exchangeRates } : {}),
  };
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/** The currency a website's revenue is reported in: the publisher's choice, else the first one seen in its revenue
 * data (`firstSeen`, from the caller), else undefined (no revenue yet). */
export function websiteCurrency(settings: { ads?: AdsSettings | undefined }, firstSeen?: string): string | undefined {
  return settings.ads?.currency ?? firstSeen;
}

/**
 * What 1 of each other currency is worth in `currency` (the website's), from the publisher's rates: the currencies the
 * rates name and their base, each through the base (1 EUR = 1.08 USD and 1 GBP = 1.27 USD give 1 GBP = 1.176 EUR in a
 * euro website). None when `currency` is neither the base nor rated: a rate is never guessed.
 */
export function exchangeFactors(rates: ExchangeRates | undefined, currency: string | undefined): Map<string, number> {
  const factors = new Map<string, number>();
  if (!rates || !currency) return factors;
  const inBase = new Map<string, number>([...Object.entries(rates.rates), [rates.base, 1]]);
  const target = inBase.get(currency);
  if (target === undefined) return factors;
  for (const [code, value] of inBase) if (code !== currency) factors.set(code, value / target);
  return factors;
}
