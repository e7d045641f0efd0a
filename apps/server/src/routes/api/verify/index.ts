// GET /api/verify/:websiteId — is the tracking code installed? Recent events, else the home page's markup.
import { verifyResponseSchema, websiteParamsSchema } from '@foldline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../errors.ts';
import { checkInstallation } from './installation.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:websiteId',
    { schema: { params: websiteParamsSchema, response: { 200: verifyResponseSchema } } },
    async (request) => {
      const website = await app.metadata.db
        .selectFrom('websites')
        .select(['id', 'domain', 'tracking_code'])
        .where('id', '=', request.params.websiteId)
        .where('user_id', '=', request.userId)
        .executeTakeFirst();
      if (!website) throw notFound('Website not found');
      return checkInstallation(app.events, website, app.config.fetchPolicy);
    },
  );
};

export default routes;
