// Serves the built web app; every non-API path answers index.html so deep links work on reload. The app keeps its
// tokens in browser storage, so its pages go out with a strict Content-Security-Policy (scripts only from this origin,
// no framing): an injected script or a page that frames the dashboard gets nowhere.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** What the app's pages may load: its own scripts, styles, API and images, screenshots as blob: URLs; nothing else.
 * Inline styles stay allowed (the heatmap legend's gradient, bars' widths); inline scripts do not. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every response of the app carries: the policy, no framing (older browsers), no type sniffing. */
const APP_HEADERS = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' };

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
        response.headers(APP_HEADERS);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) response.header('cache-control', 'public, max-age=31536000, immutable');
        else response.header('cache-control', 'no-cache');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(404).send({ error: { message: 'Not found' } });
      }
      return reply.headers(APP_HEADERS).header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
