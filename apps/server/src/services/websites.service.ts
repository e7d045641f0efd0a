// What the websites routes do: each function takes the app, the caller's user id and the validated input.
import { randomBytes, randomUUID } from 'node:crypto';
import { forgetAnswer, latestEventTimes, websiteAnalysisKey } from '@foldline/analytics';
import {
  DOMAIN_IMMUTABLE_MESSAGE,
  mergeAdsSettings,
  WEBSITE_PAGES_LIMIT,
  type createWebsiteBodySchema,
  trackingScript,
  websiteSettingsSchema,
  type ClearWebsiteDataResponse,
  type CreateWebsiteResponse,
  type UpdateWebsiteBody,
  type Website,
  type WebsiteListResponse,
  type WebsiteSettings,
  type WebsiteSettingsInput,
  type WebsiteWithPages,
} from '@foldline/contracts';
import type { WebsiteRow } from '@foldline/metadata';
import { deleteAdUnitsOfWebsite } from '@foldline/metadata/ad-units/ad-units.repository';
import { deletePotentialOfWebsite } from '@foldline/metadata/potential-days/potential-days.repository';
import { deleteRecommendationRecordsOfWebsite } from '@foldline/metadata/recommendation-records/recommendation-records.repository';
import { deletePagesOfWebsite, listPagesOfWebsite } from '@foldline/metadata/pages/pages.repository';
import {
  findWebsiteOfUser,
  insertWebsite,
  listWebsitesOfUser,
  updateWebsiteOfUser,
} from '@foldline/metadata/websites/websites.repository';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { badRequest, notFound } from '../errors.ts';
import { deleteEventsOfWebsites, removeWebsites } from './account-data.ts';
import { demoWebsiteTest } from './demo-websites.ts';
import { toPage } from './pages.service.ts';

/** 'fl_' and 128 random bits: the code is public in every tracked page, but cannot be guessed for another site. */
const newTrackingCode = () => `fl_${randomBytes(16).toString('base64url')}`;

/** Fills every setting the input leaves out from `current` (the stored settings, or the defaults). Ads & revenue stay
 * out of the object until any is set: the specification's settings are exactly what older websites answer. */
function mergeSettings(current: WebsiteSettings, input: WebsiteSettingsInput | undefined): WebsiteSettings {
  const ads = mergeAdsSettings(current.ads, input?.ads);
  return websiteSettingsSchema.parse({
    thresholds: { ...current.thresholds, ...input?.thresholds },
    preference: { ...current.preference, ...input?.preference },
    ...(ads ? { ads } : {}),
  });
}

/** Settings saved before a setting existed read as its default. */
const storedSettings = (row: WebsiteRow): WebsiteSettings => websiteSettingsSchema.parse(JSON.parse(row.settings));

function toWebsite(app: FastifyInstance, row: WebsiteRow, isDemo: (domain: string) => boolean): Website {
  return {
    website_id: row.id,
    name: row.name,
    domain: row.domain,
    status: row.status === 'active' ? 'active' : 'inactive',
    timezone: row.timezone,
    created_at: row.created_at,
    updated_at: row.updated_at,
    tracking_code: row.tracking_code,
    tracking_script: trackingScript(app.config.publicUrl, row.tracking_code),
    settings: storedSettings(row),
    is_demo: isDemo(row.domain),
  };
}

/** The website as the API answers it, knowing whether it is the demo's. */
async function websiteOf(app: FastifyInstance, userId: string, row: WebsiteRow): Promise<Website> {
  return toWebsite(app, row, await demoWebsiteTest(app.metadata.db, userId, [row.domain]));
}

async function ownWebsite(app: FastifyInstance, userId: string, websiteId: string): Promise<WebsiteRow> {
  const row = await findWebsiteOfUser(app.metadata.db, userId, websiteId);
  if (!row) throw notFound('Website not found');
  return row;
}

/** The website with its first pages by url_path and how many it has: the whole list is paged (GET …/pages). */
async function withPages(app: FastifyInstance, userId: string, row: WebsiteRow): Promise<WebsiteWithPages> {
  const [{ rows, total }, website] = await Promise.all([
    listPagesOfWebsite(app.metadata.db, userId, row.id, { sort: 'url_path', order: 'asc', limit: WEBSITE_PAGES_LIMIT, offset: 0 }),
    websiteOf(app, userId, row),
  ]);
  return { ...website, pages: rows.map(toPage), pages_total: total };
}

