// Pages and ad units registered on first sight and resolved to ids from memory afterwards. last_activity and
// last_detected are refreshed at most once a minute per page or unit (of event time), never on every event.
import { randomUUID } from 'node:crypto';
import type { MetadataDb } from '@foldline/metadata';
import type { CollectLimits } from './budgets.ts';
import { PayloadDropped } from './drop-reasons.ts';
import { pageTitle } from './normalise.ts';
import { countOrigin, preferredOrigin } from './page-origin.ts';
import { GrowthQuota } from './quota.ts';

/** How often (event time) a known page's last_activity or a unit's last_detected is written again. */
const TOUCH_INTERVAL_MS = 60_000;
const MAX_ENTRIES = 100_000;

export interface PageSighting {
  websiteId: string;
  urlPath: string;
  /** Scheme, host and port the page was reported under. */
  origin: string;
  /** '' when this batch does not carry the title (only pageview events do). Path and title come cleaned and cut to
   * their columns (normalise.ts); a page registered without a title takes its path, cut to the title's. */
  title: string;
  at: number;
}

export interface AdUnitSighting {
  websiteId: string;
  pageId: string;
  slotKey: string;
  name: string;
  googleAdSlotId: string | null;
  selector: string;
  x: number;
  y: number;
  width: number;
  height: number;
  at: number;
}

interface Entry {
  id: string;
  /** Event time last written to the store. */
  touched: number;
  /** A page's origins as its beacons report them, counted, and the one stored (page-origin.ts). */
  origins?: Map<string, number>;
  origin?: string | null;
}

export interface Registry {
  pageId(sighting: PageSighting): Promise<string>;
  adUnitId(sighting: AdUnitSighting): Promise<string>;
  /** Drops what is remembered of a website's pages and units, after they were deleted from the store. */
  forgetWebsite(websiteId: string): void;
  /** Drops the same when the website's row changed since this registry last saw it: another process may have
   * cleared its data (and forgotten only its own memory of it). */
  observeWebsite(websiteId: string, version: string): void;
  /** Waits for the background refreshes still running. */
  drain(): Promise<void>;
}

const iso = (time: number) => new Date(time).toISOString();

export type RegistryLimits = Pick<CollectLimits, 'newPagesPerWebsite' | 'pagesPerWebsite' | 'newAdUnitsPerWebsite' | 'adUnitsPerWebsite'>;

