// A publisher's page with Foldline's real tracker on it, and readers in real Chromium who read it: the set-up that the
// browser tests of what readers do on a page (heatmaps, their segments, dead clicks, the engagement map) share, in one
// place so that each test file says only what its page holds, what its readers do and what the publisher then sees.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SessionResponse, Website } from '@foldline/contracts';
import type { Browser, Page } from 'playwright-core';
import { BROWSER_UA } from '../../apps/server/test/collect-factory.ts';
import { launchBrowser, registerByApi } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

export interface PublisherSite {
  server: TestServer;
  /** The publisher's session: a fresh user, who added the website. */
  session: SessionResponse;
  website: Website;
  /** The article on the publisher's own server, http://127.0.0.1:<port>/news/ferry-timetable. */
  articleUrl: string;
  /** The id of the article's page, which the first pageview registered. */
  pageId(): Promise<string>;
  /** Calls the API at /api`path` as the publisher, signed in: its status and its JSON body. */
  api<T>(path: string): Promise<{ status: number; body: T }>;
  /** The readers' browser: Chrome's user agent, not HeadlessChrome's, which the collector drops as a bot. Kept open
   * until the site closes, since a leaving page's beacon may still be on its way after its visit. */
  launchReaders(): Promise<Browser>;
  /** Closes the readers' browser, stops the publisher's server, then Foldline's. */
  close(): Promise<void>;
}

/** Starts Foldline, registers a publisher who adds a website (through the API, as the form would), and serves `html`
 * (given the tracker's address and the website's tracking code) as the article on a loopback port of its own. */
export async function startPublisherSite(html: (trackerUrl: string, trackingCode: string) => string): Promise<PublisherSite> {
  // The publisher is on loopback here, which only an operator's ALLOW_PRIVATE_FETCH lets the renderer reach.
  const server = await startServer({ ALLOW_PRIVATE_FETCH: '1' });
  let publisher: Server | undefined;
  const readers: Browser[] = [];
  const close = async () => {
    for (const browser of readers) await browser.close();
    if (publisher) await new Promise((resolve) => publisher!.close(resolve));
    await server.close();
  };
  try {
    const { session } = await registerByApi(server);
    const created = await fetch(`${server.url}/api/websites`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Harbour Herald', domain: `herald-${Date.now()}.example.com` }),
    });
    const website = ((await created.json()) as { data: { website: Website } }).data.website;
    // The form takes public domains only; this publisher answers on 127.0.0.1.
    await server.app.metadata.db.updateTable('websites').set({ domain: '127.0.0.1' }).where('id', '=', website.website_id).execute();
    const page = html(`${server.url}/api/tracker.js`, website.tracking_code);
    const listening = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(page));
    publisher = listening;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    return {
      server,
      session,
      website,
      articleUrl: `http://127.0.0.1:${(listening.address() as AddressInfo).port}/news/ferry-timetable`,
      pageId: async () => (await server.app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', website.website_id).executeTakeFirstOrThrow()).id,
      api: async <T>(path: string) => {
        const response = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${session.tokens.accessToken}` } });
        return { status: response.status, body: (await response.json()) as T };
      },
      launchReaders: async () => {
        const browser = await launchBrowser({ userAgent: BROWSER_UA });
        readers.push(browser);
        return browser;
      },
      close,
    };
  } catch (error) {
    // The test's own clean-up never sees a site that failed to start.
    await close();
    throw error;
  }
}

/** A reader's visit at `width` (a 700 px tall window on phones, 900 px from 768 px up): open `url`, `act` on the page,
 * then leave (the leaving page sends what is left). */
export async function visitAsReader(readers: Browser, url: string, width: number, act: (page: Page) => Promise<void>): Promise<void> {
  const context = await readers.newContext({ viewport: { width, height: width < 768 ? 700 : 900 } });
  const page = await context.newPage();
  await page.goto(url);
  // The tracker sends its pageview a second after load; wait for it so the click beacon has its device.
  await page.waitForResponse((response) => response.url().includes('/api/collect'));
  await act(page);
  await context.close();
}

/** Reads every 250 ms until `stored` holds of the reading; throws with the last reading after 15 s. The clicks are
 * stored once their beacons are acknowledged, and a leaving page's beacon may still be on its way. */
export async function waitForStoredClicks<T>(read: () => Promise<T>, stored: (reading: T) => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const reading = await read();
    if (stored(reading)) return;
    if (Date.now() > deadline) throw new Error(`clicks not stored: ${JSON.stringify(reading)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
