// The website form used by create, edit and the detail page's Settings tab; validates on submit (specification section 5).
import { DOMAIN_IMMUTABLE_MESSAGE, TIMEZONES, type Website } from '@foldline/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  initialWebsiteFormValues,
  THRESHOLD_HINTS,
  validateWebsiteForm,
  type WebsiteFormValues,
} from '../lib/website-form-values.ts';

export interface WebsiteFormProps {
  /** Edit mode when given: the fields start from it and the domain is read-only. */
  website?: Website;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** Called with valid values only. */
  onSubmit: (values: WebsiteFormValues) => void;
  /** The outcome of the last request (server error or success), shown unless a validation message replaces it. */
  notice?: ReactNode;
  /** Extra actions beside the submit button (e.g. a Cancel link). */
  actions?: ReactNode;
}

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500 read-only:bg-slate-100 read-only:text-slate-700';
const labelClass = 'block text-sm font-medium text-slate-700';
const hintClass = 'mt-1 text-xs text-slate-500';

export function WebsiteForm({ website, submitLabel, pendingLabel, isPending, onSubmit, notice, actions }: WebsiteFormProps) {
  const id = useId();
  const [values, setValues] = useState<WebsiteFormValues>(() => initialWebsiteFormValues(website));
  const [validationError, setValidationError] = useState<string | null>(null);
  const editing = website !== undefined;

  const set = <K extends keyof WebsiteFormValues>(key: K, value: WebsiteFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateWebsiteForm(values);
    setValidationError(problem);
    if (!problem) onSubmit(values);
  };

  return (
    // noValidate: the specification's own messages are shown on submit, not the browser's bubbles.
    <form onSubmit={submit} noValidate className="space-y-6" aria-label={editing ? 'Website settings' : 'New website'}>
      {validationError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {validationError}
        </p>
      ) : (
        notice
      )}

      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>
            Website Name
          </label>
          <input id={`${id}-name`} name="name" type="text" className={inputClass} value={values.name} onChange={(e) => set('name', e.target.value)} placeholder="My Website" />
        </div>

        <div>
          <label htmlFor={`${id}-domain`} className={labelClass}>
            Domain
          </label>
          <input
            id={`${id}-domain`}
            name="domain"
            type="text"
            className={inputClass}
            value={values.domain}
            onChange={(e) => set('domain', e.target.value)}
            placeholder="example.com"
            // Read-only rather than disabled: it stays focusable and readable by screen readers.
            readOnly={editing}
            aria-describedby={editing ? `${id}-domain-note` : undefined}
          />
          {editing && (
            <p id={`${id}-domain-note`} className={hintClass}>
              {DOMAIN_IMMUTABLE_MESSAGE}
            </p>
          )}
        </div>

        <div>
          <label htmlFor={`${id}-timezone`} className={labelClass}>
            Timezone
          </label>
          <select id={`${id}-timezone`} name="timezone" className={inputClass} value={values.timezone} onChange={(e) => set('timezone', e.target.value as WebsiteFormValues['timezone'])}>
            {TIMEZONES.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>

        <div>
          <label htmlFor={`${id}-status`} className={labelClass}>
            Status
          </label>
          <select id={`${id}-status`} name="status" className={inputClass} value={values.status} onChange={(e) => set('status', e.target.value as WebsiteFormValues['status'])}>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>

        <div>
          <label htmlFor={`${id}-engagement`} className={labelClass}>
            Engagement Threshold (ms)
          </label>
          <input
            id={`${id}-engagement`}
            name="engagementThreshold"
            type="text"
            inputMode="numeric"
            className={inputClass}
            value={values.engagementThreshold}
            onChange={(e) => set('engagementThreshold', e.target.value)}
            aria-describedby={`${id}-engagement-hint`}
          />
          <p id={`${id}-engagement-hint`} className={hintClass}>
            Minimum time in milliseconds before a visit counts as engaged (min {THRESHOLD_HINTS.engagement.min}, max {THRESHOLD_HINTS.engagement.max}).
          </p>
        </div>

        <div>
          <label htmlFor={`${id}-scroll`} className={labelClass}>
            Scroll Depth Threshold (%)
          </label>
          <input
            id={`${id}-scroll`}
            name="scrollDepthThreshold"
            type="text"
            inputMode="numeric"
            className={inputClass}
            value={values.scrollDepthThreshold}
            onChange={(e) => set('scrollDepthThreshold', e.target.value)}
            aria-describedby={`${id}-scroll-hint`}
          />
          <p id={`${id}-scroll-hint`} className={hintClass}>
            Percentage of the page a visitor must scroll to count as a deep read (min {THRESHOLD_HINTS.scrollDepth.min}, max {THRESHOLD_HINTS.scrollDepth.max}).
          </p>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-end gap-3">
        {actions}
        <button
          type="submit"
          disabled={isPending}
          className="inline-flex items-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:opacity-60"
        >
          {isPending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
