// Which websites are the demo's: the demo account's website on the demo host. Its visitors are simulated (the seeded
// history and the live readers), and the web app says so on every screen of it. Anybody may add a website on that host
// name to their own account, so the host alone does not make a website the demo: the owner must be the demo account.
import { DEMO_EMAIL, DEMO_HOST } from '@foldline/demo/seed/demo-account';
import type { MetadataDb } from '@foldline/metadata';
import { findUserById } from '@foldline/metadata/users/users.repository';

/**
 * A test for the websites of one user (every website query is scoped by its owner). The user is looked up only when
 * one of `domains` is the demo host, so the usual list costs nothing more.
 */
export async function demoWebsiteTest(db: MetadataDb, userId: string, domains: readonly string[]): Promise<(domain: string) => boolean> {
  if (!domains.includes(DEMO_HOST)) return () => false;
  const owner = await findUserById(db, userId);
  const ownerIsDemo = owner?.email.toLowerCase() === DEMO_EMAIL;
  return (domain) => ownerIsDemo && domain === DEMO_HOST;
}
