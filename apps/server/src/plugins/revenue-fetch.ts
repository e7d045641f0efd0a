// app.revenueFetch: the daily fetch of the ad-server reports publishers point Foldline at (issue 23 §2). While the
// server listens, every REVENUE_FETCH_CHECK_MS it takes the websites whose fetch is due (a day after the last began,
// an hour after a failed one) and fetches and imports them one at a time, in the background; a fetch is taken by one
// process only (the claim is one UPDATE), so several dashboard processes never fetch one report twice. The fetch that
// follows a save runs in the save's own request (services/revenue-imports.service.ts).
import { claimRevenueFetch, dueRevenueFetches, findRevenueFetch } from '@foldline/metadata/revenue-fetches/revenue-fetches.repository';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fetchDue, runRevenueFetch } from '../services/revenue-imports.service.ts';

/** How often the due fetches are looked for. */
export const REVENUE_FETCH_CHECK_MS = 10 * 60_000;
/** The first look waits a little after the start, as the background advice does. */
const FIRST_CHECK_DELAY_MS = 30_000;

export interface RevenueFetcher {
  /** Fetches every due report now, one after another; resolves with how many were fetched. */
  runDue(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    revenueFetch: RevenueFetcher;
  }
}

function createFetcher(app: FastifyInstance, isClosing: () => boolean): RevenueFetcher {
  return {
    async runDue(now = new Date()) {
      let fetched = 0;
      for (const websiteId of await dueRevenueFetches(app.metadata.db, fetchDue(now))) {
        if (isClosing()) break;
        // Another process may have taken it since, or the publisher turned it off.
        if (!(await claimRevenueFetch(app.metadata.db, websiteId, fetchDue(now), new Date()))) continue;
        const [row, website] = await Promise.all([
          findRevenueFetch(app.metadata.db, websiteId),
          app.metadata.db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirst(),
        ]);
        if (!row || !website) continue;
        await runRevenueFetch(app, website, row);
        fetched += 1;
      }
      return fetched;
    },
  };
}

export default fp(
  async (app) => {
    let closing = false;
    const fetcher = createFetcher(app, () => closing);
    app.decorate('revenueFetch', fetcher);

    // Only a listening server fetches in the background: an app built for a test answers what it is asked, no more.
    let timer: NodeJS.Timeout | undefined;
    let pass: Promise<unknown> = Promise.resolve();
    const schedule = (delay: number) => {
      timer = setTimeout(() => {
        pass = fetcher.runDue().catch((error: unknown) => app.log.error({ err: error }, 'revenue report fetches failed'));
        void pass.then(() => !closing && schedule(REVENUE_FETCH_CHECK_MS));
      }, delay);
      timer.unref();
    };
    app.addHook('onListen', async () => schedule(FIRST_CHECK_DELAY_MS));
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      await pass;
    });
  },
  { name: 'revenue-fetch', dependencies: ['stores'] },
);
