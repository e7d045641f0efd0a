// /api/websites/:websiteId/revenue-imports/fetch: the daily fetch of a website's ad-server report from an address.
// GET says the address, source, whether it is on and how the last fetch went; PUT saves them and, when on, fetches
// the report at once (the answer says how that went).
import { revenueFetchInputSchema, revenueFetchResponseSchema, websiteParamsSchema } from '@foldline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRevenueFetch, saveRevenueFetch } from '../../../../../services/revenue-imports.service.ts';

const revenueFetchRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = websiteParamsSchema;

  app.get('/', { schema: { params, response: { 200: revenueFetchResponseSchema } } }, async (request) =>
    getRevenueFetch(app, request.userId, request.params.websiteId),
  );

  app.put('/', { schema: { params, body: revenueFetchInputSchema, response: { 200: revenueFetchResponseSchema } } }, async (request) =>
    saveRevenueFetch(app, request.userId, request.params.websiteId, request.body),
  );
};

export default revenueFetchRoutes;
