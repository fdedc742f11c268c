import {
  AdminContactAnswer,
  AdminContactPage,
  AdminContactQuery,
  AdminContactRequest,
  AppError,
  CONTACT_MAX_IMAGE_BYTES,
  CONTACT_MAX_IMAGES,
  ContactAttachmentParams,
  ContactForm,
  ContactIdParams,
  ContactListQuery,
  ContactPage,
  ContactRequest,
  firstErrorCode,
} from '@balcony/contracts';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminContext, memberContext } from '../../http/context.js';
import { RequiredHeaders } from '../../http/headers.js';
import { adminRouteOptions, routesOf } from '../../http/route.js';
import { authGuard } from '../auth/guard.js';
import type { BlobStore } from '../media/store.js';
import * as contact from './service.js';

/** The text fields of the form, and the one file field. */
const FIELDS = new Set(Object.keys(ContactForm.shape));
const FILE_FIELD = 'images';
/** Enough for CONTACT_CONTENT_MAX characters of any script in UTF-8. */
const FIELD_BYTES = 16 * 1024;

/**
 * Contact requests (spec §2 /qna, /qna/register; decisions 0200–0204): a member's own, and the
 * admin calls that answer them. `store` keeps the images, apart from the public media originals.
 */
const SUPPORT = ['SUPPORT'] as const;
const supportOnly = adminRouteOptions(SUPPORT);

/** A contact image: private, never sniffed as anything but its type. */
function sendImage(reply: FastifyReply, image: { data: Buffer; type: string }) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .type(image.type)
    .send(image.data);
}

export const contactRoutes: FastifyPluginAsyncZod<{ store: BlobStore }> = async (app, { store }) => {
  // Multipart forms are parsed for these routes only, with limits busboy enforces while reading:
  // past them the part stream stops and the request is refused, never buffered whole.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: CONTACT_MAX_IMAGE_BYTES,
      files: CONTACT_MAX_IMAGES,
      fields: FIELDS.size,
      parts: FIELDS.size + CONTACT_MAX_IMAGES,
      fieldSize: FIELD_BYTES,
      fieldNameSize: 64,
      headerPairs: 100,
    },
  });
  const route = routesOf(app, ['contact']);

  route({
    method: 'GET',
    url: '/qna',
    summary: 'The signed-in member’s contact requests, newest first, and today’s count against the daily limit',
    access: 'member',
    query: ContactListQuery,
    response: ContactPage,
    handler: (ctx, { query }) => contact.listMine(ctx, query),
  });

  route({
    method: 'POST',
    url: '/qna',
    summary:
      'File a contact request: a multipart form with category, title, content and up to 3 images (`images`, 3 MB each)',
    access: 'member',
    response: ContactRequest,
    handler: async (ctx, _input, { request }) => contact.file(ctx, store, await readForm(request)),
  });

  route({
    method: 'GET',
    url: '/qna/:id',
    summary: 'One of the member’s contact requests, with its answer once COMPLETED',
    access: 'member',
    params: ContactIdParams,
    response: ContactRequest,
    handler: (ctx, { params }) => contact.detail(ctx, params.id),
  });

  // An image, not the JSON envelope, so declared here rather than through `routesOf`; a failure
  // is still the envelope (NOT_LOGIN_USER for a visitor, NOT_EXIST for anyone else's request).
  app.route({
    method: 'GET',
    url: '/qna/:id/attachments/:position',
    schema: {
      tags: ['contact'],
      summary: 'An image of a contact request (WebP), to its member only',
      headers: RequiredHeaders,
      params: ContactAttachmentParams,
    },
    preHandler: (request) => authGuard.requireUser(request),
    handler: async (request, reply) => {
      const { id, position } = request.params;
      return sendImage(reply, await contact.attachment(memberContext(request), store, id, position));
    },
  });

  app.route({
    method: 'GET',
    url: '/admin/qna/:id/attachments/:position',
    config: supportOnly.config,
    onRequest: supportOnly.onRequest,
    schema: {
      tags: ['admin', 'contact'],
      summary: 'An image of a contact request (WebP), to the brand’s support admins',
      ...supportOnly.docs,
      headers: RequiredHeaders,
      params: ContactAttachmentParams,
    },
    handler: async (request, reply) => {
      const { id, position } = request.params;
      return sendImage(reply, await contact.adminAttachment(adminContext(request), store, id, position));
    },
  });

  route({
    method: 'GET',
    url: '/admin/qna',
    summary: 'The brand’s contact requests (admins): ?status=WAIT lists those to answer, oldest first',
    access: { admin: SUPPORT },
    query: AdminContactQuery,
    response: AdminContactPage,
    handler: (ctx, { query }) => contact.listForAdmin(ctx, query),
  });

  route({
    method: 'POST',
    url: '/admin/qna/:id/answer',
    summary: 'Answer a contact request (admins): it becomes COMPLETED; audited',
    access: { admin: SUPPORT },
    params: ContactIdParams,
    body: AdminContactAnswer,
    response: AdminContactRequest,
    handler: (ctx, { params, body }) => contact.answer(ctx, params.id, body),
  });
};

/**
 * Reads the multipart form of POST /qna: the text fields, checked with the shared schema, and the
 * files of `images`. Anything else (another file field, a field twice, a value cut at its limit,
 * a part past a limit, a body that is not multipart) is INVALID_PARAMETER.
 */
async function readForm(request: FastifyRequest): Promise<contact.NewContactRequest> {
  if (!request.isMultipart()) throw invalid('not multipart');
  const fields: Record<string, string> = {};
  const images: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD) throw invalid(`unexpected file ${part.fieldname}`);
        images.push(await part.toBuffer());
      } else {
        const { fieldname, value, valueTruncated } = part;
        if (!FIELDS.has(fieldname) || fieldname in fields || typeof value !== 'string' || valueTruncated) {
          throw invalid(`unexpected field ${fieldname}`);
        }
        fields[fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The multipart plugin's refusals (a fourth file, a file past 3 MB, too many fields, a
    // malformed body) carry a 4xx status; anything else is ours to log as a 500.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      throw invalid((error as { code?: string }).code ?? 'multipart');
    }
    // A body cut before its closing boundary: busboy's parser throws a plain Error (no status).
    if (error instanceof Error && error.message === 'Unexpected end of multipart data') throw invalid('truncated');
    throw error;
  }
  const form = ContactForm.safeParse(fields);
  if (!form.success) throw new AppError(firstErrorCode(form.error), { field: 'form' });
  return { form: form.data, images };
}

function invalid(reason: string): AppError {
  return new AppError('INVALID_PARAMETER', { field: 'images', reason });
}
