// Everything under /api. Each area is a folder whose path is its URL; protected areas add app.authenticate.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import adUnitsRoutes from './ad-units/index.ts';
import analyticsRoutes from './analytics/index.ts';
import authRoutes from './auth/index.ts';
import collectRoutes from './collect/index.ts';
import contactRoutes from './contact/index.ts';
import docsRoutes from './docs/index.ts';
import healthRoutes from './health/index.ts';
import pagesRoutes from './pages/index.ts';
import screenshotsRoutes from './screenshots/index.ts';
import usersRoutes from './users/index.ts';
import verifyRoutes from './verify/index.ts';
import websitesRoutes from './websites/index.ts';

/** The whole API; with `collectorOnly`, only what a collector process serves: health, the collector and the tracker. */
const apiRoutes: FastifyPluginAsync<{ collectorOnly?: boolean }> = async (app, { collectorOnly = false }) => {
  await app.register(healthRoutes, { prefix: '/health' });
  // The collector and the tracker script sit at /api/collect and /api/tracker.js.
  await app.register(collectRoutes);
  notFoundAsJson(app);
  if (collectorOnly) return;
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(usersRoutes, { prefix: '/users' });
  await app.register(websitesRoutes, { prefix: '/websites' });
  await app.register(pagesRoutes, { prefix: '/pages' });
  await app.register(verifyRoutes, { prefix: '/verify' });
  await app.register(analyticsRoutes, { prefix: '/analytics' });
  await app.register(adUnitsRoutes, { prefix: '/ad-units' });
  await app.register(screenshotsRoutes, { prefix: '/screenshots' });
  await app.register(contactRoutes, { prefix: '/contact' });
  await app.register(docsRoutes, { prefix: '/docs' });
};

/** Unknown /api paths answer JSON, never the web app's HTML. */
function notFoundAsJson(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: { message: `No API route for ${request.method} ${request.url.split('?')[0]}` } });
  });
}

export default apiRoutes;
