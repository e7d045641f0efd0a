// /api/contact: the public contact form. Rate-limited per client address, as anyone can post to it.
import { contactBodySchema, successResponseSchema } from '@foldline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { submitContactMessage } from '../../../services/contact.service.ts';

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    { config: { rateLimit: app.rateLimits.contact }, schema: { body: contactBodySchema, response: { 201: successResponseSchema } } },
    async (request, reply) => reply.code(201).send(await submitContactMessage(app, request.body)),
  );
};

export default contactRoutes;
