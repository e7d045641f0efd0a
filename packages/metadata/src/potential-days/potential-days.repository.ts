// The optimization potential of each website per day (migration 2026-11-25T1100): written by the background advice
// after each analysis, read by the dashboard's KPI for the previous period.
import type { MetadataDb } from '../database.ts';

export interface PotentialFigure {
  extraViewable: number;
  viewable: number;
}

/** Keeps a website's figure for a day; a later figure of the same day replaces it. */
export async function recordPotential(db: MetadataDb, websiteId: string, day: string, figure: PotentialFigure): Promise<void> {
  const values = { extra_viewable: figure.extraViewable, viewable: figure.viewable };
  await db
    .insertInto('potential_days')
    .values({ website_id: websiteId, day, ...values })
    .onConflict((conflict) => conflict.columns(['website_id', 'day']).doUpdateSet(values))
    .execute();
}

/** The websites' figures as they stood on a day (each website's latest at or before it, within `lookbackDays`), added
 * up; undefined when none of them has one. */
export async function potentialOn(db: MetadataDb, websiteIds: readonly string[], day: string, lookbackDays = 7): Promise<PotentialFigure | undefined> {
  if (websiteIds.length === 0) return undefined;
  const earliest = new Date(Date.parse(`${day}T00:00:00Z`) - lookbackDays * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .selectFrom('potential_days')
    .select(['website_id', 'day', 'extra_viewable', 'viewable'])
    .where('website_id', 'in', websiteIds)
    .where('day', '<=', day)
    .where('day', '>=', earliest)
    .orderBy('day', 'desc')
    .execute();
  const latest = new Map<string, PotentialFigure>();
  for (const row of rows) if (!latest.has(row.website_id)) latest.set(row.website_id, { extraViewable: Number(row.extra_viewable), viewable: Number(row.viewable) });
  if (latest.size === 0) return undefined;
  return [...latest.values()].reduce((sum, figure) => ({ extraViewable: sum.extraViewable + figure.extraViewable, viewable: sum.viewable + figure.viewable }));
}

/** Forgets a website's figures: its data was cleared, and the advice they measured with it. */
export async function deletePotentialOfWebsite(db: MetadataDb, websiteId: string): Promise<void> {
  await db.deleteFrom('potential_days').where('website_id', '=', websiteId).execute();
}
