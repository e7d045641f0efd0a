// The demo: the Daily Gazette publisher site on its own host name, and on an empty data directory a demo account
// owning it with 90 days of simulated history, written through the same ingest pipeline as real traffic (its publisher
// changes two pages partway, one as the engine advised: the advice is recorded as given then); once the history is
// there, simulated readers keep arriving in real time while the server runs.
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { discardAdDays, discardSeenDays, forgetAnalyses, forgetImportedSpread, forgetKeptSums, markCarriedOut } from '@foldline/analytics';
import { trackingScript } from '@foldline/contracts';
import { feedHistory, progressBar } from '@foldline/demo/seed/feed';
import { MAX_CATCH_UP_MS, startLiveReaders, type LiveReaders } from '@foldline/demo/seed/live-readers';
import {
  DEMO_EMAIL,
  DEMO_HISTORY_DAYS,
  DEMO_HOST,
  DEMO_PASSWORD_FILE,
  DEMO_SEED,
  DEMO_USER_NAME,
  DEMO_WEBSITE_NAME,
} from '@foldline/demo/seed/demo-account';
import { demoRevenueReport } from '@foldline/demo/seed/revenue-report';
import { readSeedState, writeSeedState, type SeedState } from '@foldline/demo/seed/seed-state';
import { daysBeforeEnd, historyDays } from '@foldline/demo/simulator/history';
import { LAYOUT_CHANGES } from '@foldline/demo/site/layout-changes';
import { serveDemoSite } from '@foldline/demo/site/site';
import { deleteWebsiteEventsBetween, toEventTime } from '@foldline/event-store';
import { nowIso } from '@foldline/metadata';
import { revenueImportSummaries } from '@foldline/metadata/revenue-days/revenue-days.repository';
import { findUserByEmail, insertUser } from '@foldline/metadata/users/users.repository';
import { listWebsitesOfUser } from '@foldline/metadata/websites/websites.repository';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import { recordAdviceBefore } from '../services/demo-advice.ts';
import { importRevenueReport } from '../services/revenue-imports.service.ts';
import { createWebsite } from '../services/websites.service.ts';

export interface DemoSeedResult {
  /** 'seeded': history written now; 'already-seeded': a finished seed was found; 'stopped': the server closed first;
   * 'no-website': the demo website was deleted after seeding, and is left deleted. */
  outcome: 'seeded' | 'already-seeded' | 'stopped' | 'no-website';
  stored: number;
  beacons: number;
  ms: number;
}

/** The live readers' pace (tests make it quick); false: none (browser tests that count their own visits). */
export type LiveReadersSetting = { intervalMs?: number; visitsPerMinute?: number } | false;

export interface Demo {
  /** Creates the demo account if needed and seeds (or finishes seeding) its history. Runs once at a time. */
  seed(options?: { days?: number; end?: number }): Promise<DemoSeedResult>;
  /** The demo website's tracking code, undefined while there is none. */
  trackingCode(): Promise<string | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    demo: Demo;
  }
}

interface DemoWebsite {
  userId: string;
  websiteId: string;
  trackingCode: string;
}

/** The password every demo account was created with before passwords were generated. It was published (README, this
 * repository), so an account that still has it is anybody's: it is only ever checked against, to replace it. */
const PUBLISHED_DEMO_PASSWORD = 'foldline-demo';

/** A new demo account's password: the operator's DEMO_PASSWORD, else one generated for this installation (144 bits). */
function newDemoPassword(config: Config): string {
  return config.demoPassword ?? randomBytes(18).toString('base64url');
}

const demoPasswordFile = (config: Config) => path.join(config.dataDir, DEMO_PASSWORD_FILE);

