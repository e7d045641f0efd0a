// app.advice: the placement advice, ready whenever a publisher looks (issue 21 §7). Every screen — the dashboard's
// KPIs, the Ad Units tab, page analytics — reads the same remembered analysis of a website, built on the renderings
// already taken; no request waits for Chromium. A page that needs a rendering (it reached the minimum sample on a
// device, or its rendering is over a day old) is rendered here in the background, one at a time, and its website's
// analysis is forgotten so the next look includes it. While the server listens, every website is analysed once after
// the start and then every ADVICE_REFRESH_MS, which also reads its measured format values (measured-values.ts) and
// keeps one figure of its optimization potential per day.
import { analyseWebsite, forgetAnswer, markCarriedOut, potentialFigure, readMeasuredValues, websiteAnalysisKey, type LayoutLookup } from '@foldline/analytics';
import type { DeviceType } from '@foldline/contracts';
import { inBackground } from '@foldline/event-store';
import { recordPotential } from '@foldline/metadata/potential-days/potential-days.repository';
import { recordRecommendations } from '@foldline/metadata/recommendation-records/recommendation-records.repository';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { captureTargetOfWebsite } from '../services/capture-access.ts';

/** How often every website's advice is computed afresh in the background (and its potential recorded). */
export const ADVICE_REFRESH_MS = 10 * 60_000;
/** The first pass waits a little after the start: seeding, migrations and the first requests go first. */
const FIRST_PASS_DELAY_MS = 15_000;
/** A rendering older than this is taken again (the page may have changed); the old one serves meanwhile. */
const RENDERING_MAX_AGE_MS = 24 * 60 * 60_000;
/** Renderings waiting at once, at most: more are asked for again on a later look. */
const MAX_WAITING_RENDERINGS = 200;
/** A page that could not be rendered is tried again after this, not on every look. */
const RETRY_FAILED_MS = 10 * 60_000;
/** Failed renderings remembered at once, at most (a key and a message each). Beyond the waiting renderings' number: a
 * publisher with more page-devices than that which cannot be rendered (a site that refuses the renderer) would
 * otherwise forget each failure before its retry was due, ask again, and keep every analysis of theirs incomplete. */
const MAX_REMEMBERED_FAILURES = 10_000;

export interface Advice {
  /** The renderings the advice is built on: what is stored, never a wait; a missing one is asked for in the
   * background for the website's next look. */
  layout: LayoutLookup;
  /** Analyses every website now and records each one's potential for today. Resolves when done. */
  refreshAll(): Promise<void>;
  /** Resolves when the renderings asked for so far are done (tests). */
  renderingsDone(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    advice: Advice;
  }
}