export function createRegistry(db: MetadataDb, limits: RegistryLimits, onError: (error: unknown) => void): Registry {
  const pages = new Map<string, Entry>();
  const countOf = (table: 'pages' | 'ad_units') => async (websiteId: string) => {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('website_id', '=', websiteId).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const newPages = new GrowthQuota({ reason: 'page_limit', noun: 'pages', perMinute: limits.newPagesPerWebsite, total: limits.pagesPerWebsite, countStored: countOf('pages') });
  // A unit is one slot on one page (what the tracker reports), so a flood of invented slot keys is held here.
  const newUnits = new GrowthQuota({ reason: 'ad_unit_limit', noun: 'ad units', perMinute: limits.newAdUnitsPerWebsite, total: limits.adUnitsPerWebsite, countStored: countOf('ad_units') });
  const units = new Map<string, Entry>();
  /** The version (updated_at) of each website's row when last seen. */
  const versions = new Map<string, string>();
  const loading = new Map<string, Promise<Entry>>();
  const background = new Set<Promise<unknown>>();

  function inBackground(work: Promise<unknown>): void {
    const tracked = work.catch(onError).finally(() => background.delete(tracked));
    background.add(tracked);
  }

  function remember(map: Map<string, Entry>, key: string, entry: Entry): void {
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
    map.set(key, entry);
  }

  /** Resolves through memory, else one shared load per key. */
  async function resolve(map: Map<string, Entry>, key: string, load: () => Promise<Entry>, touch: (entry: Entry) => void): Promise<string> {
    const entry = map.get(key);
    if (entry) {
      touch(entry);
      return entry.id;
    }
    let pending = loading.get(key);
    if (!pending) {
      pending = load()
        .then((loaded) => {
          remember(map, key, loaded);
          return loaded;
        })
        .finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    const loaded = await pending;
    touch(loaded);
    return loaded.id;
  }

  async function loadPage(s: PageSighting): Promise<Entry> {
    const find = () =>
      db.selectFrom('pages').select(['id', 'last_activity', 'origin']).where('website_id', '=', s.websiteId).where('url_path', '=', s.urlPath).executeTakeFirst();
    const existing = await find();
    if (existing) return { id: existing.id, touched: existing.last_activity ? Date.parse(existing.last_activity) : 0, origin: existing.origin };
    await newPages.admit(s.websiteId);
    // Another collector process may insert the same page at the same moment: the unique key settles it.
    await db
      .insertInto('pages')
      .values({ id: randomUUID(), website_id: s.websiteId, url_path: s.urlPath, origin: s.origin, title: s.title || pageTitle(s.urlPath, s.urlPath), status: 'active', created_at: iso(s.at), last_activity: iso(s.at) })
      .onConflict((conflict) => conflict.columns(['website_id', 'url_path']).doNothing())
      .execute()
      .catch(goneOr('websites', s.websiteId, 'This website was deleted'));
    const created = await find();
    if (!created) throw new Error(`page ${s.urlPath} could not be registered`);
    return { id: created.id, touched: s.at, origin: created.origin };
  }

  /** For a failed insert: a drop when the row it hangs on is gone (deleted through another process, which this one
   * hears of only when its website cache entry expires: the foreign key refuses the insert), else the error. */
  function goneOr(table: 'websites' | 'pages', id: string, message: string) {
    return async (error: unknown): Promise<never> => {
      const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
      throw row ? error : new PayloadDropped('unknown_site', message);
    };
  }

  async function loadUnit(s: AdUnitSighting): Promise<Entry> {
    const find = () =>
      db.selectFrom('ad_units').select(['id', 'last_detected']).where('page_id', '=', s.pageId).where('slot_key', '=', s.slotKey).executeTakeFirst();
    const existing = await find();
    if (existing) return { id: existing.id, touched: Date.parse(existing.last_detected) };
    await newUnits.admit(s.websiteId);
    await db
      .insertInto('ad_units')
      .values({ id: randomUUID(), website_id: s.websiteId, page_id: s.pageId, slot_key: s.slotKey, ad_format: `${s.width}x${s.height}`, width: s.width, height: s.height, ...unitFields(s), status: 'active', created_at: iso(s.at) })
      .onConflict((conflict) => conflict.columns(['page_id', 'slot_key']).doNothing())
      .execute()
      .catch(goneOr('pages', s.pageId, 'This page was removed with its website\'s data'));
    const created = await find();
    if (!created) throw new Error(`ad unit ${s.slotKey} could not be registered`);
    return { id: created.id, touched: s.at };
  }

  function forgetWebsite(websiteId: string): void {
    // Keys start with the website id, so a cleared website's pages are registered afresh on the next visit.
    const prefix = `${websiteId}\n`;
    for (const map of [pages, units]) {
      for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
    }
    newPages.forget(websiteId);
    newUnits.forget(websiteId);
  }

  return {
    pageId(s) {
      return resolve(pages, `${s.websiteId}\n${s.urlPath}`, () => loadPage(s), (entry) => {
        countOrigin((entry.origins ??= new Map()), s.origin);
        if (s.at - entry.touched < TOUCH_INTERVAL_MS) return;
        entry.touched = s.at;
        entry.origin = preferredOrigin(entry.origins, entry.origin ?? null);
        const changes = { last_activity: iso(s.at), ...(entry.origin ? { origin: entry.origin } : {}), ...(s.title ? { title: s.title } : {}) };
        // Only forward in time: late beacons never move last_activity back.
        inBackground(
          db
            .updateTable('pages')
            .set(changes)
            .where('id', '=', entry.id)
            .where((eb) => eb.or([eb('last_activity', 'is', null), eb('last_activity', '<', iso(s.at))]))
            .execute(),
        );
      });
    },
    adUnitId(s) {
      return resolve(units, `${s.websiteId}\n${s.pageId}\n${s.slotKey}`, () => loadUnit(s), (entry) => {
        if (s.at - entry.touched < TOUCH_INTERVAL_MS) return;
        entry.touched = s.at;
        inBackground(
          db.updateTable('ad_units').set(unitFields(s)).where('id', '=', entry.id).where('last_detected', '<', iso(s.at)).execute(),
        );
      });
    },
    observeWebsite(websiteId, version) {
      const seen = versions.get(websiteId);
      if (seen === version) return;
      if (versions.size >= MAX_ENTRIES) versions.delete(versions.keys().next().value as string);
      versions.set(websiteId, version);
      if (seen !== undefined) forgetWebsite(websiteId);
    },
    forgetWebsite,
    async drain() {
      while (background.size > 0 || loading.size > 0) await Promise.allSettled([...background, ...loading.values()]);
    },
  };
}

/** The columns an ad unit sighting sets, on registration and on every refresh (a moved slot is seen moved).
 * A collapsed slot (0 px) keeps the format and size it was last seen with. */
function unitFields(s: AdUnitSighting) {
  const common = { name: s.name || s.slotKey, google_ad_slot_id: s.googleAdSlotId, position_selector: s.selector, position_x: s.x, position_y: s.y, last_detected: iso(s.at) };
  if (s.width === 0 || s.height === 0) return common;
  return { ...common, ad_format: `${s.width}x${s.height}`, width: s.width, height: s.height };
}
