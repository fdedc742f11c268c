import { AppError, ERROR_CATALOGUE, type ErrorCode, type FailEnvelope } from '@balcony/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

// The one place where failures become HTTP: a known code keeps its catalogue status and
// message; anything else is logged with its cause and answered as a generic INTERNAL_ERROR,
// so no stack trace or SQL text ever reaches a client.

function fail(code: ErrorCode): FailEnvelope {
  return { result: 'FAIL', code, message: ERROR_CATALOGUE[code].message };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(fail(error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      request.log.info({ validation: error.validation }, 'invalid request');
      return reply.status(400).send(fail('INVALID_PARAMETER'));
    }
    if (error.statusCode === 429) return reply.status(429).send(fail('TOO_MANY_REQUESTS'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, body too large, unsupported media type…: the client's fault, no detail leaked.
      request.log.info({ err: error }, 'rejected request');
      return reply.status(error.statusCode).send(fail('INVALID_PARAMETER'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail('INTERNAL_ERROR'));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(fail('NOT_FOUND_ROUTE')));
}
