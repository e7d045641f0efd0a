// Removing websites with everything they hold, shared by website deletion, "Clear All Data" and account deletion.
import { deleteWebsiteEvents } from '@foldline/event-store';
import { deleteWebsitesOfUser } from '@foldline/metadata/websites/websites.repository';
import type { FastifyInstance } from 'fastify';

/**
 * Events go first: if the event store fails, the websites are still there and the user can try again.
 * The other order would leave events behind that no website points to and no request can reach.
 * Pages and ad units go with their website by cascade.
 */
export async function removeWebsites(app: FastifyInstance, userId: string, websiteIds: readonly string[]): Promise<void> {
  await deleteWebsiteEvents(app.events, websiteIds);
  await deleteWebsitesOfUser(app.metadata.db, userId, websiteIds);
}