function createAdvice(app: FastifyInstance, isClosing: () => boolean): Advice {
  const waiting = new Map<string, { url: string; device: DeviceType; websiteId: string }>();
  /** Why a page could not be rendered, and when: said on the analysis until it is tried again. */
  const failed = new Map<string, { at: number; message: string }>();
  let rendering: Promise<void> = Promise.resolve();

  /** Renders the waiting pages one after another: the screenshot queue is shared with people looking at heatmaps. */
  function renderNext(): Promise<void> {
    const next = waiting.entries().next().value as [string, { url: string; device: DeviceType; websiteId: string }] | undefined;
    if (!next || isClosing()) return Promise.resolve();
    const [key, { url, device, websiteId }] = next;
    // The server's own rendering, counted against the website's owner: it waits while anyone looks at a screen.
    return captureTargetOfWebsite(app.metadata.db, websiteId)
      .then((target) => app.screenshots.layout(url, device, { ...target, priority: 'background' }))
      .then(
        () => failed.delete(key),
        (error: unknown) => {
          if (failed.size >= MAX_REMEMBERED_FAILURES) failed.delete(failed.keys().next().value as string);
          failed.set(key, { at: Date.now(), message: error instanceof Error ? error.message : 'unknown error' });
          app.log.warn({ err: error, url, device }, 'background rendering for the advice failed');
        },
      )
      // Either way the website's next look says so, once the website has no other rendering waiting: forgotten after
      // each one, a website with hundreds of pages to render (or that refuse the renderer) had its analysis recomputed
      // by nearly every look for as long as its renderings went on (an answer waiting on them is kept a minute only
      // meanwhile: analysis-cache.ts).
      .then(() => {
        if (![...waiting].some(([other, waiter]) => other !== key && waiter.websiteId === websiteId)) forgetAnswer(app.events, websiteAnalysisKey(websiteId));
      })
      .finally(() => waiting.delete(key))
      .then(renderNext);
  }

  /** Renderings are a website's own (two websites on one domain never share one). */
  const keyOf = (url: string, device: DeviceType, websiteId: string) => `${websiteId}\n${url}\n${device}`;

  function askFor(url: string, device: DeviceType, websiteId: string): void {
    const key = keyOf(url, device, websiteId);
    if (waiting.has(key) || waiting.size >= MAX_WAITING_RENDERINGS) return;
    const idle = waiting.size === 0;
    waiting.set(key, { url, device, websiteId });
    if (idle) rendering = renderNext();
  }

  const layout: LayoutLookup = async (url, device, websiteId) => {
    const stored = await app.screenshots.storedLayout(url, device, { website: websiteId }).catch(() => undefined);
    if (!stored) {
      const failure = failed.get(keyOf(url, device, websiteId));
      if (failure && Date.now() - failure.at < RETRY_FAILED_MS) return { unavailable: `The page could not be rendered to find its content (${failure.message})` };
      askFor(url, device, websiteId);
      return { unavailable: 'The page is being rendered in the background to find its content (look again in a minute)', pending: true };
    }
    if (Date.now() - stored.capturedAt.getTime() > RENDERING_MAX_AGE_MS) askFor(url, device, websiteId);
    return stored;
  };

  return {
    layout,
    // Background work (event-store background.ts): on the embedded engine the pass's statements wait for the looks'.
    refreshAll() {
      return inBackground(async () => {
        const websites = await app.metadata.db.selectFrom('websites').select(['id', 'user_id']).where('status', '=', 'active').execute();
        for (const website of websites) {
          if (isClosing()) return;
          const now = new Date();
          const context = { db: app.metadata.db, events: app.events, userId: website.user_id, now };
          try {
            // Recommendations a detected change carried out are marked applied first, so they leave today's list.
            await markCarriedOut(context, website.id);
            // The website's measured values (viewable eCPM per device and format), read once per pass: every look until the
            // next pass takes them from memory. A failed read keeps the last ones and the advice goes on.
            const measured = await readMeasuredValues(context, website.id).catch((error: unknown) => {
              app.log.warn({ err: error, websiteId: website.id }, 'measured format values could not be read');
              return undefined;
            });
            // Computed afresh on them and kept for the looks until the next pass, with the values (looks meanwhile are
            // given the answer and values kept before: none of them waits on this pass, analysis-cache.ts).
            const analysis = await analyseWebsite(context, website.id, layout, { renew: true, measured });
            await recordPotential(app.metadata.db, website.id, now.toISOString().slice(0, 10), potentialFigure(analysis));
            // The record of the advice (issue 25): what each recommendation promised, kept after the page changes.
            await recordRecommendations(app.metadata.db, website.id, analysis.recommendations, now.toISOString());
          } catch (error) {
            // A website deleted (through this process or another) while it was analysed has nothing to record; any other
            // failure is one website's, and the others still get their advice.
            const exists = await app.metadata.db.selectFrom('websites').select('id').where('id', '=', website.id).executeTakeFirst();
            if (exists) app.log.error({ err: error, websiteId: website.id }, 'background advice failed for a website');
          }
        }
      });
    },
    async renderingsDone() {
      while (waiting.size > 0) await rendering;
    },
  };
}

export default fp(
  async (app) => {
    let closing = false;
    const advice = createAdvice(app, () => closing);
    app.decorate('advice', advice);

    // Only a listening server works in the background: an app built for a test answers what it is asked, no more.
    let timer: NodeJS.Timeout | undefined;
    let pass: Promise<void> = Promise.resolve();
    const schedule = (delay: number) => {
      timer = setTimeout(() => {
        pass = advice.refreshAll().catch((error: unknown) => app.log.error({ err: error }, 'background advice failed'));
        void pass.then(() => !closing && schedule(ADVICE_REFRESH_MS));
      }, delay);
      timer.unref();
    };
    app.addHook('onListen', async () => schedule(FIRST_PASS_DELAY_MS));
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      await pass;
      await advice.renderingsDone();
    });
  },
  { name: 'advice', dependencies: ['stores', 'screenshots'] },
);
