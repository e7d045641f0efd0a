// What an ad unit is called (issue 12). One unit sits on many pages, and on one page per device size, as many detected
// slots: they are one unit when they share the ad server's identity (the GPT ad unit path, or the AdSense slot), else
// when they share their key on the page. Its automatic name is what an ad manager knows it by in that ad server;
// a publisher may give it another, which the API then uses everywhere.
import { z } from 'zod';
import { idSchema } from './common.ts';

/** A detected slot of a unit, as the collector stores it. */
export interface AdUnitPlacement {
  google_ad_slot_id: string | null;
  slot_key: string;
  /** What the page reported (GPT path, AdSense slot, or the slot's key). */
  name: string;
  ad_format: string;
  position_y: number;
}

/** The unit a slot belongs to, within its website. */
export function adUnitKey(placement: Pick<AdUnitPlacement, 'google_ad_slot_id' | 'slot_key'>): string {
  return placement.google_ad_slot_id || placement.slot_key;
}

/**
 * The readable name of a unit from its placements (at least one):
 * - GPT: the last segment of the ad unit path ('/21700045/daily_gazette/article_top' → 'article_top');
 * - AdSense (a bare slot number): slot · sizes ('4821596307 · 300x250, 336x280'). Not its depth: the depth measured
 *   moves from day to day, and a name that moved with it named one unit two ways on one screen;
 * - anything else: what the page reported.
 */
export function automaticAdUnitName(placements: readonly AdUnitPlacement[]): string {
  const first = placements[0]!;
  const id = first.google_ad_slot_id;
  if (id && id.includes('/')) return id.split('/').filter(Boolean).at(-1) ?? id;
  if (!id) return first.name || first.slot_key;
  const sizes = [...new Set(placements.map((p) => p.ad_format))].sort().join(', ');
  return `${id} · ${sizes}`;
}

/** The longest name a publisher may give. */
export const AD_UNIT_NAME_MAX = 100;

/** PATCH /api/ad-units/:adUnitId names the unit that slot belongs to, on every page; null (or blank) gives back the automatic name. */
export const adUnitParamsSchema = z.object({ adUnitId: idSchema });
export const renameAdUnitBodySchema = z.object({
  name: z
    .string({ error: 'name must be text or null' })
    .trim()
    .max(AD_UNIT_NAME_MAX, `The name must be at most ${AD_UNIT_NAME_MAX} characters`)
    .nullable()
    .transform((name) => (name ? name : null)),
});
export type RenameAdUnitBody = z.input<typeof renameAdUnitBodySchema>;
export const renameAdUnitResponseSchema = z.object({
  ad_unit: z.object({ unit_key: z.string(), name: z.string(), named_by_publisher: z.boolean() }),
});
export type RenameAdUnitResponse = z.infer<typeof renameAdUnitResponseSchema>;
