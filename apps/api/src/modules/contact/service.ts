import { randomUUID } from 'node:crypto';
import {
  type AdminContactAnswer,
  type AdminContactPage,
  type AdminContactQuery,
  type AdminContactRequest,
  AppError,
  CONTACT_DAILY_LIMIT,
  CONTACT_MAX_IMAGES,
  type ContactForm,
  type ContactListQuery,
  type ContactPage,
  type ContactRequest,
} from '@balcony/contracts';
import { type AdminContext, type MemberContext, type ServiceContext, withTransaction } from '../../context.js';
import * as admin from '../admin/service.js';
import type { BlobStore } from '../media/store.js';
import * as notifications from '../notifications/service.js';
import * as users from '../users/service.js';
import { type CleanImage, cleanImage } from './images.js';
import * as repo from './repo.js';

// Contact requests (issue 13 item 4; decisions 0200–0204): a member files a request with up to
// three images and reads only their own; an admin of the brand lists them and answers, audited.
// Images live in a private blob store (not the public /media originals), under keys no one can
// guess, and are served only to the request's member and the brand's admins.

export interface NewContactRequest {
  form: ContactForm;
  /** The uploaded files, as sent; each is checked and re-encoded here. */
  images: Buffer[];
}

/** The content type of every stored attachment (decision 0201). */
export const ATTACHMENT_TYPE = 'image/webp';

function view(row: repo.ContactRow, attachments: repo.AttachmentRow[]): ContactRequest {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    content: row.content,
    status: row.status,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    attachments: attachments
      .filter((a) => a.requestId === row.id)
      .map(({ position, width, height, bytes }) => ({ position, width, height, bytes })),
  };
}

async function views(ctx: ServiceContext, rows: repo.ContactRow[]): Promise<ContactRequest[]> {
  const attachments = await repo.attachmentsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => view(r, attachments));
}

/**
 * Files a request: the images are checked and cleaned first (INVALID_PARAMETER for a fourth one,
 * one too large, one that is not an image or one with too many pixels), then, with the member's
 * account row locked so two tabs count one after the other, LIMIT_QNA_COUNT once the member
 * filed CONTACT_DAILY_LIMIT today in the brand's zone; else the request and its images are kept.
 */
export async function file(ctx: MemberContext, store: BlobStore, input: NewContactRequest): Promise<ContactRequest> {
  if (input.images.length > CONTACT_MAX_IMAGES) {
    throw new AppError('INVALID_PARAMETER', { field: 'images', reason: 'count' });
  }
  // One at a time: each decode may take a moment and some memory.
  const cleaned: CleanImage[] = [];
  for (const upload of input.images) cleaned.push(await cleanImage(upload));
  // Images are written before the commit; a request that is not kept takes its images away too.
  const written: string[] = [];
  try {
    return await fileChecked(ctx, store, input, cleaned, written);
  } catch (error) {
    await Promise.allSettled(written.map((key) => store.delete(key)));
    throw error;
  }
}

function fileChecked(
  ctx: MemberContext,
  store: BlobStore,
  input: NewContactRequest,
  cleaned: readonly CleanImage[],
  written: string[],
): Promise<ContactRequest> {
  return withTransaction(ctx, async (tx) => {
    await users.lock(tx, tx.user.id);
    const filed = await repo.countFiledOn(tx.db, tx.user.id, tx.brand.timeZone, tx.now);
    if (filed >= CONTACT_DAILY_LIMIT) throw new AppError('LIMIT_QNA_COUNT');
    const row = await repo.insertRequest(tx.db, {
      brandId: tx.brand.id,
      userId: tx.user.id,
      ...input.form,
      createdAt: tx.now,
    });
    const attachments: repo.AttachmentRow[] = [];
    for (const [position, image] of cleaned.entries()) {
      const mediaKey = `contact/${row.id}/${position}-${randomUUID()}.webp`;
      written.push(mediaKey);
      await store.put(mediaKey, image.data);
      attachments.push({
        requestId: row.id,
        position,
        mediaKey,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
      });
    }
    await repo.insertAttachments(tx.db, attachments);
    ctx.log.info({ contactRequestId: row.id, images: attachments.length }, 'contact request filed');
    return view(row, attachments);
  });
}

