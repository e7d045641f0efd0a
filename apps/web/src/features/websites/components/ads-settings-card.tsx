// Settings tab, 'Ads & revenue': the ad density limit and the values of a viewable impression the placement advice
// weighs changes by, the currency of the website's revenue and the exchange rates into it ("1 EUR = 1.0832 USD", a row
// per other currency seen in its revenue data); saved with the whole website object.
import {
  COMMON_CURRENCIES,
  DEFAULT_DENSITY_PERCENT,
  DEFAULT_FORMAT_VALUES,
  MAX_DENSITY_PERCENT,
  MAX_FORMAT_VALUE,
  MIN_DENSITY_PERCENT,
  MIN_FORMAT_VALUE,
  MOBILE_DENSITY_PERCENT,
  type DeviceType,
  type Website,
} from '@foldline/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { inputClasses, TextField } from '../../../components/ui/text-field.tsx';
import { useTransientMessage } from '../../../components/ui/use-transient-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRevenueCurrencies } from '../api/get-revenue-currencies.ts';
import { useUpdateWebsite } from '../api/update-website.ts';
import {
  AD_DEVICES,
  adsFieldErrors,
  currencyOptions,
  formatsOf,
  initialAdsFormValues,
  rateRows,
  ratesBaseOf,
  toAdsSettingsInput,
  withCurrency,
  type AdsFieldErrors,
  type AdsFormValues,
} from '../lib/ads-settings-values.ts';
import { WEBSITE_MESSAGE_MS } from './website-information-card.tsx';

const ADS_SETTINGS_SAVED = 'Ads & revenue settings updated successfully!';
const ADS_SETTINGS_FAILED = 'Failed to update ads & revenue settings';

const DEVICE_LABELS: Record<DeviceType, string> = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' };

/** "EUR · Euro" where the browser knows the currency's name. */
const currencyNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'currency' }) : undefined;
const currencyLabel = (code: string) => {
  const name = currencyNames?.of(code);
  return name && name !== code ? `${code} · ${name}` : code;
};

