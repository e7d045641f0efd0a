// Removing a set of websites' events, or the websites with everything they hold, shared by website deletion,
// "Clear Website Data", "Clear All Data" and account deletion.
import { forgetAdDays, forgetAnalyses, forgetCurrencies, forgetImportedSpread, forgetKeptSums } from '@foldline/analytics';
import { deleteWebsiteEvents, type WebsiteEventCounts } from '@foldline/event-store';
import { deleteWebsitesOfUser } from '@foldline/metadata/websites/websites.repository';
import type { FastifyInstance } from 'fastify';

/** Writes what the ingest buffer holds first, so events that reached the collector before this request go too. */
export async function deleteEventsOfWebsites(app: FastifyInstance, websiteIds: readonly string[]): Promise<WebsiteEventCounts> {
  if (websiteIds.length > 0) await app.ingest.flush();
  const counts = await deleteWebsiteEvents(app.events, websiteIds);
  // Recommendations remembered for a minute rest on the deleted evidence; so do the first revenue currency seen, the
  // imported revenue's spread, the ad experience's kept days (deleted with the events) and the kept sums of settled days.
  forgetAnalyses(app.events);
  forgetAdDays(app.events);
  forgetKeptSums(app.events);
  forgetCurrencies(app.events);
  forgetImportedSpread(app.events);
  return counts;
}

/**
 * Events go first: if the event store fails, the websites are still there and the user can try again.
 * The other order would leave events behind that no website points to and no request can reach.
 * Pages and ad units go with their website by cascade.
 */
export async function removeWebsites(app: FastifyInstance, userId: string, websiteIds: readonly string[]): Promise<void> {
  await deleteEventsOfWebsites(app, websiteIds);
  await deleteWebsitesOfUser(app.metadata.db, userId, websiteIds);
  // The collector must not keep resolving beacons to the deleted website and its pages from memory.
  await app.ingest.forgetWebsites(websiteIds);
}
