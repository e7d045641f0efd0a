// A website's own terms for its placement advice, as the engine takes them: the value of a viewable impression per
// format and device — its publisher's (settings.ads, contracts' ad-settings.ts), else its measured viewable eCPM
// (measured-values.ts) relative to a 300x250, else the defaults (the engine's valueTable) — and its ad density limit on
// desktop and tablet (percent in the settings, a share here). A website that set none, or whose settings cannot be
// read, gets the defaults.
import { RECOMMENDATION_WINDOW_DAYS, adsSettingsSchema, type AdsSettings, type AdviceValues, type DeviceType } from '@foldline/contracts';
import type { MetadataDb } from '@foldline/metadata';
import { valueTable, type RecommendOptions, type ValueTable } from '@foldline/recommendations';
import type { AnalyticsContext } from '../context.ts';
import { measuredValuesOf, MIN_MEASURED_VIEWABLE, NO_MEASURED_VALUES, type MeasuredValues } from './measured-values.ts';

export function adviceOptions(ads: AdsSettings | undefined, measured: MeasuredValues = NO_MEASURED_VALUES): RecommendOptions {
  const table = valueTable(ads?.formatValues, measured.formats);
  return {
    ...(Object.keys(table.values).length > 0 ? { values: table.values, valueSources: table.sources } : {}),
    ...(ads?.desktopDensityPercent !== undefined ? { desktopDensity: ads.desktopDensityPercent / 100 } : {}),
  };
}

/** What the values were, for the API and the cards: the measured formats the advice took (not those the publisher's
 * own values replaced), the publisher's, and what the measurement rests on. */
export function adviceValues(measured: MeasuredValues, table: Pick<ValueTable, 'values' | 'sources'>): AdviceValues {
  const sourceOf = (device: DeviceType, format: string) => table.sources[device]?.[format];
  const valueOf = (device: DeviceType, format: string) => table.values[device]?.[format] ?? 0;
  return {
    measured: measured.formats
      .filter((m) => sourceOf(m.device, m.format) === 'measured')
      .map((m) => ({ device: m.device, format: m.format, viewable_ecpm: (m.revenue / m.viewable) * 1000, viewable_impressions: m.viewable, value: valueOf(m.device, m.format) })),
    settings: (Object.entries(table.sources) as [DeviceType, Record<string, string>][]).flatMap(([device, formats]) =>
      Object.entries(formats)
        .filter(([, source]) => source === 'settings')
        .map(([format]) => ({ device, format, value: valueOf(device, format) })),
    ),
    currency: measured.currency,
    revenue_sources: measured.sources,
    days: RECOMMENDATION_WINDOW_DAYS,
    min_viewable_impressions: MIN_MEASURED_VIEWABLE,
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

async function adsSettingsOf(db: MetadataDb, websiteIds: readonly string[]): Promise<Map<string, AdsSettings | undefined>> {
  if (websiteIds.length === 0) return new Map();
  const rows = await db.selectFrom('websites').select(['id', 'settings']).where('id', 'in', websiteIds).execute();
  return new Map(rows.map((row) => [row.id, adsOf(row.settings)]));
}

/** The options of each of the websites on their settings alone, by id (a website not found gets none). */
export async function adviceOptionsOf(db: MetadataDb, websiteIds: readonly string[]): Promise<Map<string, RecommendOptions>> {
  return new Map([...(await adsSettingsOf(db, websiteIds))].map(([id, ads]) => [id, adviceOptions(ads)]));
}

/** A website's options on its settings (read now) and its measured values as kept (measured-values.ts: read by the
 * background advice, never on every look) or as given (the background advice's, just read), and what the values were. */
export async function websiteAdvice(
  context: AnalyticsContext,
  websiteId: string,
  given?: MeasuredValues,
): Promise<{ options: RecommendOptions; values: AdviceValues }> {
  const [settings, measured] = await Promise.all([adsSettingsOf(context.db, [websiteId]), given ?? measuredValuesOf(context, websiteId)]);
  const ads = settings.get(websiteId);
  const options = adviceOptions(ads, measured);
  return { options, values: adviceValues(measured, { values: options.values ?? {}, sources: options.valueSources ?? {} }) };
}