/** GET /qna: the member's own requests, newest first, and today's count against the limit. */
export async function listMine(ctx: MemberContext, query: ContactListQuery): Promise<ContactPage> {
  const [{ rows, total }, used] = await Promise.all([
    repo.listOfMember(ctx.db, ctx.brand.id, ctx.user.id, { offset: (query.page - 1) * query.size, limit: query.size }),
    repo.countFiledOn(ctx.db, ctx.user.id, ctx.brand.timeZone, ctx.now),
  ]);
  return {
    items: await views(ctx, rows),
    page: query.page,
    size: query.size,
    total,
    today: { used, limit: CONTACT_DAILY_LIMIT },
  };
}

/**
 * A request the caller may read: their own, or any of the brand's for an admin. Anyone else's
 * is NOT_EXIST, as one that does not exist, so ids tell nothing.
 */
async function readable(ctx: MemberContext, id: number): Promise<repo.ContactRow> {
  const row = await repo.findInBrand(ctx.db, ctx.brand.id, id);
  if (!row || row.userId !== ctx.user.id) throw new AppError('NOT_EXIST');
  return row;
}

/** GET /qna/{id}. */
export async function detail(ctx: MemberContext, id: number): Promise<ContactRequest> {
  const row = await readable(ctx, id);
  return view(row, await repo.attachmentsOf(ctx.db, [row.id]));
}

/** GET /qna/{id}/attachments/{position}: the stored image, to its member only. */
export async function attachment(
  ctx: MemberContext,
  store: BlobStore,
  id: number,
  position: number,
): Promise<{ data: Buffer; type: string }> {
  return imageOf(ctx, store, await readable(ctx, id), position);
}

/** GET /admin/qna/{id}/attachments/{position}: a request's image, to the brand's support admins. */
export async function adminAttachment(
  ctx: AdminContext,
  store: BlobStore,
  id: number,
  position: number,
): Promise<{ data: Buffer; type: string }> {
  const row = await repo.findInBrand(ctx.db, ctx.brand.id, id);
  if (!row) throw new AppError('NOT_EXIST');
  return imageOf(ctx, store, row, position);
}

async function imageOf(
  ctx: ServiceContext,
  store: BlobStore,
  row: repo.ContactRow,
  position: number,
): Promise<{ data: Buffer; type: string }> {
  const found = await repo.findAttachment(ctx.db, row.id, position);
  const data = found && (await store.get(found.mediaKey));
  if (!data) throw new AppError('NOT_EXIST');
  return { data, type: ATTACHMENT_TYPE };
}

// ——— admin ———

/** GET /admin/qna: the brand's requests (WAIT: oldest first, the queue to answer). */
export async function listForAdmin(ctx: AdminContext, query: AdminContactQuery): Promise<AdminContactPage> {
  const { rows, total } = await repo.listOfBrand(ctx.db, ctx.brand.id, query.status, {
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const listed = await views(ctx, rows);
  const items: AdminContactRequest[] = rows.map((r, i) => ({
    ...(listed[i] as ContactRequest),
    userId: r.userId,
    answeredBy: r.answeredBy,
  }));
  return { items, page: query.page, size: query.size, total };
}

/**
 * POST /admin/qna/{id}/answer: writes the answer and sets COMPLETED (an answered request may be
 * answered again; the audit row keeps the earlier text). NOT_EXIST for a request of another brand.
 */
export async function answer(ctx: AdminContext, id: number, input: AdminContactAnswer): Promise<AdminContactRequest> {
  return withTransaction(ctx, async (tx) => {
    const row = await repo.lockInBrand(tx.db, tx.brand.id, id);
    if (!row) throw new AppError('NOT_EXIST');
    const updated = await repo.setAnswer(tx.db, row.id, {
      answer: input.answer,
      answeredAt: tx.now,
      answeredBy: tx.admin.id,
    });
    await admin.recordAction(tx, {
      action: 'QNA_ANSWER',
      targetType: 'contact',
      targetId: row.id,
      targetUserId: row.userId,
      before: { status: row.status, answer: row.answer },
      after: { status: updated.status, answer: updated.answer },
    });
    // Each answer is news to the member (an answer given again too), once per answer.
    await notifications.notify(tx, [
      {
        userId: row.userId,
        kind: 'CONTACT_ANSWER',
        dedupeKey: `${row.id}:${tx.now.toISOString()}`,
        subject: row.title,
      },
    ]);
    const attachments = await repo.attachmentsOf(tx.db, [row.id]);
    return { ...view(updated, attachments), userId: updated.userId, answeredBy: updated.answeredBy };
  });
}
