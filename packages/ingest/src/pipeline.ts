// The collector pipeline: a named list of steps, each enriching the batch or dropping it (or some of its events)
// with a typed reason, ending in the write buffer. accept() resolves only once the rows are in the event store.
import { collectPayloadSchema, deviceFromViewportWidth, type CollectEvent, type CollectPayload } from '@foldline/contracts';
import { HEATMAP_CELLS_TABLE, heatmapCellsOf, PAGE_COUNTS_TABLE, pageCountsOf, type EventStore } from '@foldline/event-store';
import type { MetadataDb } from '@foldline/metadata';
import { isBotUserAgent } from './bots.ts';
import { createBudgets, DEFAULT_COLLECT_LIMITS, type Budgets, type CollectLimits } from './budgets.ts';
import { DROP_REASONS, INVALID_REASONS, PayloadDropped, type DropReason } from './drop-reasons.ts';
import { normaliseEvent, pageOriginOf, pagePathOf } from './normalise.ts';
import { createRegistry, type Registry } from './registry.ts';
import { toRows } from './rows.ts';
import { parseUserAgent } from './user-agent.ts';
import { createVisitorHasher, type VisitorHasher } from './visitor-hash.ts';
import { sharedSalts } from '@foldline/metadata/visitor-salts/visitor-salts.repository';
import { createWebsiteCache, hostBelongsTo, NOTHING_COLLECTED, type CollectPrefs, type SiteInfo, type WebsiteCache } from './website-cache.ts';
import { createWriteBuffer, type WriteBuffer, type WriteBufferOptions, type WriteBufferStats } from './write-buffer.ts';

export interface RequestMeta {
  /** Client address (used only inside the visitor hash, never stored). */
  ip: string;
  userAgent: string;
  /** Server clock when the batch arrived, ms. The demo simulator passes simulated past times. */
  receivedAt: number;
  /** Held to the collector's budgets (budgets.ts): beacons from the web are. The demo's simulated history, a
   * month written in minutes, is not. */
  budgeted?: boolean;
}

export interface IngestResult {
  /** 'stored': some events were written; 'dropped': nothing to store, but the input was well formed;
   * 'invalid': malformed input (the collector answers 4xx). */
  outcome: 'stored' | 'dropped' | 'invalid';
  /** Events written. */
  stored: number;
  /** Events dropped, per reason. */
  dropped: Partial<Record<DropReason, number>>;
  /** Why the whole batch was dropped, when it was. */
  reason?: DropReason;
  message?: string;
  /** What the website collects: the tracker stops the other kinds. */
  prefs: CollectPrefs;
}

export interface IngestStats {
  batches: number;
  storedEvents: number;
  dropped: Record<DropReason, number>;
  buffer: WriteBufferStats;
}

export interface Ingest {
  accept(payload: unknown, meta: RequestMeta): Promise<IngestResult>;
  flush(): Promise<void>;
  stats(): IngestStats;
  /** Writes what waits, then forgets the websites' cached pages, ad units and settings: called when their data
   * is cleared or they are deleted, so later beacons register pages afresh (or are dropped as unknown). */
  forgetWebsites(websiteIds: readonly string[]): Promise<void>;
  /** Stops taking batches, writes what waits and finishes background metadata writes. */
  close(): Promise<void>;
}

export interface IngestOptions extends WriteBufferOptions {
  metadata: MetadataDb;
  events: EventStore;
  /** How long a website lookup is trusted, ms. */
  websiteTtlMs?: number;
  /** The collector's budgets and page limits; DEFAULT_COLLECT_LIMITS for what is not given. */
  limits?: Partial<CollectLimits>;
  onError?: (error: unknown) => void;
}

/** What a batch carries through the steps. */
interface Batch {
  raw: unknown;
  meta: RequestMeta;
  payload?: CollectPayload;
  url?: URL;
  /** The page as the stores keep it (normalise.ts): its registered path and origin. */
  page?: { urlPath: string; origin: string };
  site?: SiteInfo;
  events: CollectEvent[];
  dropped: Partial<Record<DropReason, number>>;
  stored: number;
}