/** Keeps the password where the quick-start user finds it after the log has scrolled, readable by the owner only. */
function keepDemoPassword(config: Config, password: string): string {
  const file = demoPasswordFile(config);
  // Removed first: the mode applies only to a file that writeFileSync creates, not to an old one it overwrites.
  rmSync(file, { force: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return file;
}

/** How the log names a new password, once: a generated one is shown (the quick start needs it at once), the
 * operator's own is not (they know it, and logs travel further than the environment). */
function describePassword(config: Config, password: string, file: string): string {
  return config.demoPassword ? `the password set in DEMO_PASSWORD (also in ${file})` : `the password ${password} (also in ${file})`;
}

/** The demo account as the log names it after the start: the password itself was logged once, when the account was
 * made, so only where it is kept (no file: the account predates it, or the data directory was replaced). */
function demoAccountHint(config: Config): string {
  const file = demoPasswordFile(config);
  return existsSync(file) ? `demo account ${DEMO_EMAIL}, its first password in ${file}` : `demo account ${DEMO_EMAIL}`;
}

/** The demo user, made with a new password when missing. An existing one keeps its password: a restart never resets
 * it, whether it is the first one or one the user chose. */
async function ensureUser(app: FastifyInstance, config: Config): Promise<{ id: string }> {
  const db = app.metadata.db;
  const user = await findUserByEmail(db, DEMO_EMAIL);
  if (user) return user;
  const password = newDemoPassword(config);
  // Kept before the account exists: if the file cannot be written, no account is left with a password nobody has.
  const file = keepDemoPassword(config, password);
  const created = await insertUser(db, { name: DEMO_USER_NAME, email: DEMO_EMAIL, passwordHash: await hashPassword(password, app.passwordCost) });
  app.log.info(`Demo account created: sign in as ${DEMO_EMAIL} with ${describePassword(config, password, file)}`);
  return created;
}

/** The demo user and website: found, or made (the website only while no seed has finished). */
async function ensureAccount(app: FastifyInstance, config: Config, state: SeedState | undefined): Promise<DemoWebsite | undefined> {
  const user = await ensureUser(app, config);
  const websites = await listWebsitesOfUser(app.metadata.db, user.id);
  const existing = websites.find((website) => website.id === state?.websiteId) ?? websites.find((website) => website.domain === DEMO_HOST);
  if (existing) return { userId: user.id, websiteId: existing.id, trackingCode: existing.tracking_code };
  // The owner deleted the demo website after it was seeded: respect that.
  if (state?.done) return undefined;
  const { data } = await createWebsite(app, user.id, { name: DEMO_WEBSITE_NAME, domain: DEMO_HOST, timezone: 'UTC', status: 'active' });
  return { userId: user.id, websiteId: data.website.website_id, trackingCode: data.website.tracking_code };
}

/** A demo account made before passwords were generated still has the published one: it gets a new password and
 * every sign-in with the old one ends. Runs whether DEMO is on or not, since the account outlives the setting. */
async function retirePublishedPassword(app: FastifyInstance, config: Config): Promise<void> {
  const db = app.metadata.db;
  const user = await findUserByEmail(db, DEMO_EMAIL);
  if (!user || !(await verifyPassword(PUBLISHED_DEMO_PASSWORD, user.password_hash))) return;
  const password = newDemoPassword(config);
  // Only if the hash is still the old one: of several processes starting together, one replaces it.
  const result = await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password, app.passwordCost), updated_at: nowIso() })
    .where('id', '=', user.id)
    .where('password_hash', '=', user.password_hash)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return;
  await app.tokens.revokeUserSignIns(db, user.id);
  const file = keepDemoPassword(config, password);
  app.log.warn(`The demo account ${DEMO_EMAIL} had the published password: it was replaced by ${describePassword(config, password, file)}, and its sign-ins were ended`);
}

/** Imports the demo's sample Ad Manager report over the end of its history, through the same import a publisher's
 * upload takes. `ifMissing`: only when the website has no imported revenue yet (a demo seeded before the sample
 * shipped). A failure is logged and the demo goes on: it works without revenue. */
async function importDemoRevenue(app: FastifyInstance, account: DemoWebsite, history: { end: number; days: number }, ifMissing = false): Promise<void> {
  try {
    if (ifMissing && (await revenueImportSummaries(app.metadata.db, account.websiteId)).length > 0) return;
    const report = demoRevenueReport(history);
    if (!report) return;
    const imported = await importRevenueReport(app, account.userId, account.websiteId, Buffer.from(report), { source: 'ad_manager' });
    app.log.info(`Demo revenue report imported: ${imported.days.from} to ${imported.days.to}, ${imported.matchedUnits} ad units matched`);
  } catch (error) {
    app.log.warn({ err: error }, 'the demo revenue report could not be imported');
  }
}

/** How long before the first day of a change the seed asks for the advice the change follows: the evening before. */
const ADVICE_BEFORE_CHANGE_MS = 3 * 3_600_000;

/** Where the demo site's pages are served from, as the simulated readers' beacons report them. */
const demoOrigin = (config: Config) => `http://${DEMO_HOST}:${config.port}`;

