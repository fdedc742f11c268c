import { type AdminRole, successEnvelope } from '@balcony/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { AdminContext, MemberContext, ServiceContext } from '../context.js';
import { adminGuard } from '../modules/admin/guard.js';
import { authGuard } from '../modules/auth/guard.js';
import { SerialisedAnswer, SharedAnswer } from '../shared-cache.js';
import { adminContext, memberContext } from './context.js';
import { ok } from './envelope.js';
import { RequiredHeaders } from './headers.js';

// Declares a /api/v1 route from its contract, so that a routes file lists routes and nothing
// else: the schemas (also the OpenAPI document), who may call it, its rate limits, and the one
// service call that answers it, wrapped in the success envelope.

type Schema = z.ZodType | undefined;
type Infer<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

/**
 * Who may call: `public` reads no bearer (sign-up, login: a stale bearer must not get in the
 * way); `visitor` is open to all, a bearer when sent must be valid; `member` needs one. `reader`
 * and `reader-member` are `visitor` and `member` for the viewer, where a session that ended
 * answers NOT_FOUND_ACCESS_TOKEN (spec §8). `{ admin: roles }` needs a console admin's session
 * holding one of `roles` (OWNER holds all), else FORBIDDEN; a reader's bearer is no admin session.
 */
export type Access = 'public' | 'visitor' | 'member' | 'reader' | 'reader-member' | AdminAccess;
export interface AdminAccess {
  readonly admin: readonly AdminRole[];
}
type ContextOf<A extends Access> = A extends AdminAccess
  ? AdminContext
  : A extends 'member' | 'reader-member'
    ? MemberContext
    : ServiceContext;

const isAdminAccess = (access: Access): access is AdminAccess => typeof access === 'object';

export interface RouteInput<P extends Schema, Q extends Schema, B extends Schema> {
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
}

export interface RouteContract<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  R extends z.ZodType,
  A extends Access,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /** The `data` of the success envelope. */
  response: R;
  /**
   * A route that checks a secret or tells whether an account exists: limited per client address,
   * and per the account this names (an e-mail, a user id, a phone), so a flood spread over many
   * addresses still stops at the account (spec §8). `{}` limits per address only.
   */
  sensitive?: { account?: (input: RouteInput<P, Q, B>, ctx: ContextOf<A>) => unknown };
  /**
   * Seconds browsers and CDNs may keep a visitor's shared answer (`Cache-Control: public,
   * max-age`), for answers that change only when an admin publishes (notices, spec §9: 5 minutes).
   * Without it, the catalogue's short CDN lifetime applies.
   */
  publicMaxAge?: number;
  handler: (
    ctx: ContextOf<A>,
    input: RouteInput<P, Q, B>,
    http: { request: FastifyRequest; reply: FastifyReply },
  ) => Promise<z.infer<R> | SerialisedAnswer> | z.infer<R>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** Longest a CDN may keep a visitor's shared answer before it asks again. */
const PUBLIC_MAX_SECONDS = 60;

/**
 * A CDN keeps a visitor's answer at most a minute and never past the moment it changes by itself
 * (a scheduled publication, midnight), so a new episode shows on time; stale, it may serve it while
 * it asks again.
 */