interface Parts {
  websites: WebsiteCache;
  registry: Registry;
  hasher: VisitorHasher;
  budgets: Budgets;
  buffer: WriteBuffer;
  /** Device class per recent pageview, for batches that carry no viewport width. */
  devices: Map<string, string>;
}

export interface Step {
  name: string;
  run(batch: Batch, parts: Parts): void | Promise<void>;
}

function dropEvents(batch: Batch, reason: DropReason, keep: (event: CollectEvent) => boolean): void {
  const before = batch.events.length;
  batch.events = batch.events.filter(keep);
  const gone = before - batch.events.length;
  if (gone > 0) batch.dropped[reason] = (batch.dropped[reason] ?? 0) + gone;
}

const MAX_DEVICE_ENTRIES = 50_000;

export const steps: readonly Step[] = [
  {
    name: 'parse',
    run(batch) {
      let raw = batch.raw;
      if (Buffer.isBuffer(raw)) raw = raw.toString('utf8');
      if (typeof raw !== 'string') return;
      try {
        batch.raw = JSON.parse(raw);
      } catch {
        throw new PayloadDropped('invalid_json', 'The body is not valid JSON');
      }
    },
  },
  {
    name: 'validate',
    run(batch) {
      const parsed = collectPayloadSchema.safeParse(batch.raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
        throw new PayloadDropped('invalid_payload', `Invalid beacon${where}: ${issue?.message ?? 'unexpected shape'}`);
      }
      batch.payload = parsed.data;
      batch.events = parsed.data.e;
      batch.url = new URL(parsed.data.u);
    },
  },
  {
    name: 'drop-bots',
    run(batch) {
      if (isBotUserAgent(batch.meta.userAgent)) throw new PayloadDropped('bot', 'Automated user agents are not counted');
    },
  },
  {
    name: 'find-website',
    async run(batch, parts) {
      const site = await parts.websites.find(batch.payload!.site);
      if (!site) throw new PayloadDropped('unknown_site', 'No website has this tracking code');
      // Another process may have cleared the website's pages: its row says so within the cache's lifetime.
      parts.registry.observeWebsite(site.id, site.version);
      batch.site = site;
    },
  },
  {
    name: 'check-website',
    run(batch) {
      const site = batch.site!;
      if (!site.active) throw new PayloadDropped('inactive_site', 'This website is inactive and collects no data');
      const url = batch.url!;
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !hostBelongsTo(url.hostname, site.domain)) {
        throw new PayloadDropped('domain_mismatch', `The page's host is not ${site.domain} or one of its subdomains`);
      }
    },
  },
  {
    name: 'apply-preferences',
    run(batch) {
      const prefs = batch.site!.prefs;
      if (!prefs.clicks) dropEvents(batch, 'clicks_off', (e) => e.k !== 'click');
      if (!prefs.scroll) dropEvents(batch, 'scroll_off', (e) => e.k !== 'span');
      if (!prefs.engagement) dropEvents(batch, 'engagement_off', (e) => e.k !== 'att');
      if (!prefs.ads) dropEvents(batch, 'ads_off', (e) => e.k !== 'ad');
      // An engagement row carries engaged time and scroll depth: keep it while either is collected, blank the other.
      if (!prefs.engagement && !prefs.scroll) dropEvents(batch, 'engagement_off', (e) => e.k !== 'eng');
      else if (!prefs.engagement || !prefs.scroll) {
        batch.events = batch.events.map((e) =>
          e.k !== 'eng' ? e : prefs.engagement ? { ...e, sd: 0 } : { ...e, ms: 0 },
        );
      }
    },
  },
  {
    name: 'hold-to-budgets',
    run(batch, parts) {
      if (!batch.meta.budgeted || batch.events.length === 0) return;
      const payload = batch.payload!;
      const verdict = parts.budgets.charge({ websiteId: batch.site!.id, pageviewId: payload.pv, sessionId: payload.sid, address: batch.meta.ip, events: batch.events.length });
      if (verdict === 'visit_budget') throw new PayloadDropped(verdict, 'This pageview or visit sent more in a minute than a reader can');
      if (verdict === 'address_budget') throw new PayloadDropped(verdict, "This address sent its share of the website's budget for this minute");
      if (verdict === 'website_budget') throw new PayloadDropped(verdict, 'This website stored its budget of events for this minute');
    },
  },
  {
    // Last before anything is written: the text of what is left, cleaned and cut so that every store takes it.
    name: 'normalise-text',
    run(batch) {
      if (batch.events.length === 0) return;
      const urlPath = pagePathOf(batch.url!);
      batch.page = { urlPath, origin: pageOriginOf(batch.url!) };
      batch.events = batch.events.map((event) => normaliseEvent(event, urlPath));
    },
  },
  {
    name: 'enrich-and-buffer',
    async run(batch, parts) {
      if (batch.events.length === 0) return;
      const payload = batch.payload!;
      const site = batch.site!;
      const url = batch.url!;
      const { receivedAt, ip, userAgent } = batch.meta;
      const pageviewEvent = batch.events.find((e) => e.k === 'pv');
      const { urlPath, origin } = batch.page!;
      const pageId = await parts.registry.pageId({ websiteId: site.id, urlPath, origin, title: pageviewEvent?.t ?? '', at: receivedAt });
      const adUnitIds = new Map<string, string>();
      const refused = new Set<string>();
      for (const event of batch.events) {
        if (event.k !== 'ad' || adUnitIds.has(event.slot.key) || refused.has(event.slot.key)) continue;
        const slot = event.slot;
        const adUnitId = await parts.registry
          .adUnitId({
            websiteId: site.id,
            pageId,
            slotKey: slot.key,
            name: slot.name,
            googleAdSlotId: slot.gid ?? null,
            selector: slot.sel,
            x: slot.x,
            y: slot.y,
            width: slot.w,
            height: slot.h,
            at: receivedAt,
          })
          .catch((error: unknown) => {
            // Only this slot's ad events go: the pageview, its spans and its known units still count.
            if (error instanceof PayloadDropped && error.reason === 'ad_unit_limit') return undefined;
            throw error;
          });
        if (adUnitId) adUnitIds.set(slot.key, adUnitId);
        else refused.add(slot.key);
      }
      if (refused.size > 0) {
        dropEvents(batch, 'ad_unit_limit', (e) => e.k !== 'ad' || !refused.has(e.slot.key));
        if (batch.events.length === 0) return;
      }
      const width = payload.vw ?? viewportWidthOf(batch.events);
      let device = width !== undefined ? deviceFromViewportWidth(width) : parts.devices.get(payload.pv) ?? 'unknown';
      if (width !== undefined) {
        if (parts.devices.size >= MAX_DEVICE_ENTRIES) parts.devices.delete(parts.devices.keys().next().value as string);
        parts.devices.set(payload.pv, device);
      } else device = parts.devices.get(payload.pv) ?? device;
      const { browser, os } = pageviewEvent ? parseUserAgent(userAgent) : { browser: '', os: '' };
      const rows = toRows(batch.events, {
        websiteId: site.id,
        pageId,
        pageviewId: payload.pv,
        sessionId: payload.sid,
        device,
        receivedAt,
        pageview: {
          visitorId: pageviewEvent ? parts.hasher.hash(site.id, ip, userAgent, receivedAt) : '0',
          urlPath,
          url,
          browser,
          os,
        },
        adUnitIds,
      });
      await parts.buffer.add(rows);
      batch.stored = batch.events.length;
    },
  },
];

