// The daily fetch of a website's ad-server report from an address (migration 2026-11-26T0200): saved by its route,
// taken and recorded by the server's background fetch (apps/server/src/plugins/revenue-fetch.ts).
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { MetadataDb } from '../database.ts';
import type { MetadataSchema, RevenueFetchesTable } from '../tables.ts';

export type RevenueFetchRow = Selectable<RevenueFetchesTable>;

export interface RevenueFetchSetting {
  websiteId: string;
  url: string;
  source: 'ad_manager' | 'adsense';
  enabled: boolean;
}

/** When a fetch is due: its last began before `daily`, or before `retry` when it failed. */
export interface FetchDue {
  daily: Date;
  retry: Date;
}

/** What a fetch ended with. */
export type RevenueFetchResult =
  | { ok: true; from: string; to: string; dayCount: number; units: number; unmatchedUnits: number; currency: string }
  | { ok: false; error: string };

const NO_OUTCOME = { fetched_at: null, outcome: null, error: null, from_day: null, to_day: null, day_count: null, units: null, unmatched_units: null, currency: null } as const;

export async function findRevenueFetch(db: MetadataDb, websiteId: string): Promise<RevenueFetchRow | undefined> {
  return db.selectFrom('revenue_fetches').selectAll().where('website_id', '=', websiteId).executeTakeFirst();
}

/**
 * Saves a website's fetch. Another address or source forgets the last outcome (it was another file's). With
 * `claimAt`, the fetch is taken at that time too, for the fetch that follows a save.
 */
export async function saveRevenueFetch(db: MetadataDb, setting: RevenueFetchSetting, now: Date, claimAt?: Date): Promise<RevenueFetchRow> {
  return db.transaction().execute(async (trx) => {
    const stored = await trx.selectFrom('revenue_fetches').selectAll().where('website_id', '=', setting.websiteId).executeTakeFirst();
    const values = {
      url: setting.url,
      source: setting.source,
      enabled: setting.enabled ? 1 : 0,
      updated_at: now.toISOString(),
      ...(claimAt ? { attempt_at: claimAt.toISOString() } : {}),
      ...(stored && (stored.url !== setting.url || stored.source !== setting.source) ? { ...NO_OUTCOME, ...(claimAt ? {} : { attempt_at: null }) } : {}),
    };
    if (stored) await trx.updateTable('revenue_fetches').set(values).where('website_id', '=', setting.websiteId).execute();
    else await trx.insertInto('revenue_fetches').values({ website_id: setting.websiteId, attempt_at: null, ...NO_OUTCOME, ...values }).execute();
    return trx.selectFrom('revenue_fetches').selectAll().where('website_id', '=', setting.websiteId).executeTakeFirstOrThrow();
  });
}

const isDue = (due: FetchDue) => (eb: ExpressionBuilder<MetadataSchema, 'revenue_fetches'>) =>
  eb.and([
    eb('enabled', '=', 1),
    eb.or([
      eb('attempt_at', 'is', null),
      eb('attempt_at', '<', due.daily.toISOString()),
      eb.and([eb('outcome', '=', 'failed'), eb('attempt_at', '<', due.retry.toISOString())]),
    ]),
  ]);

/** The websites whose fetch is due, the longest waiting first. */
export async function dueRevenueFetches(db: MetadataDb, due: FetchDue, limit = 100): Promise<string[]> {
  const rows = await db.selectFrom('revenue_fetches').select('website_id').where(isDue(due)).orderBy('attempt_at').limit(limit).execute();
  return rows.map((row) => row.website_id);
}

/** Takes a due fetch: true when this call moved its start to `now` (no other process has it). */
export async function claimRevenueFetch(db: MetadataDb, websiteId: string, due: FetchDue, now: Date): Promise<boolean> {
  const result = await db.updateTable('revenue_fetches').set({ attempt_at: now.toISOString() }).where('website_id', '=', websiteId).where(isDue(due)).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a fetch's outcome, unless the address or source was changed meanwhile (the outcome is the old file's). */
export async function recordRevenueFetch(db: MetadataDb, fetched: Pick<RevenueFetchSetting, 'websiteId' | 'url' | 'source'>, result: RevenueFetchResult, at: Date): Promise<void> {
  const outcome = result.ok
    ? { ...NO_OUTCOME, outcome: 'imported' as const, from_day: result.from, to_day: result.to, day_count: result.dayCount, units: result.units, unmatched_units: result.unmatchedUnits, currency: result.currency }
    : { ...NO_OUTCOME, outcome: 'failed' as const, error: result.error.slice(0, 1000) };
  await db
    .updateTable('revenue_fetches')
    .set({ ...outcome, fetched_at: at.toISOString() })
    .where('website_id', '=', fetched.websiteId)
    .where('url', '=', fetched.url)
    .where('source', '=', fetched.source)
    .execute();
}
