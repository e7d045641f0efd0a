// A website's own terms for its placement advice, as the engine takes them: its publisher's values of a viewable
// impression per format and device, and its ad density limit on desktop and tablet (settings.ads, contracts'
// ad-settings.ts; percent there, a share here). A website that set none, or whose settings cannot be read, gets {}:
// the engine's defaults.
import { adsSettingsSchema, type AdsSettings } from '@foldline/contracts';
import type { MetadataDb } from '@foldline/metadata';
import type { RecommendOptions } from '@foldline/recommendations';

export function adviceOptions(ads: AdsSettings | undefined): RecommendOptions {
  return {
    ...(ads?.formatValues ? { values: ads.formatValues } : {}),
    ...(ads?.desktopDensityPercent !== undefined ? { desktopDensity: ads.desktopDensityPercent / 100 } : {}),
  };
}

/** The ads settings in a website's settings text, or none: advice on the defaults beats no advice. */
function adsOf(settingsText: string): AdsSettings | undefined {
  try {
    const parsed = adsSettingsSchema.optional().safeParse((JSON.parse(settingsText) as { ads?: unknown } | null)?.ads);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The options of each of the websites, by id (a website not found gets none). */
export async function adviceOptionsOf(db: MetadataDb, websiteIds: readonly string[]): Promise<Map<string, RecommendOptions>> {
  if (websiteIds.length === 0) return new Map();
  const rows = await db.selectFrom('websites').select(['id', 'settings']).where('id', 'in', websiteIds).execute();
  return new Map(rows.map((row) => [row.id, adviceOptions(adsOf(row.settings))]));
}
