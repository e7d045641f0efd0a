// Naming an ad unit: stored per website and unit, so every slot of the unit, on every page, takes the name.
import { adUnitKey, type RenameAdUnitResponse } from '@foldline/contracts';
import { forgetAnalyses } from '@foldline/analytics';
import { adUnitsInScope } from '@foldline/analytics/scope';
import { adUnitOfUser, setAdUnitName } from '@foldline/metadata/ad-units/ad-units.repository';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';

export async function renameAdUnit(app: FastifyInstance, userId: string, adUnitId: string, name: string | null): Promise<RenameAdUnitResponse> {
  const slot = await adUnitOfUser(app.metadata.db, userId, adUnitId);
  if (!slot) throw notFound('Ad unit not found');
  const unitKey = adUnitKey(slot);
  await setAdUnitName(app.metadata.db, slot.website_id, unitKey, name, new Date());
  // Recommendations remembered for a minute carry the old name in their texts.
  forgetAnalyses(app.events);
  const named = (await adUnitsInScope(app.metadata.db, { websiteIds: [slot.website_id] })).find((unit) => unit.id === adUnitId)!;
  return { ad_unit: { unit_key: unitKey, name: named.name, named_by_publisher: named.named_by_publisher } };
}