export function AdsSettingsCard({ website }: { website: Website }) {
  const [values, setValues] = useState<AdsFormValues>(() => initialAdsFormValues(website.settings.ads));
  const [errors, setErrors] = useState<AdsFieldErrors>({});
  const update = useUpdateWebsite(website.website_id);
  const currencies = useRevenueCurrencies(website.website_id);
  const firstSeen = currencies.data?.firstSeen ?? null;
  const { message, showSuccess, showError, clear } = useTransientMessage(WEBSITE_MESSAGE_MS);

  const setFormatValue = (device: DeviceType, format: string, text: string) =>
    setValues((current) => ({ ...current, formatValues: { ...current.formatValues, [device]: { ...current.formatValues[device], [format]: text } } }));

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    // Every field in doubt is marked; the first problem is said by the buttons, where the save was asked for (a
    // sentence does not fit under a small field).
    const problems = adsFieldErrors(values, firstSeen);
    setErrors(problems);
    const first = Object.values(problems)[0];
    if (first) return showError(first);
    // As the Advanced Settings card does: the whole website object goes back, with the new ads settings.
    update.mutate(
      { ...website, settings: { ...website.settings, ads: toAdsSettingsInput(values, firstSeen) } },
      {
        onSuccess: () => showSuccess(ADS_SETTINGS_SAVED),
        onError: (error) => showError(errorMessage(error, ADS_SETTINGS_FAILED)),
      },
    );
  };

  const discard = () => {
    clear();
    setErrors({});
    setValues(initialAdsFormValues(website.settings.ads));
  };

  return (
    <Card title="Ads & revenue" description="How the placement advice values your ads, the currency your revenue is reported in and your exchange rates into it.">
      {/* noValidate: the contract's messages are shown on save, not the browser's bubbles. */}
      <form onSubmit={save} noValidate aria-label="Ads and revenue settings" className="space-y-6">
        <TextField
          label="Ad density limit on desktop and tablet (%)"
          name="densityPercent"
          inputMode="decimal"
          className="max-w-md"
          placeholder={String(DEFAULT_DENSITY_PERCENT)}
          value={values.densityPercent}
          onChange={(event) => setValues((current) => ({ ...current, densityPercent: event.target.value }))}
          aria-invalid={errors.densityPercent ? true : undefined}
          hint={`Ads may take up at most this share of the main content's height (${MIN_DENSITY_PERCENT}–${MAX_DENSITY_PERCENT} %, default ${DEFAULT_DENSITY_PERCENT}). On phones the limit is fixed at ${MOBILE_DENSITY_PERCENT} % by the Better Ads Standards.`}
        />

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Value of a viewable impression</legend>
          <p className="mt-1 text-xs text-slate-500">
            Relative to a 300x250 (= 1), per device: the advice weighs every change by these. Leave a field empty to use the default shown ({MIN_FORMAT_VALUE}–
            {MAX_FORMAT_VALUE}).
          </p>
          <div className="mt-3 space-y-4">
            {AD_DEVICES.map((device) => (
              <fieldset key={device}>
                <legend className="text-xs font-semibold uppercase tracking-wide text-slate-600">{DEVICE_LABELS[device]}</legend>
                <div className="mt-2 grid grid-cols-3 gap-x-3 gap-y-2 sm:grid-cols-5 lg:grid-cols-7">
                  {formatsOf(device).map((format) => (
                    <TextField
                      key={format}
                      label={
                        <>
                          {format}
                          <span className="sr-only"> on {device}</span>
                        </>
                      }
                      name={`${device}-${format}`}
                      inputMode="decimal"
                      className="min-w-0 [&_label]:text-xs [&_label]:font-normal [&_label]:text-slate-700"
                      placeholder={String(DEFAULT_FORMAT_VALUES[device][format])}
                      value={values.formatValues[device][format] ?? ''}
                      onChange={(event) => setFormatValue(device, format, event.target.value)}
                      aria-invalid={errors[`${device} ${format}`] ? true : undefined}
                    />
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        </fieldset>

        <Select
          label="Revenue currency"
          name="currency"
          className="max-w-md"
          options={[{ value: '', label: 'First currency in the revenue data' }, ...currencyOptions(values.currency).map((code) => ({ value: code, label: currencyLabel(code) }))]}
          value={values.currency}
          onChange={(currency) => setValues((current) => withCurrency(current, currency, firstSeen))}
          hint="The currency this website's revenue figures are in (ISO 4217)."
        />

        <ExchangeRates
          values={values}
          seen={currencies.data?.seen ?? []}
          firstSeen={firstSeen}
          errors={errors}
          onChange={(code, text) => setValues((current) => ({ ...current, rates: { ...current.rates, [code]: text } }))}
        />

        <StatusMessage message={message} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={discard} disabled={update.isPending}>
            Discard Changes
          </Button>
          <Button type="submit" disabled={update.isPending} loading={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Ads Settings'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** "1 EUR = [1.0832] USD" per other currency of the website's revenue data, and any other currency added by hand. */
function ExchangeRates({
  values,
  seen,
  firstSeen,
  errors,
  onChange,
}: {
  values: AdsFormValues;
  seen: readonly string[];
  firstSeen: string | null;
  errors: AdsFieldErrors;
  onChange: (code: string, text: string) => void;
}) {
  const base = ratesBaseOf(values, firstSeen);
  const rows = rateRows(values, seen, firstSeen);
  const addable = COMMON_CURRENCIES.filter((code) => code !== base && !rows.includes(code));
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Exchange rates</legend>
      <p className="mt-1 text-xs text-slate-500">
        Revenue in another currency is converted at your rate and added to this website&apos;s. Without your rate, imported revenue is converted
        at the rates its report carried, if any; the rest is listed apart, never added.
      </p>
      {!base ? (
        <p className="mt-3 text-sm text-slate-600">Rates can be given once this website has a revenue currency: choose one above, or import a report.</p>
      ) : (
        <>
          {rows.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">All of this website&apos;s revenue is in {base} so far: no rate is needed.</p>
          ) : (
            <div className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
              {rows.map((code) => (
                <RateField key={code} code={code} base={base} text={values.rates[code] ?? ''} invalid={Boolean(errors[`rate ${code}`])} onChange={onChange} />
              ))}
            </div>
          )}
          {addable.length > 0 && (
            <Select
              label="Add a rate for another currency"
              className="mt-3 max-w-xs [&_label]:text-xs [&_label]:font-normal [&_label]:text-slate-700"
              options={[{ value: '', label: 'Choose a currency' }, ...addable.map((code) => ({ value: code, label: currencyLabel(code) }))]}
              value=""
              onChange={(code) => code && onChange(code, '')}
            />
          )}
        </>
      )}
    </fieldset>
  );
}

function RateField({ code, base, text, invalid, onChange }: { code: string; base: string; text: string; invalid: boolean; onChange: (code: string, text: string) => void }) {
  const id = `exchange-rate-${code}`;
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
      <label htmlFor={id} className="shrink-0 whitespace-nowrap">
        1 {code} =
      </label>
      <input
        id={id}
        name={id}
        inputMode="decimal"
        autoComplete="off"
        className={`${inputClasses} min-w-0 flex-1`}
        value={text}
        placeholder="no rate"
        aria-invalid={invalid ? true : undefined}
        aria-label={`Value of 1 ${code} in ${base}`}
        onChange={(event) => onChange(code, event.target.value)}
      />
      <span className="shrink-0" aria-hidden="true">
        {base}
      </span>
    </div>
  );
}
