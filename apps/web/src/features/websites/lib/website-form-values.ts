// The website form's state, its on-submit validation (specification section 5) and its conversion to request bodies.
import {
  DEFAULT_THRESHOLDS,
  DOMAIN_PATTERN,
  INVALID_DOMAIN_MESSAGE,
  REQUIRED_WEBSITE_FIELDS_MESSAGE,
  TIMEZONES,
  type CreateWebsiteBody,
  type UpdateWebsiteBody,
  type Website,
  type WebsiteStatus,
} from '@foldline/contracts';

export type Timezone = (typeof TIMEZONES)[number];

/** What the inputs hold. Thresholds are free text: the specification hints bounds but does not enforce them. */
export interface WebsiteFormValues {
  name: string;
  domain: string;
  timezone: Timezone;
  status: WebsiteStatus;
  engagementThreshold: string;
  scrollDepthThreshold: string;
}

/** Hints shown under the threshold inputs (specification sections 2 and 9). */
export const THRESHOLD_HINTS = {
  engagement: { min: 500, max: 10_000 },
  scrollDepth: { min: 10, max: 100 },
} as const;

function isTimezone(value: string): value is Timezone {
  return (TIMEZONES as readonly string[]).includes(value);
}

/** Blank values for create mode, or the website's own values for edit mode. */
export function initialWebsiteFormValues(website?: Website): WebsiteFormValues {
  if (!website) {
    return {
      name: '',
      domain: '',
      timezone: 'UTC',
      status: 'active',
      engagementThreshold: String(DEFAULT_THRESHOLDS.engagement),
      scrollDepthThreshold: String(DEFAULT_THRESHOLDS.scrollDepth),
    };
  }
  return {
    name: website.name,
    domain: website.domain,
    timezone: isTimezone(website.timezone) ? website.timezone : 'UTC',
    status: website.status,
    engagementThreshold: String(website.settings.thresholds.engagement),
    scrollDepthThreshold: String(website.settings.thresholds.scrollDepth),
  };
}

/** The first validation message that applies, or null when the values may be sent. */
export function validateWebsiteForm(values: WebsiteFormValues): string | null {
  const name = values.name.trim();
  const domain = values.domain.trim();
  if (!name || !domain) return REQUIRED_WEBSITE_FIELDS_MESSAGE;
  if (!DOMAIN_PATTERN.test(domain)) return INVALID_DOMAIN_MESSAGE;
  return null;
}

/** A threshold from free text: empty or non-numeric falls back to the default (specification section 5). */
export function parseThreshold(text: string, fallback: number): number {
  const trimmed = text.trim();
  if (!trimmed) return fallback;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : fallback;
}

function thresholdsOf(values: WebsiteFormValues) {
  return {
    // The server stores engagement as whole milliseconds.
    engagement: Math.round(parseThreshold(values.engagementThreshold, DEFAULT_THRESHOLDS.engagement)),
    scrollDepth: parseThreshold(values.scrollDepthThreshold, DEFAULT_THRESHOLDS.scrollDepth),
  };
}

export function toCreateWebsiteBody(values: WebsiteFormValues): CreateWebsiteBody {
  return {
    name: values.name.trim(),
    domain: values.domain.trim().toLowerCase(),
    timezone: values.timezone,
    status: values.status,
    settings: { thresholds: thresholdsOf(values) },
  };
}

/** The edited fields on top of the stored website; the domain is sent unchanged because it is immutable. */
export function toUpdateWebsiteBody(values: WebsiteFormValues, website: Website): UpdateWebsiteBody {
  return {
    name: values.name.trim(),
    domain: website.domain,
    timezone: values.timezone,
    status: values.status,
    settings: { thresholds: { ...website.settings.thresholds, ...thresholdsOf(values) }, preference: website.settings.preference },
  };
}
