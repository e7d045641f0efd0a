// One place that shapes every error: { error: { message } } with the right status, never internals on a 5xx.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors.ts';

export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        return reply.code(400).send({ error: { message: first?.message ?? 'Invalid request' } });
      }
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send({ error: { message: error.message } });
      }
      const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
      if (status >= 400 && status < 500) {
        // Fastify's own 4xx (bad JSON, body too large, rate limited): their messages are safe to show.
        return reply.code(status).send({ error: { message: publicMessage(error) } });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: { message: 'Something went wrong on our side. Please try again.' } });
    });

  },
  { name: 'error-handler' },
);

function publicMessage(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is not valid JSON';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The request body is too large';
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  return error instanceof Error ? error.message : 'Bad request';
}

/**
 * Errors the router raises before any route or hook runs (Fastify's frameworkErrors): an address that does not decode
 * and a path parameter over the router's length limit. They get the same shape as every other error, and never echo
 * the address back.
 */
export function frameworkError(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') void reply.code(400).send({ error: { message: 'The address is not valid' } });
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.code(414).send({ error: { message: 'The address is too long' } });
  else void reply.code(500).send({ error: { message: 'Something went wrong on our side. Please try again.' } });
}
