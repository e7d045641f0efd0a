// Bearer-token authentication: app.authenticate is the onRequest hook each protected route folder adds.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { prepareSignIns } from '../auth/auth.service.ts';
import { createTokenIssuer, type TokenIssuer } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import { unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenIssuer;
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user's id; set by app.authenticate. */
    userId: string;
    /** The sign-in the request's access token belongs to (its refresh token family). */
    signInId: string;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const tokens = createTokenIssuer(config.jwtSecret);
    app.decorate('tokens', tokens);
    app.addHook('onReady', async () => prepareSignIns(app));
    app.decorateRequest('userId', '');
    app.decorateRequest('signInId', '');
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match?.[1]) throw unauthorized();
      const claims = await tokens.verifyAccessToken(match[1]);
      // A signed-out, revoked or deleted sign-in's access tokens stop working within seconds, not when they expire.
      if (!(await tokens.isSignInLive(app.metadata.db, claims))) throw unauthorized('Invalid or expired access token');
      request.userId = claims.userId;
      request.signInId = claims.signInId;
    });
  },
  { name: 'authentication', dependencies: ['stores'] },
);
