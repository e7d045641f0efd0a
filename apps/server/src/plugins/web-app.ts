// Serves the built web app; every non-API path answers index.html so deep links work on reload.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export default fp(
  async (app) => {
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
      app.log.warn(`The web app is not built (${WEB_DIST}); run npm run build`);
      app.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain').send('The web app is not built. Run npm run build.'));
      return;
    }
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      // Vite fingerprints assets: they never change under one name.
      setHeaders: (response, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) response.header('cache-control', 'public, max-age=31536000, immutable');
        else response.header('cache-control', 'no-cache');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(404).send({ error: { message: 'Not found' } });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
