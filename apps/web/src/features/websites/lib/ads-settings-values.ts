// The Ads & revenue card's state: its fields as text, checked on save by the contract's own schema (so the card and the
// API refuse the same things with the same words), and the settings part it sends. Exchange rates are given as
// "1 EUR = x USD", in the rates' base: the website's currency unless stored rates were given in another.
import {
  adsSettingsInputSchema,
  COMMON_CURRENCIES,
  DEFAULT_FORMAT_VALUES,
  type AdsSettings,
  type AdsSettingsInput,
  type DeviceType,
} from '@foldline/contracts';

export const AD_DEVICES: readonly DeviceType[] = ['desktop', 'tablet', 'mobile'];

/** Per device, the formats of its default table, in the table's order: the ones a publisher may value. */
export const formatsOf = (device: DeviceType): string[] => Object.keys(DEFAULT_FORMAT_VALUES[device]);

/** What the inputs hold; an empty text means "use the default". */
export interface AdsFormValues {
  densityPercent: string;
  formatValues: Record<DeviceType, Record<string, string>>;
  /** An ISO 4217 code, or '' for the first currency in the website's revenue data. */
  currency: string;
  /** Per currency, what 1 of it is worth in the rates' base, as typed; '' for a row without a rate yet. */
  rates: Record<string, string>;
  /** The currency the rates are given in; '' for the website's own (ratesBaseOf). */
  ratesBase: string;
}

/** Where a problem is: 'densityPercent', 'currency', '<device> <format>', 'rates' (all of them) or 'rate <code>'. */
export type AdsFieldErrors = Record<string, string>;

export const RATES_NEED_CURRENCY = 'Choose the revenue currency first: the exchange rates are given in it';

export function initialAdsFormValues(ads: AdsSettings | undefined): AdsFormValues {
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    densityPercent: text(ads?.desktopDensityPercent),
    formatValues: Object.fromEntries(
      AD_DEVICES.map((device) => [device, Object.fromEntries(formatsOf(device).map((format) => [format, text(ads?.formatValues?.[device]?.[format])]))]),
    ) as AdsFormValues['formatValues'],
    currency: ads?.currency ?? '',
    rates: Object.fromEntries(Object.entries(ads?.exchangeRates?.rates ?? {}).map(([code, rate]) => [code, String(rate)])),
    ratesBase: ads?.exchangeRates?.base ?? '',
  };
}

/** The website's currency as the form stands: the one chosen, else the first one seen in its data ('' for none). */
export const websiteCurrencyOf = (values: AdsFormValues, firstSeen: string | null | undefined) => values.currency || firstSeen || '';

/** The currency the rates are given in: their own base, else the website's. */
export const ratesBaseOf = (values: AdsFormValues, firstSeen: string | null | undefined) => values.ratesBase || websiteCurrencyOf(values, firstSeen);

/** The currencies to give a rate for: those seen in the website's data, those with a rate or a row, and the website's
 * own when the rates are in another (it needs one, or nothing converts), never the base; by code. */
export function rateRows(values: AdsFormValues, seen: readonly string[], firstSeen: string | null | undefined): string[] {
  const base = ratesBaseOf(values, firstSeen);
  const codes = new Set([...seen, ...Object.keys(values.rates), websiteCurrencyOf(values, firstSeen)]);
  codes.delete(base);
  codes.delete('');
  return [...codes].sort();
}

/** Rates as text, written again in another currency ("1 EUR = 1.08 USD" → "1 USD = 0.923214 EUR"); undefined when the
 * new base has no rate to go through. Rows without a rate stay empty. */
export function rebaseRates(rates: Record<string, string>, from: string, to: string): Record<string, string> | undefined {
  if (from === to) return rates;
  const target = numberOf(rates[to] ?? '');
  if (!(target > 0)) return undefined;
  const rebased: Record<string, string> = { [from]: String(Number((1 / target).toPrecision(6))) };
  for (const [code, text] of Object.entries(rates)) {
    if (code === to) continue;
    const rate = numberOf(text);
    rebased[code] = text.trim() === '' || !(rate > 0) ? text : String(Number((rate / target).toPrecision(6)));
  }
  return rebased;
}

/** The form with another currency chosen: the rates follow it where they can be written in it, else keep their base. */
export function withCurrency(values: AdsFormValues, currency: string, firstSeen: string | null | undefined): AdsFormValues {
  const next = { ...values, currency };
  const before = ratesBaseOf(values, firstSeen);
  const after = websiteCurrencyOf(next, firstSeen);
  const typed = Object.values(values.rates).some((text) => text.trim() !== '');
  if (!typed || !after) return { ...next, ratesBase: '' };
  if (!before) return next;
  const rebased = rebaseRates(values.rates, before, after);
  return rebased ? { ...next, rates: rebased, ratesBase: '' } : { ...next, ratesBase: before };
}

/** A number from what a publisher types, a decimal comma included; NaN for anything else (the schema says why). */
function numberOf(text: string): number {
  return Number(text.trim().replace(',', '.'));
}

/** The settings part to send: every field, an empty one as null (back to its default); the rates with their base. */
export function toAdsSettingsInput(values: AdsFormValues, firstSeen?: string | null): AdsSettingsInput {
  const devices = AD_DEVICES.flatMap((device) => {
    const set = Object.entries(values.formatValues[device]).filter(([, text]) => text.trim() !== '');
    return set.length > 0 ? [[device, Object.fromEntries(set.map(([format, text]) => [format, numberOf(text)]))] as const] : [];
  });
  const rates = Object.entries(values.rates).filter(([, text]) => text.trim() !== '');
  return {
    desktopDensityPercent: values.densityPercent.trim() === '' ? null : numberOf(values.densityPercent),
    formatValues: devices.length > 0 ? Object.fromEntries(devices) : null,
    currency: values.currency === '' ? null : values.currency,
    exchangeRates: rates.length > 0 ? { base: ratesBaseOf(values, firstSeen), rates: Object.fromEntries(rates.map(([code, text]) => [code, numberOf(text)])) } : null,
  };
}

/** The contract's objections to the values, by field (none: they may be sent). */
export function adsFieldErrors(values: AdsFormValues, firstSeen?: string | null): AdsFieldErrors {
  const input = toAdsSettingsInput(values, firstSeen);
  // Rates need a currency to be given in: said in the card's words rather than as an invalid code.
  if (input.exchangeRates && input.exchangeRates.base === '') return { rates: RATES_NEED_CURRENCY };
  const result = adsSettingsInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: AdsFieldErrors = {};
  for (const issue of result.error.issues) {
    const [part, second, third] = issue.path.map(String);
    const field =
      part === 'formatValues'
        ? `${second} ${third}`
        : part === 'desktopDensityPercent'
          ? 'densityPercent'
          : part === 'exchangeRates'
            ? third
              ? `rate ${third}`
              : 'rates'
            : 'currency';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The currencies to choose from: the common ones, and the website's own when it is another (set through the API). */
export function currencyOptions(current: string): string[] {
  const common: readonly string[] = COMMON_CURRENCIES;
  return current === '' || common.includes(current) ? [...common] : [...common, current];
}
