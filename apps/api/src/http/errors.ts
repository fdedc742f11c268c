import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, ERROR_CATALOGUE, type ErrorCode, type FailEnvelope } from '@balcony/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

// The one place where failures become HTTP: a known code keeps its catalogue status and
// message; anything else is logged with its cause and answered as a generic INTERNAL_ERROR,
// so no stack trace or SQL text ever reaches a client.

export function fail(code: ErrorCode): FailEnvelope {
  return { result: 'FAIL', code, message: ERROR_CATALOGUE[code].message };
}

/**
 * SQLSTATEs of data the client sent that the schemas should have refused (a number out of
 * range, text that is not valid for its type, a character the database cannot store).
 */
const INPUT_DATA_ERRORS = new Set(['22003', '22P02', '22021', '22P05', '22001', '22007', '22008']);

/** The SQLSTATE of a database error, looked for through Drizzle's wrapping. */
function sqlState(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
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
    const state = sqlState(error);
    if (state && INPUT_DATA_ERRORS.has(state)) {
      // A schema let through what the database refuses: the client's input, so a 400; logged to fix the schema.
      request.log.warn({ err: error, sqlState: state }, 'database refused request data');
      return reply.status(400).send(fail('INVALID_PARAMETER'));
    }
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

/**
 * Fastify's `frameworkErrors`: a URL that is not valid percent-encoding (`%ff`), or a path
 * parameter past `maxParamLength`, answered in the envelope without echoing the URL.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'rejected url');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(fail('INVALID_PARAMETER'));
  } else if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send(fail('INVALID_PARAMETER'));
  } else {
    request.log.error({ err: error }, 'framework error');
    reply.status(500).send(fail('INTERNAL_ERROR'));
  }
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route runs (headers
 * too large, a malformed request line, a client too slow) is written straight to the socket, in
 * the envelope like every other answer.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(fail('INVALID_PARAMETER'));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * A CORS preflight must name the method it asks for; @fastify/cors would refuse one that does not
 * in plain text, so it is refused here first, in the envelope (an onRequest hook before cors).
 */
export function refuseInvalidPreflight(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const { headers } = request;
  const invalid = request.method === 'OPTIONS' && headers.origin && !headers['access-control-request-method'];
  done(invalid ? new AppError('INVALID_PARAMETER') : undefined);
}