function viewportWidthOf(events: readonly CollectEvent[]): number | undefined {
  for (const event of events) if (event.k === 'pv' || event.k === 'click' || event.k === 'att') return event.vw;
  return undefined;
}

/*
 * What a batch that fails (accept() rejects; the collector answers 503) leaves behind. The two stores share no
 * transaction, so a failure is not all-or-nothing:
 * - Before 'enrich-and-buffer' nothing is written; only the in-memory budgets already counted the batch's events.
 * - The page is registered first (a row in pages, counted towards the website's new pages): a failure later leaves
 *   a registered page without the batch's events. Its ad units are registered one after another: a failure leaves
 *   the units before it. Refreshes of last_activity and last_detected run in the background whatever follows.
 * - The rows then go into a group-commit write shared with other beacons (write-buffer.ts), one insert per table
 *   side by side, each tried again under its deduplication token. When one table's insert still fails, every beacon
 *   of that write is answered 503, though the other tables' inserts may have been written: a pageview may be
 *   stored while its clicks, or the page counts the rollups read, are not.
 * The tracker does not send a batch again, so nothing is counted twice; what was not written is lost.
 */
export function createIngest(options: IngestOptions): Ingest {
  const onError = options.onError ?? ((error: unknown) => console.error('ingest:', error));
  const limits = { ...DEFAULT_COLLECT_LIMITS, ...options.limits };
  const parts: Parts = {
    websites: createWebsiteCache(options.metadata, options.websiteTtlMs),
    registry: createRegistry(options.metadata, limits, onError),
    hasher: createVisitorHasher(
      (days, draw, keepFrom) => sharedSalts(options.metadata, days, draw, keepFrom),
      (error) => onError(new Error('The visitor salts could not be loaded from the metadata store; hashing goes on with those held', { cause: error })),
    ),
    budgets: createBudgets(limits),
    // The page counts and heatmap cells the rollups are built from go into each write of events
    // (event-store/src/page-counts.ts, heatmap-cells.ts).
    buffer: createWriteBuffer(options.events, {
      ...options,
      derive: (tables) => ({ [PAGE_COUNTS_TABLE]: pageCountsOf(tables), [HEATMAP_CELLS_TABLE]: heatmapCellsOf(tables) }),
    }),
    devices: new Map(),
  };
  const dropped = Object.fromEntries(DROP_REASONS.map((reason) => [reason, 0])) as Record<DropReason, number>;
  let batches = 0;
  let storedEvents = 0;
  let closed = false;

  function count(batch: Batch): void {
    for (const [reason, n] of Object.entries(batch.dropped) as [DropReason, number][]) dropped[reason] += n;
    storedEvents += batch.stored;
  }

  return {
    async accept(raw, meta) {
      if (closed) throw new Error('The collector is shutting down');
      batches += 1;
      const batch: Batch = { raw, meta, events: [], dropped: {}, stored: 0 };
      // Hash no reader before the shared salts are in (once, at start).
      await parts.hasher.ready;
      try {
        for (const step of steps) await step.run(batch, parts);
      } catch (error) {
        if (!(error instanceof PayloadDropped)) throw error;
        // A dropped batch counts each of its events (one for a body that never parsed).
        batch.dropped = { [error.reason]: Math.max(1, batch.events.length) };
        count(batch);
        return {
          outcome: INVALID_REASONS.has(error.reason) ? 'invalid' : 'dropped',
          stored: 0,
          dropped: batch.dropped,
          reason: error.reason,
          message: error.message,
          prefs: batch.site?.active && error.reason !== 'domain_mismatch' ? batch.site.prefs : NOTHING_COLLECTED,
        };
      }
      count(batch);
      return { outcome: batch.stored > 0 ? 'stored' : 'dropped', stored: batch.stored, dropped: batch.dropped, prefs: batch.site!.prefs };
    },
    flush: () => parts.buffer.flush(),
    async forgetWebsites(websiteIds) {
      await parts.buffer.flush();
      await parts.registry.drain();
      for (const id of websiteIds) {
        parts.websites.forget(id);
        parts.registry.forgetWebsite(id);
      }
    },
    stats: () => ({ batches, storedEvents, dropped: { ...dropped }, buffer: parts.buffer.stats() }),
    async close() {
      closed = true;
      await parts.hasher.close();
      await parts.buffer.flush();
      await parts.registry.drain();
    },
  };
}
