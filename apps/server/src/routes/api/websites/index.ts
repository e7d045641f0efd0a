// /api/websites: the signed-in user's websites, their settings and their data.
import {
  clearWebsiteDataResponseSchema,
  createWebsiteBodySchema,
  createWebsiteResponseSchema,
  pageListQuerySchema,
  pageListResponseSchema,
  successResponseSchema,
  updateWebsiteBodySchema,
  websiteListResponseSchema,
  websiteParamsSchema,
  websiteResponseSchema,
} from '@foldline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clearWebsiteData,
  createWebsite,
  deleteWebsite,
  getWebsite,
  listWebsites,
  updateWebsite,
} from '../../../services/websites.service.ts';
import { listPages } from '../../../services/pages.service.ts';
import revenueImportsRoutes from './revenue-imports/index.ts';

const websitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const params = websiteParamsSchema;

  app.get('/', { schema: { response: { 200: websiteListResponseSchema } } }, async (request) => listWebsites(app, request.userId));

  app.post('/', { schema: { body: createWebsiteBodySchema, response: { 201: createWebsiteResponseSchema } } }, async (request, reply) =>
    reply.code(201).send(await createWebsite(app, request.userId, request.body)),
  );

  app.get('/:websiteId', { schema: { params, response: { 200: websiteResponseSchema } } }, async (request) =>
    getWebsite(app, request.userId, request.params.websiteId),
  );

  app.get('/:websiteId/pages', { schema: { params, querystring: pageListQuerySchema, response: { 200: pageListResponseSchema } } }, async (request) =>
    listPages(app, request.userId, request.params.websiteId, request.query),
  );

  app.put('/:websiteId', { schema: { params, body: updateWebsiteBodySchema, response: { 200: websiteResponseSchema } } }, async (request) =>
    updateWebsite(app, request.userId, request.params.websiteId, request.body),
  );

  app.delete('/:websiteId', { schema: { params, response: { 200: successResponseSchema } } }, async (request) =>
    deleteWebsite(app, request.userId, request.params.websiteId),
  );

  app.delete('/:websiteId/data', { schema: { params, response: { 200: clearWebsiteDataResponseSchema } } }, async (request) =>
    clearWebsiteData(app, request.userId, request.params.websiteId),
  );

  // In a folder of its own: it reads its body as a file, not JSON, with a larger limit.
  await app.register(revenueImportsRoutes, { prefix: '/:websiteId/revenue-imports' });
};

export default websitesRoutes;