function publicCacheControl(freshUntil: number): string {
  const seconds = Math.max(0, Math.min(PUBLIC_MAX_SECONDS, Math.floor((freshUntil - Date.now()) / 1000)));
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=300`;
}
/**
 * Visitor answers differ by brand, platform and the Japanese visitor's adult answer (spec §7, §4),
 * and come gzipped to clients that accept it. Their CORS headers differ by `Origin`: this header
 * replaces the one the CORS plugin set, so it names `origin` too, or a CDN could hand a browser
 * an answer kept from a server's call, without the CORS headers it needs.
 */
const VARY = 'origin, x-balcony-id, x-platform, x-not-logged-in-adult, authorization, accept-encoding';
/** Below this a shared answer is sent as it is: gzip would save little or grow it. */
const GZIP_MIN_BYTES = 1024;

/** Whether `Accept-Encoding` takes gzip (or anything) with a weight above zero. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends an answer serialised once (`SharedAnswer`), with its ETag: `If-None-Match` answers 304.
 * Anything a member gets is private; a member's answer may come assembled (`SerialisedAnswer`).
 */
function send(request: FastifyRequest, reply: FastifyReply, answer: unknown, publicMaxAge?: number): unknown {
  if (request.ctx.user) reply.header('cache-control', 'private, no-store');
  if (!(answer instanceof SerialisedAnswer)) return ok(answer);
  if (!(answer instanceof SharedAnswer)) return reply.type(JSON_TYPE).send(answer.body);
  const gzip = answer.encoded.length >= GZIP_MIN_BYTES && acceptsGzip(request.headers['accept-encoding']);
  const { body, etag } = gzip ? answer.gzipped : { body: answer.encoded, etag: answer.etag };
  reply.header('etag', etag).header('vary', VARY);
  if (!request.ctx.user) {
    reply.header(
      'cache-control',
      publicMaxAge === undefined ? publicCacheControl(answer.freshUntil) : `public, max-age=${publicMaxAge}`,
    );
  }
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.type(JSON_TYPE).send(body);
}

// Looked up when a request comes, not when this file loads: auth's routes import this file.
const GUARDS: Record<Exclude<Access, AdminAccess>, preHandlerAsyncHookHandler | null> = {
  public: null,
  visitor: (request) => authGuard.optionalUser(request),
  member: (request) => authGuard.requireUser(request),
  reader: (request) => authGuard.viewerUser(request),
  'reader-member': (request) => authGuard.viewerMember(request),
};
const MEMBER_ACCESS: ReadonlySet<Access> = new Set(['member', 'reader-member']);

/**
 * What makes a route an admin route open to `roles` (and OWNER): the guard, run when the request
 * arrives so the body of a caller without the role is never read; the roles in the route's config
 * (the route-table test reads them); and its OpenAPI note. Also for routes declared without
 * `routesOf` (answers that are files).
 */
export function adminRouteOptions(roles: readonly AdminRole[]) {
  return {
    config: { adminRoles: roles },
    onRequest: adminGuard(roles),
    docs: {
      description: `Admin console; roles: ${[...new Set(['OWNER', ...roles])].join(', ')}.`,
      security: [{ adminSession: [] }],
      'x-admin-roles': [...roles],
    },
  };
}

/** A route declarer for one routes file; `tags` group its routes in the OpenAPI document. */
export function routesOf(app: FastifyInstance, tags: string[]) {
  return function route<
    A extends Access,
    R extends z.ZodType,
    P extends Schema = undefined,
    Q extends Schema = undefined,
    B extends Schema = undefined,
  >(contract: RouteContract<P, Q, B, R, A>): void {
    // The schemas have validated these before any handler runs.
    const inputOf = (request: FastifyRequest) =>
      ({ params: request.params, query: request.query, body: request.body }) as RouteInput<P, Q, B>;
    const access: Access = contract.access;
    const contextOf = (request: FastifyRequest) =>
      (isAdminAccess(access)
        ? adminContext(request)
        : MEMBER_ACCESS.has(access)
          ? memberContext(request)
          : request.ctx) as ContextOf<A>;
    const guard = isAdminAccess(access) ? null : GUARDS[access];
    const account = contract.sensitive?.account;
    const preHandler = [
      ...(guard ? [guard] : []),
      ...(account ? [app.sensitiveLimits.account((request) => account(inputOf(request), contextOf(request)))] : []),
    ];
    const admin = isAdminAccess(access) ? adminRouteOptions(access.admin) : undefined;
    app.route({
      method: contract.method,
      url: contract.url,
      config: { ...(contract.sensitive && app.sensitiveLimits.address), ...admin?.config },
      ...(admin && { onRequest: admin.onRequest }),
      preHandler,
      schema: {
        tags,
        summary: contract.summary,
        ...admin?.docs,
        headers: RequiredHeaders,
        ...(contract.params && { params: contract.params }),
        ...(contract.query && { querystring: contract.query }),
        ...(contract.body && { body: contract.body }),
        response: { 200: successEnvelope(contract.response) },
      },
      handler: async (request, reply) =>
        send(
          request,
          reply,
          await contract.handler(contextOf(request), inputOf(request), { request, reply }),
          contract.publicMaxAge,
        ),
    });
  };
}
