// /api/ad-units/:adUnitId: the name a publisher gives an ad unit (all its slots, on every page).
import { adUnitParamsSchema, renameAdUnitBodySchema, renameAdUnitResponseSchema } from '@foldline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { renameAdUnit } from '../../../services/ad-units.service.ts';

const adUnitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.patch('/:adUnitId', { schema: { params: adUnitParamsSchema, body: renameAdUnitBodySchema, response: { 200: renameAdUnitResponseSchema } } }, async (request) =>
    renameAdUnit(app, request.userId, request.params.adUnitId, request.body.name),
  );
};

export default adUnitsRoutes;