function createDemo(app: FastifyInstance, config: Config, isStopping: () => boolean): Demo {
  let running: Promise<DemoSeedResult> | undefined;
  let code: string | undefined;
  const origin = demoOrigin(config);

  /** On the evening before a day on which the history carries out the engine's advice (layout-changes.ts), the advice
   * the engine gives then is recorded, as the background advice would have: the Changes screens set the change
   * against what it promised. A failure is logged and the seed goes on: the change is then shown without it. */
  async function adviceBeforeChanges(account: DemoWebsite, state: SeedState, day: { start: number }): Promise<void> {
    const followed = LAYOUT_CHANGES.filter((change) => change.recommended && change.daysBeforeEnd === daysBeforeEnd(state.end, day));
    for (const change of followed) {
      try {
        const given = await recordAdviceBefore(app, account, change, day.start - ADVICE_BEFORE_CHANGE_MS);
        if (given) app.log.info(`Demo: the advice followed on ${new Date(day.start).toISOString().slice(0, 10)} was given the evening before: ${given.reason}`);
        else app.log.warn(`Demo: the engine gave no advice for the change of ${change.path} on ${new Date(day.start).toISOString().slice(0, 10)} (too few readers before it?)`);
      } catch (error) {
        app.log.warn({ err: error }, 'the demo could not record the advice before its change');
      }
    }
  }

  /** The background advice marks a recommendation that a detected change carried out applied before each analysis;
   * done once here, the demo's record says so from the start rather than after the advice's first pass. */
  async function markAdviceCarriedOut(account: DemoWebsite, state: SeedState): Promise<void> {
    try {
      await markCarriedOut({ db: app.metadata.db, events: app.events, userId: account.userId, now: new Date(Math.max(state.end, Date.now())) }, account.websiteId);
    } catch (error) {
      app.log.warn({ err: error }, 'the demo could not mark its applied advice');
    }
  }

  async function seed(options: { days?: number; end?: number } = {}): Promise<DemoSeedResult> {
    const startedAt = performance.now();
    const result = (outcome: DemoSeedResult['outcome'], stored = 0, beacons = 0): DemoSeedResult => ({ outcome, stored, beacons, ms: Math.round(performance.now() - startedAt) });
    let state = readSeedState(config.dataDir);
    const account = await ensureAccount(app, config, state);
    if (!account) return result('no-website');
    code = account.trackingCode;
    if (state?.done && state.websiteId === account.websiteId) {
      await importDemoRevenue(app, account, state, true);
      return result('already-seeded');
    }

    if (!state || state.websiteId !== account.websiteId) {
      state = { version: 1, websiteId: account.websiteId, seed: DEMO_SEED, end: options.end ?? Date.now(), days: options.days ?? DEMO_HISTORY_DAYS, completedDays: 0, done: false };
    }
    const days = historyDays(state.end, state.days);
    const first = days[0];
    if (!first) return result('seeded');
    // Whatever an interrupted run wrote after its last finished day goes, then that day is written again.
    const resumeFrom = days[state.completedDays]?.start ?? state.end;
    await deleteWebsiteEventsBetween(app.events, account.websiteId, toEventTime(resumeFrom), toEventTime(state.end));
    forgetAnalyses(app.events);
    forgetImportedSpread(app.events);
    forgetKeptSums(app.events);
    if (state.completedDays === 0) {
      // The demo website has existed as long as its history.
      await app.metadata.db.updateTable('websites').set({ created_at: new Date(first.start).toISOString() }).where('id', '=', account.websiteId).execute();
    }
    writeSeedState(config.dataDir, state);
    app.log.info(`Seeding the demo website with ${state.days} days of simulated history${state.completedDays ? ` (resuming at day ${state.completedDays + 1})` : ''}…`);

    const current = state;
    let lastLogged = -1;
    const fed = await feedHistory({
      history: { site: account.trackingCode, origin, seed: current.seed, end: current.end, days: current.days },
      accept: (payload, meta) => app.ingest.accept(payload, meta),
      fromDay: current.completedDays,
      shouldStop: isStopping,
      beforeDay: (index) => adviceBeforeChanges(account, current, days[index]!),
      onDay: async (progress) => {
        // A past day was written: recommendations kept from before it, and the counts kept of its day (the seen counts,
        // the ad experience's, the sums of settled days), are out of date.
        forgetAnalyses(app.events);
        forgetKeptSums(app.events);
        await discardSeenDays(app.events, [current.websiteId]);
        await discardAdDays(app.events, [current.websiteId]);
        current.completedDays = progress.day;
        current.done = progress.day === progress.days;
        writeSeedState(config.dataDir, current);
        const percent = Math.floor((progress.day / progress.days) * 100);
        if (percent - lastLogged >= 10 || current.done) {
          lastLogged = percent;
          app.log.info(`Demo history ${progressBar(progress.day, progress.days)} (${progress.day}/${progress.days} days, ${progress.stored.toLocaleString('en-US')} events)`);
        }
      },
    });
    if (!fed.completed) return result('stopped', fed.stored, fed.beacons);
    await markAdviceCarriedOut(account, current);
    // After the history: its units are known by now, so the report's match them.
    await importDemoRevenue(app, account, current);
    const done = result('seeded', fed.stored, fed.beacons);
    app.log.info(`Demo history seeded: ${fed.stored.toLocaleString('en-US')} events from ${fed.beacons.toLocaleString('en-US')} beacons in ${(done.ms / 1000).toFixed(1)} s`);
    return done;
  }

  return {
    seed(options) {
      running ??= seed(options).finally(() => {
        running = undefined;
      });
      return running;
    },
    async trackingCode() {
      if (code) return code;
      const user = await findUserByEmail(app.metadata.db, DEMO_EMAIL);
      const website = user ? (await listWebsitesOfUser(app.metadata.db, user.id)).find((w) => w.domain === DEMO_HOST) : undefined;
      code = website?.tracking_code;
      return code;
    },
  };
}

