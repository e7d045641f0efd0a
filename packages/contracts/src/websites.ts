// Websites and their settings (specification sections 2, 3, 5, 7, 9).
import { z } from 'zod';
import { adsSettingsInputSchema, adsSettingsSchema } from './ad-settings.ts';
import { idSchema } from './common.ts';
import { pageSchema } from './pages.ts';

export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const;
export const timezoneSchema = z.enum(TIMEZONES);

export const websiteStatusSchema = z.enum(['active', 'inactive']);
export type WebsiteStatus = z.infer<typeof websiteStatusSchema>;

/** A dotted host name: labels of letters, digits and hyphens that start and end alphanumeric, a TLD of 2+ letters. */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
export const REQUIRED_WEBSITE_FIELDS_MESSAGE = 'Name and domain are required fields';
export const INVALID_DOMAIN_MESSAGE = 'Please enter a valid domain name (e.g., example.com)';
export const DOMAIN_IMMUTABLE_MESSAGE = 'Domain cannot be changed after website creation';

export const DEFAULT_THRESHOLDS = { engagement: 2000, scrollDepth: 70, viewability: 50, viewTime: 1000 } as const;
export const DEFAULT_PREFERENCES = {
  collectClickData: true,
  collectScrollData: true,
  collectEngagementData: true,
  autoDetectAdUnits: true,
} as const;

/** The bounds of each setting, without defaults: a partial input must not fill in what the client left out. */
const thresholdFields = {
  engagement: z.number().int().min(0).max(3_600_000),
  scrollDepth: z.number().min(0).max(100),
  viewability: z.number().min(0).max(100),
  viewTime: z.number().int().min(0).max(3_600_000),
};
const preferenceFields = {
  collectClickData: z.boolean(),
  collectScrollData: z.boolean(),
  collectEngagementData: z.boolean(),
  autoDetectAdUnits: z.boolean(),
};

export const thresholdsSchema = z.object({
  engagement: thresholdFields.engagement.default(DEFAULT_THRESHOLDS.engagement),
  scrollDepth: thresholdFields.scrollDepth.default(DEFAULT_THRESHOLDS.scrollDepth),
  viewability: thresholdFields.viewability.default(DEFAULT_THRESHOLDS.viewability),
  viewTime: thresholdFields.viewTime.default(DEFAULT_THRESHOLDS.viewTime),
});

export const preferenceSchema = z.object({
  collectClickData: preferenceFields.collectClickData.default(DEFAULT_PREFERENCES.collectClickData),
  collectScrollData: preferenceFields.collectScrollData.default(DEFAULT_PREFERENCES.collectScrollData),
  collectEngagementData: preferenceFields.collectEngagementData.default(DEFAULT_PREFERENCES.collectEngagementData),
  autoDetectAdUnits: preferenceFields.autoDetectAdUnits.default(DEFAULT_PREFERENCES.autoDetectAdUnits),
});
export type CollectionPreferences = z.infer<typeof preferenceSchema>;

