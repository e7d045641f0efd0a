// /api/pages/:pageId: one page of the signed-in user's websites, with its website's name and domain.
import { pageParamsSchema, pageResponseSchema } from '@foldline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPage } from '../../../services/pages.service.ts';

const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/:pageId', { schema: { params: pageParamsSchema, response: { 200: pageResponseSchema } } }, async (request) =>
    getPage(app, request.userId, request.params.pageId),
  );
};

export default pagesRoutes;
