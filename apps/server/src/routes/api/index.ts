// Everything under /api. Each area is a folder whose path is its URL; protected areas add app.authenticate.
import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/index.ts';
import healthRoutes from './health/index.ts';

const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { prefix: '/health' });
  await app.register(authRoutes, { prefix: '/auth' });

  // Unknown /api paths answer JSON, never the web app's HTML.
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: { message: `No API route for ${request.method} ${request.url.split('?')[0]}` } });
  });
};

export default apiRoutes;
