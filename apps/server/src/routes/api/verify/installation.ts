// The installation check: recent events from the website, else its home page carrying the snippet.
import type { EventStore } from '@foldline/event-store';
import { FetchRefused, type FetchPolicy } from '@foldline/screenshots/address-guard';
import { FetchFailed, fetchPage } from './home-page.ts';

export interface VerifyResult {
  verified: boolean;
  message: string;
}

const RECENT_HOURS = 24;

export async function checkInstallation(
  events: EventStore,
  website: { id: string; domain: string; tracking_code: string },
  policy: FetchPolicy,
): Promise<VerifyResult> {
  const [recent] = await events.query<{ n: number | string }>(
    `SELECT count() AS n FROM foldline.pageviews WHERE website_id = {websiteId:UUID} AND ts >= now64(3) - INTERVAL ${RECENT_HOURS} HOUR`,
    { websiteId: website.id },
    { readonly: true, maxExecutionTime: 10 },
  );
  const pageviews = Number(recent?.n ?? 0);
  if (pageviews > 0) {
    return { verified: true, message: `Tracking code verified: ${pageviews} pageview${pageviews === 1 ? '' : 's'} received from ${website.domain} in the last ${RECENT_HOURS} hours.` };
  }

  const failures: string[] = [];
  for (const scheme of ['https', 'http']) {
    const url = `${scheme}://${website.domain}/`;
    try {
      const page = await fetchPage(url, policy);
      if (page.status >= 400) {
        failures.push(`${url} answered HTTP ${page.status}`);
        continue;
      }
      if (hasSnippet(page.body, website.tracking_code)) {
        return { verified: true, message: `Tracking code verified: the snippet with ${website.tracking_code} was found on ${page.url}. Data will appear as visitors arrive.` };
      }
      failures.push(`${page.url} does not contain the tracking script with data-site="${website.tracking_code}"`);
      // The page answered: trying plain http as well would only repeat the finding.
      break;
    } catch (error) {
      // fetchPage's errors are worded for the publisher (no resolver or socket text); anything else is not shown.
      failures.push(`${url} could not be fetched (${error instanceof FetchFailed || error instanceof FetchRefused ? error.message : 'the request failed'})`);
    }
  }
  return {
    verified: false,
    message: `No events received from ${website.domain} in the last ${RECENT_HOURS} hours, and ${failures.join('; ')}.`,
  };
}

/** The snippet: a script loading /api/tracker.js whose data-site is this tracking code (any attribute order or quotes). */
function hasSnippet(html: string, trackingCode: string): boolean {
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  const code = trackingCode.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const site = new RegExp(`data-site\\s*=\\s*["']?${code}["'\\s>]`, 'i');
  return scripts.some((tag) => /\/api\/tracker\.js/i.test(tag) && site.test(tag));
}