export const websiteSettingsSchema = z.object({
  thresholds: thresholdsSchema.prefault({}),
  preference: preferenceSchema.prefault({}),
  /** Ads & revenue (ad-settings.ts): absent until the publisher sets any, so the specification's object is unchanged.
   * Stored ads a later contract no longer takes read as none, never as unreadable settings (the collector reads the
   * preference through this schema too). */
  ads: adsSettingsSchema.optional().catch(undefined),
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;
/** What a client may send: any part of the settings, the rest keeps its current or default value. */
export const websiteSettingsInputSchema = z.object({
  thresholds: z.object(thresholdFields).partial().optional(),
  preference: z.object(preferenceFields).partial().optional(),
  ads: adsSettingsInputSchema.optional(),
});
export type WebsiteSettingsInput = z.infer<typeof websiteSettingsInputSchema>;

export const domainSchema = z
  .string()
  .trim()
  .min(1, REQUIRED_WEBSITE_FIELDS_MESSAGE)
  .transform((value) => value.toLowerCase())
  .refine((value) => DOMAIN_PATTERN.test(value), INVALID_DOMAIN_MESSAGE);

export const createWebsiteBodySchema = z.object({
  name: z.string({ error: REQUIRED_WEBSITE_FIELDS_MESSAGE }).trim().min(1, REQUIRED_WEBSITE_FIELDS_MESSAGE).max(200),
  domain: z.string({ error: REQUIRED_WEBSITE_FIELDS_MESSAGE }).pipe(domainSchema),
  timezone: timezoneSchema.default('UTC'),
  status: websiteStatusSchema.default('active'),
  settings: websiteSettingsInputSchema.optional(),
});
export type CreateWebsiteBody = z.input<typeof createWebsiteBodySchema>;

/** PUT takes the website object back; the domain may be sent but must not change. Unknown fields are ignored. */
export const updateWebsiteBodySchema = z.object({
  name: z.string().trim().min(1, REQUIRED_WEBSITE_FIELDS_MESSAGE).max(200).optional(),
  domain: z.string().optional(),
  timezone: timezoneSchema.optional(),
  status: websiteStatusSchema.optional(),
  settings: websiteSettingsInputSchema.optional(),
});
export type UpdateWebsiteBody = z.input<typeof updateWebsiteBodySchema>;

export const websiteParamsSchema = z.object({ websiteId: idSchema });

export const websiteSchema = z.object({
  website_id: z.string(),
  name: z.string(),
  domain: z.string(),
  status: websiteStatusSchema,
  timezone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  tracking_code: z.string(),
  tracking_script: z.string(),
  settings: websiteSettingsSchema,
  /** The demo account's website on the demo host: its visitors are simulated, and every screen of it says so. */
  is_demo: z.boolean(),
});
export type Website = z.infer<typeof websiteSchema>;

/** How many pages GET /api/websites/:id carries: the first by url_path. The whole list is paged through
 * GET /api/websites/:id/pages (DESIGN.md, deviations: a website may have 100,000 pages). */
export const WEBSITE_PAGES_LIMIT = 100;
export const websiteWithPagesSchema = websiteSchema.extend({
  /** The first WEBSITE_PAGES_LIMIT pages by url_path. */
  pages: z.array(pageSchema),
  /** How many pages the website has in all. */
  pages_total: z.number(),
});
export type WebsiteWithPages = z.infer<typeof websiteWithPagesSchema>;

/** A website in GET /api/websites, with its Last Activity: the time of its latest tracked event, or its creation date
 * before any (DESIGN.md, deviations: the specification displays the creation date). */
const websiteListItemSchema = websiteSchema.extend({ last_activity: z.string() });
export const websiteListResponseSchema = z.object({ websites: z.array(websiteListItemSchema) });
export type WebsiteListResponse = z.infer<typeof websiteListResponseSchema>;
export const websiteResponseSchema = z.object({ website: websiteWithPagesSchema });
export const createWebsiteResponseSchema = z.object({
  data: z.object({ website: websiteSchema, tracking_script: z.string() }),
});
export type CreateWebsiteResponse = z.infer<typeof createWebsiteResponseSchema>;

export const deletedCountsSchema = z.object({
  impressions: z.number(),
  events: z.number(),
  adUnits: z.number(),
  sessions: z.number(),
});
export const clearWebsiteDataResponseSchema = z.object({ success: z.literal(true), deleted: deletedCountsSchema });
export type ClearWebsiteDataResponse = z.infer<typeof clearWebsiteDataResponseSchema>;

export const verifyResponseSchema = z.object({ verified: z.boolean(), message: z.string() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** The snippet a site owner pastes into their pages (specification section 9). */
export function trackingScript(publicUrl: string, trackingCode: string): string {
  return `<script defer src="${publicUrl}/api/tracker.js" data-site="${trackingCode}"></script>`;
}
