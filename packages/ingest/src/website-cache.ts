// Websites by tracking code, cached for a few seconds: a settings change or deactivation takes effect that fast,
// while the collector does not read the metadata store on every beacon.
import { websiteSettingsSchema, type CollectResponse } from '@foldline/contracts';
import type { MetadataDb } from '@foldline/metadata';

export type CollectPrefs = CollectResponse['prefs'];

export interface SiteInfo {
  id: string;
  domain: string;
  active: boolean;
  prefs: CollectPrefs;
  /** When the website's row last changed (updated_at): another process that changed the website or cleared its data
   * bumped it, so what this process remembers of the website's pages is stale when it differs (pipeline.ts). */
  version: string;
}

export interface WebsiteCache {
  /** The website with this tracking code, or null when there is none. */
  find(trackingCode: string): Promise<SiteInfo | null>;
  /** Forgets a website at once (deleted or cleared), instead of trusting the cached entry until it expires. */
  forget(websiteId: string): void;
}

export const NOTHING_COLLECTED: CollectPrefs = { clicks: false, scroll: false, engagement: false, ads: false };

export function createWebsiteCache(db: MetadataDb, ttlMs = 5_000): WebsiteCache {
  const entries = new Map<string, { site: SiteInfo | null; expires: number }>();
  const loading = new Map<string, Promise<SiteInfo | null>>();

  async function load(code: string): Promise<SiteInfo | null> {
    const row = await db
      .selectFrom('websites')
      .select(['id', 'domain', 'status', 'settings', 'updated_at'])
      .where('tracking_code', '=', code)
      .executeTakeFirst();
    return row ? { id: row.id, domain: row.domain.toLowerCase(), active: row.status === 'active', prefs: prefsOf(row.settings), version: row.updated_at } : null;
  }

  return {
    async find(code) {
      const entry = entries.get(code);
      if (entry && entry.expires > Date.now()) return entry.site;
      // Concurrent beacons of one site share one lookup.
      let pending = loading.get(code);
      if (!pending) {
        pending = load(code).finally(() => loading.delete(code));
        loading.set(code, pending);
      }
      const site = await pending;
      // Unknown codes are cached too, so a flood of made-up codes cannot hammer the metadata store.
      if (entries.size > 50_000) entries.clear();
      entries.set(code, { site, expires: Date.now() + ttlMs });
      return site;
    },
    forget(websiteId) {
      for (const [code, entry] of entries) if (entry.site?.id === websiteId) entries.delete(code);
    },
  };
}

/** The collection preferences in a website's settings text, with the defaults for anything missing. */
function prefsOf(settingsText: string): CollectPrefs {
  let raw: unknown;
  try {
    raw = JSON.parse(settingsText);
  } catch {
    raw = {};
  }
  const parsed = websiteSettingsSchema.safeParse(raw);
  const preference = parsed.success ? parsed.data.preference : websiteSettingsSchema.parse({}).preference;
  return {
    clicks: preference.collectClickData,
    scroll: preference.collectScrollData,
    engagement: preference.collectEngagementData,
    ads: preference.autoDetectAdUnits,
  };
}

/** True when host is the domain or one of its subdomains; a leading 'www.' on either side is ignored. */
export function hostBelongsTo(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
  const d = domain.toLowerCase().replace(/^www\./, '');
  return h === d || h.endsWith(`.${d}`);
}