export default fp<{ config: Config; liveReaders?: LiveReadersSetting }>(
  async (app, { config, liveReaders: liveSetting = {} }) => {
    app.addHook('onReady', () => retirePublishedPassword(app, config));
    if (!config.demo) return;
    let stopping = false;
    const demo = createDemo(app, config, () => stopping);
    app.decorate('demo', demo);

    // Answers only requests for the demo host (the API stays reachable everywhere); every other host goes on to the
    // API and the web app untouched.
    app.addHook('onRequest', async (request, reply) => {
      if (request.hostname.split(':')[0]?.toLowerCase() !== DEMO_HOST || request.url.startsWith('/api/')) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(405).header('allow', 'GET, HEAD').type('text/plain; charset=utf-8').send('Method not allowed');
      }
      const code = await demo.trackingCode();
      const response = await serveDemoSite(new URL(request.url, 'http://demo').pathname, {
        trackingScript: code ? trackingScript(config.publicUrl, code) : undefined,
      });
      return reply.code(response.status).header('cache-control', response.cacheControl).type(response.contentType).send(response.body);
    });

    // After the seed, readers keep coming: without them 'visitors now' fell to 0 and the last 24 hours emptied.
    let live: LiveReaders | undefined;
    const startLive = async () => {
      const code = await demo.trackingCode();
      if (liveSetting === false || !code || stopping) return;
      // Readers who arrived since the history's end, up to the realtime window's worth, are on the site already.
      const historyEnd = readSeedState(config.dataDir)?.end ?? Date.now();
      live = startLiveReaders({
        site: code,
        origin: demoOrigin(config),
        accept: (payload, meta) => app.ingest.accept(payload, meta),
        since: Math.max(historyEnd, Date.now() - MAX_CATCH_UP_MS),
        seed: DEMO_SEED,
        ...liveSetting,
        onError: (error) => app.log.warn({ err: error }, 'a live demo reader\'s beacon failed'),
      });
    };

    // Seeding starts once the server listens, in the background: health and sign-in answer at once.
    let seeding: Promise<unknown> | undefined;
    app.addHook('onListen', async () => {
      seeding = demo.seed().then(
        async (result) => {
          app.log.info(`Demo site: http://${DEMO_HOST}:${config.port}/ — ${demoAccountHint(config)}`);
          // Not after a stopped seed (the server is closing) nor without a demo website (its owner deleted it).
          if (result.outcome === 'seeded' || result.outcome === 'already-seeded') await startLive();
        },
        (error: unknown) => app.log.error({ err: error }, 'demo seeding failed'),
      );
    });
    // Runs before the ingest closes (hooks close in reverse order): the seed stops after the beacons in flight, and
    // the live readers after theirs.
    app.addHook('onClose', async () => {
      stopping = true;
      await seeding;
      await live?.stop();
    });
  },
  { name: 'demo', dependencies: ['stores', 'authentication', 'ingest'] },
);
