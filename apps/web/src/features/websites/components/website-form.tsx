// The website form used by create, edit and the detail page's Settings tab; validates on submit (specification section 5).
import { DOMAIN_IMMUTABLE_MESSAGE, TIMEZONES } from '@foldline/contracts';
import type { Website } from '@foldline/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  initialWebsiteFormValues,
  THRESHOLD_HINTS,
  validateWebsiteForm,
  type Timezone,
  type WebsiteFormValues,
} from '../lib/website-form-values.ts';

const TIMEZONE_OPTIONS = TIMEZONES.map((zone) => ({ value: zone, label: zone }));
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

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

export function WebsiteForm({ website, submitLabel, pendingLabel, isPending, onSubmit, notice, actions }: WebsiteFormProps) {
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
      {validationError ? <Alert variant="error">{validationError}</Alert> : notice}

      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        <TextField label="Website Name" name="name" value={values.name} onChange={(e) => set('name', e.target.value)} placeholder="My Website" />
        <TextField
          label="Domain"
          name="domain"
          value={values.domain}
          onChange={(e) => set('domain', e.target.value)}
          placeholder="example.com"
          // Read-only rather than disabled: it stays focusable and readable by screen readers.
          readOnly={editing}
          hint={editing ? DOMAIN_IMMUTABLE_MESSAGE : 'Without http:// or www, e.g. example.com'}
        />
        <Select<Timezone> label="Timezone" name="timezone" options={TIMEZONE_OPTIONS} value={values.timezone} onChange={(value) => set('timezone', value)} />
        <Select<WebsiteFormValues['status']> label="Status" name="status" options={STATUS_OPTIONS} value={values.status} onChange={(value) => set('status', value)} />
        <TextField
          label="Engagement Threshold (ms)"
          name="engagementThreshold"
          inputMode="numeric"
          value={values.engagementThreshold}
          onChange={(e) => set('engagementThreshold', e.target.value)}
          hint={`Time on page before a visit counts as engaged (min ${THRESHOLD_HINTS.engagement.min}, max ${THRESHOLD_HINTS.engagement.max})`}
        />
        <TextField
          label="Scroll Depth Threshold (%)"
          name="scrollDepthThreshold"
          inputMode="numeric"
          value={values.scrollDepthThreshold}
          onChange={(e) => set('scrollDepthThreshold', e.target.value)}
          hint={`Share of the page scrolled that counts as a deep read (min ${THRESHOLD_HINTS.scrollDepth.min}, max ${THRESHOLD_HINTS.scrollDepth.max})`}
        />
      </div>

      <div className="flex flex-wrap items-center justify-end gap-3">
        {actions}
        <Button type="submit" disabled={isPending} loading={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
