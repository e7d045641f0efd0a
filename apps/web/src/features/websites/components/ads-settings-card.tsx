// Settings tab, 'Ads & revenue': the ad density limit and the values of a viewable impression the placement advice
// weighs changes by, and the currency of the website's revenue; saved with the whole website object.
import {
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
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTransientMessage } from '../../../components/ui/use-transient-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateWebsite } from '../api/update-website.ts';
import {
  AD_DEVICES,
  adsFieldErrors,
  currencyOptions,
  formatsOf,
  initialAdsFormValues,
  toAdsSettingsInput,
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
  const { message, showSuccess, showError, clear } = useTransientMessage(WEBSITE_MESSAGE_MS);

  const setFormatValue = (device: DeviceType, format: string, text: string) =>
    setValues((current) => ({ ...current, formatValues: { ...current.formatValues, [device]: { ...current.formatValues[device], [format]: text } } }));

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    // Every field in doubt is marked; the first problem is said by the buttons, where the save was asked for (a
    // sentence does not fit under a small field).
    const problems = adsFieldErrors(values);
    setErrors(problems);
    const first = Object.values(problems)[0];
    if (first) return showError(first);
    // As the Advanced Settings card does: the whole website object goes back, with the new ads settings.
    update.mutate(
      { ...website, settings: { ...website.settings, ads: toAdsSettingsInput(values) } },
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
    <Card title="Ads & revenue" description="How the placement advice values your ads, and the currency your revenue is reported in.">
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
          onChange={(currency) => setValues((current) => ({ ...current, currency }))}
          hint="The currency this website's revenue figures are in (ISO 4217)."
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
