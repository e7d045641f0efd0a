// Bearer-token authentication: app.authenticate is the onRequest hook each protected route folder adds.
import { findUserById } from '@foldline/metadata/users/users.repository';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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
    /** The sign-in the request's access token belongs to (its refresh token family), when the token names one. */
    signInId: string | undefined;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const tokens = createTokenIssuer(config.jwtSecret);
    app.decorate('tokens', tokens);
    app.decorateRequest('userId', '');
    app.decorateRequest('signInId', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match?.[1]) throw unauthorized();
      const { userId, signInId } = await tokens.verifyAccessToken(match[1]);
      // A deleted account's tokens stop working at once, not when they expire.
      if (!(await findUserById(app.metadata.db, userId))) throw unauthorized('Invalid or expired access token');
      request.userId = userId;
      request.signInId = signInId;
    });
  },
  { name: 'authentication', dependencies: ['stores'] },
);
