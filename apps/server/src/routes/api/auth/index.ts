// /api/auth: registration, sign-in, token refresh, sign-out and password reset. Public routes; those that check a
// credential are rate-limited.
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  logoutBodySchema,
  messageResponseSchema,
  refreshBodySchema,
  refreshResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  resetTokenParamsSchema,
  sessionResponseSchema,
  validateResetTokenResponseSchema,
} from '@foldline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPassword,
  login,
  logout,
  refresh,
  register,
  resetPassword,
  validateResetToken,
} from '../../../auth/auth.service.ts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Credential endpoints are the ones attackers hammer: limit them per client address.
  const limited = { config: { rateLimit: app.rateLimits.auth } };

  app.post('/register', { ...limited, schema: { body: registerBodySchema, response: { 201: sessionResponseSchema } } }, async (request, reply) =>
    reply.code(201).send(await register(app, request.body)),
  );

  app.post('/login', { ...limited, schema: { body: loginBodySchema, response: { 200: sessionResponseSchema } } }, async (request) =>
    login(app, request.body),
  );

  app.post('/refresh', { schema: { body: refreshBodySchema, response: { 200: refreshResponseSchema } } }, async (request) =>
    refresh(app, request.body.refreshToken),
  );

  // The refresh token names the sign-in to end, so this works after the access token has expired too.
  app.post('/logout', { schema: { body: logoutBodySchema } }, async (request, reply) => {
    await logout(app, request.body.refreshToken);
    return reply.code(204).send();
  });

  app.post('/forgot-password', { ...limited, schema: { body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } } }, async (request) =>
    forgotPassword(app, request.body.email),
  );

  app.get('/validate-reset-token/:token', { schema: { params: resetTokenParamsSchema, response: { 200: validateResetTokenResponseSchema } } }, async (request) =>
    validateResetToken(app, request.params.token),
  );

  app.post(
    '/reset-password/:token',
    { ...limited, schema: { params: resetTokenParamsSchema, body: resetPasswordBodySchema, response: { 200: sessionResponseSchema } } },
    async (request) => resetPassword(app, request.params.token, request.body.password),
  );
};

export default authRoutes;
