// GET /api/verify/:websiteId — is the tracking code installed? Recent events, else the home page's markup. A success
// is kept: it is what lets the server take screenshots of the website's pages (services/capture-access.ts).
import { verifyResponseSchema, websiteParamsSchema } from '@foldline/contracts';
import { recordVerification } from '@foldline/metadata/websites/website-verifications.repository';
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
      const result = await checkInstallation(app.events, website, app.config.fetchPolicy);
      if (result.verified) await recordVerification(app.metadata.db, website.id);
      return result;
    },
  );
};

export default routes;
