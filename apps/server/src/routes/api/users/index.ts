// /api/users/:userId: the signed-in user's own account. Any other id answers 404, exactly like a missing one.
import {
  changePasswordBodySchema,
  successResponseSchema,
  updateUserBodySchema,
  userParamsSchema,
  userResponseSchema,
} from '@foldline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../errors.ts';
import { changePassword, clearAccountData, deleteAccount, updateProfile } from '../../../services/account.service.ts';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  // After validation, so a malformed id is a 400; a well-formed id that is not the caller's never reveals whether it exists.
  app.addHook('preHandler', async (request) => {
    if ((request.params as { userId: string }).userId !== request.userId) throw notFound('User not found');
  });

  const params = userParamsSchema;

  app.put('/:userId', { schema: { params, body: updateUserBodySchema, response: { 200: userResponseSchema } } }, async (request) =>
    updateProfile(app, request.userId, request.body),
  );

  app.put('/:userId/password', { schema: { params, body: changePasswordBodySchema, response: { 200: successResponseSchema } } }, async (request) =>
    changePassword(app, request.userId, request.signInId, request.body),
  );

  app.delete('/:userId', { schema: { params, response: { 200: successResponseSchema } } }, async (request) => deleteAccount(app, request.userId));

  app.post('/:userId/clear-data', { schema: { params, response: { 200: successResponseSchema } } }, async (request) =>
    clearAccountData(app, request.userId),
  );
};

export default usersRoutes;
