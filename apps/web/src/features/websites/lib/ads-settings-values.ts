// The Ads & revenue card's state: its fields as text, checked on save by the contract's own schema (so the card and the
// API refuse the same things with the same words), and the settings part it sends.
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
}

/** Where a problem is: 'densityPercent', 'currency', or '<device> <format>'. */
export type AdsFieldErrors = Record<string, string>;

export function initialAdsFormValues(ads: AdsSettings | undefined): AdsFormValues {
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    densityPercent: text(ads?.desktopDensityPercent),
    formatValues: Object.fromEntries(
      AD_DEVICES.map((device) => [device, Object.fromEntries(formatsOf(device).map((format) => [format, text(ads?.formatValues?.[device]?.[format])]))]),
    ) as AdsFormValues['formatValues'],
    currency: ads?.currency ?? '',
  };
}

/** A number from what a publisher types, a decimal comma included; NaN for anything else (the schema says why). */
function numberOf(text: string): number {
  return Number(text.trim().replace(',', '.'));
}

/** The settings part to send: every field, an empty one as null (back to its default). */
export function toAdsSettingsInput(values: AdsFormValues): AdsSettingsInput {
  const devices = AD_DEVICES.flatMap((device) => {
    const set = Object.entries(values.formatValues[device]).filter(([, text]) => text.trim() !== '');
    return set.length > 0 ? [[device, Object.fromEntries(set.map(([format, text]) => [format, numberOf(text)]))] as const] : [];
  });
  return {
    desktopDensityPercent: values.densityPercent.trim() === '' ? null : numberOf(values.densityPercent),
    formatValues: devices.length > 0 ? Object.fromEntries(devices) : null,
    currency: values.currency === '' ? null : values.currency,
  };
}

/** The contract's objections to the values, by field (none: they may be sent). */
export function adsFieldErrors(values: AdsFormValues): AdsFieldErrors {
  const result = adsSettingsInputSchema.safeParse(toAdsSettingsInput(values));
  if (result.success) return {};
  const errors: AdsFieldErrors = {};
  for (const issue of result.error.issues) {
    const [part, device, format] = issue.path.map(String);
    const field = part === 'formatValues' ? `${device} ${format}` : part === 'desktopDensityPercent' ? 'densityPercent' : 'currency';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The currencies to choose from: the common ones, and the website's own when it is another (set through the API). */
export function currencyOptions(current: string): string[] {
  const common: readonly string[] = COMMON_CURRENCIES;
  return current === '' || common.includes(current) ? [...common] : [...common, current];
}