/** The user's websites with Last Activity: the latest event's time, or the creation date before any (DESIGN.md). */
export async function listWebsites(app: FastifyInstance, userId: string): Promise<WebsiteListResponse> {
  const rows = await listWebsitesOfUser(app.metadata.db, userId);
  const [latest, isDemo] = await Promise.all([
    latestEventTimes(app.events, rows.map((row) => row.id)),
    demoWebsiteTest(app.metadata.db, userId, rows.map((row) => row.domain)),
  ]);
  return { websites: rows.map((row) => ({ ...toWebsite(app, row, isDemo), last_activity: latest.get(row.id) ?? row.created_at })) };
}

export async function createWebsite(
  app: FastifyInstance,
  userId: string,
  body: z.output<typeof createWebsiteBodySchema>,
): Promise<CreateWebsiteResponse> {
  const row = await insertWebsite(app.metadata.db, {
    id: randomUUID(),
    user_id: userId,
    name: body.name,
    domain: body.domain,
    tracking_code: newTrackingCode(),
    status: body.status,
    timezone: body.timezone,
    settings: JSON.stringify(mergeSettings(websiteSettingsSchema.parse({}), body.settings)),
  });
  const website = await websiteOf(app, userId, row);
  return { data: { website, tracking_script: website.tracking_script } };
}

export async function getWebsite(app: FastifyInstance, userId: string, websiteId: string): Promise<{ website: WebsiteWithPages }> {
  return { website: await withPages(app, userId, await ownWebsite(app, userId, websiteId)) };
}

export async function updateWebsite(
  app: FastifyInstance,
  userId: string,
  websiteId: string,
  body: UpdateWebsiteBody,
): Promise<{ website: WebsiteWithPages }> {
  const row = await ownWebsite(app, userId, websiteId);
  // The web app sends the whole website back, domain included: only a different domain is refused.
  if (body.domain !== undefined && body.domain.trim().toLowerCase() !== row.domain) throw badRequest(DOMAIN_IMMUTABLE_MESSAGE);
  const before = storedSettings(row);
  const settings = body.settings ? mergeSettings(before, body.settings) : undefined;
  await updateWebsiteOfUser(app.metadata.db, userId, websiteId, {
    name: body.name,
    status: body.status,
    timezone: body.timezone,
    settings: settings ? JSON.stringify(settings) : undefined,
  });
  // The advice weighs options by these values and limits: the analysis remembered on the old ones goes now (any other
  // process sees the change at its next look, analyseWebsite).
  if (settings && JSON.stringify(settings.ads) !== JSON.stringify(before.ads)) forgetAnswer(app.events, websiteAnalysisKey(websiteId));
  return getWebsite(app, userId, websiteId);
}

export async function deleteWebsite(app: FastifyInstance, userId: string, websiteId: string): Promise<{ success: true }> {
  await ownWebsite(app, userId, websiteId);
  await removeWebsites(app, userId, [websiteId]);
  return { success: true };
}

/** "Clear Website Data": every event, page and ad unit goes; the website and its settings stay. */
export async function clearWebsiteData(app: FastifyInstance, userId: string, websiteId: string): Promise<ClearWebsiteDataResponse> {
  await ownWebsite(app, userId, websiteId);
  const { impressions, events, sessions } = await deleteEventsOfWebsites(app, [websiteId]);
  const adUnits = await deleteAdUnitsOfWebsite(app.metadata.db, userId, websiteId);
  await deletePotentialOfWebsite(app.metadata.db, websiteId);
  await deleteRecommendationRecordsOfWebsite(app.metadata.db, websiteId);
  await deletePagesOfWebsite(app.metadata.db, userId, websiteId);
  // Later visits must register their pages afresh, not reuse the deleted ids the collector remembers: this process
  // forgets them now, other processes when they next read the website's row and find it changed (within seconds).
  await updateWebsiteOfUser(app.metadata.db, userId, websiteId, {});
  await app.ingest.forgetWebsites([websiteId]);
  return { success: true, deleted: { impressions, events, adUnits, sessions } };
}
