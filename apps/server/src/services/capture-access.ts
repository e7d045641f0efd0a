// Whose capture a page's is, and whether the server may take it (issue 22 §6). A page is rendered for the signed-in
// user's website whose domain it is on, and its capture is kept for that website: two accounts may register the same
// domain, and neither may see or replace the other's captures. A capture is taken only of a website whose tracking code
// Foldline has seen (a page registered by the collector, or the installation check's success): anyone may register any
// domain, and that alone must not make the server fetch its pages. The screenshot route and the analytics routes'
// layout lookups both ask here, so a heatmap is placed on the capture its screenshot shows.
import { hostBelongsTo } from '@foldline/ingest';
import type { MetadataDb, WebsiteRow } from '@foldline/metadata';
import { isWebsiteVerified } from '@foldline/metadata/websites/website-verifications.repository';
import { listWebsitesOfUser } from '@foldline/metadata/websites/websites.repository';
import { badRequest, conflict, notFound } from '../errors.ts';

export function unverifiedMessage(domain: string): string {
  return `Screenshots are taken once Foldline has seen your tracking code on ${domain}: install the snippet, or run the installation check.`;
}

/** What the screenshot service needs to know of a capture's owner (its CaptureRequest without the priority). */
export interface CaptureTarget {
  website: string;
  /** The website's owner: the account the capture queue counts the capture against. */
  account: string;
}

export interface CaptureAccess {
  /** Whose capture of this page to read (never taken here); 404 for a page outside the user's domains. */
  ownerOf(url: string): Promise<CaptureTarget>;
  /** The same, for a capture that may have to be taken now; 409 while the website is not verified. */
  takerOf(url: string): Promise<CaptureTarget>;
}

/** Whose captures a website's are, for the server's own renderings (the advice's): the website and its owner. Unlike
 * takerOf, no verification is checked: only pages the collector registered are rendered there, which verifies them. */
export async function captureTargetOfWebsite(db: MetadataDb, websiteId: string): Promise<CaptureTarget> {
  const website = await db.selectFrom('websites').select(['id', 'user_id']).where('id', '=', websiteId).executeTakeFirst();
  if (!website) throw notFound('Website not found');
  return { website: website.id, account: website.user_id };
}

/** One per request: the user's websites and their verification are read once however many pages the request renders. */
export function captureAccess(db: MetadataDb, userId: string): CaptureAccess {
  let websites: Promise<WebsiteRow[]> | undefined;
  const verified = new Map<string, Promise<boolean>>();
  const isVerified = (websiteId: string) => {
    let answer = verified.get(websiteId);
    if (!answer) verified.set(websiteId, (answer = isWebsiteVerified(db, websiteId)));
    return answer;
  };

  async function websiteOf(url: string): Promise<{ website: WebsiteRow; verified: boolean }> {
    if (!URL.canParse(url)) throw badRequest('url must be an http or https address');
    const host = new URL(url).hostname;
    websites ??= listWebsitesOfUser(db, userId);
    const candidates = await Promise.all(
      (await websites).filter((website) => hostBelongsTo(host, website.domain)).map(async (website) => ({ website, verified: await isVerified(website.id) })),
    );
    // The collector's rule: the pages it takes beacons from are the pages that can be rendered. A user with several
    // websites over the page's host gets the most specific domain's, a verified one first, else the oldest: the same
    // answer every time, so the screenshot and the heatmap read one capture.
    const [chosen] = candidates.sort(
      (a, b) =>
        b.website.domain.length - a.website.domain.length ||
        Number(b.verified) - Number(a.verified) ||
        a.website.created_at.localeCompare(b.website.created_at) ||
        a.website.id.localeCompare(b.website.id),
    );
    if (!chosen) throw notFound(`${host} is not the domain of one of your websites`);
    return chosen;
  }

  return {
    async ownerOf(url) {
      const { website } = await websiteOf(url);
      return { website: website.id, account: website.user_id };
    },
    async takerOf(url) {
      const { website, verified: isKnown } = await websiteOf(url);
      if (!isKnown) throw conflict(unverifiedMessage(website.domain));
      return { website: website.id, account: website.user_id };
    },
  };
}
