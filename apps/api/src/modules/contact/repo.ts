import type { ContactCategory, ContactStatus } from '@balcony/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactAttachments, contactRequests } from '../../db/schema.js';

// Queries of `contact_requests` and `contact_attachments`, which this module alone writes. `db`
// may be an open transaction.

export type ContactRow = typeof contactRequests.$inferSelect;
export type AttachmentRow = typeof contactAttachments.$inferSelect;

/** Requests a member filed on the brand's calendar day of `now` in `timeZone`. */
export async function countFiledOn(db: Db, userId: number, timeZone: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contactRequests)
    .where(
      and(
        eq(contactRequests.userId, userId),
        sql`(${contactRequests.createdAt} at time zone ${timeZone})::date = (${now.toISOString()}::timestamptz at time zone ${timeZone})::date`,
      ),
    );
  return row?.n ?? 0;
}

export async function insertRequest(
  db: Db,
  row: { brandId: string; userId: number; category: ContactCategory; title: string; content: string; createdAt: Date },
): Promise<ContactRow> {
  const [inserted] = await db.insert(contactRequests).values(row).returning();
  if (!inserted) throw new Error('contact request not inserted');
  return inserted;
}

export async function insertAttachments(db: Db, rows: AttachmentRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(contactAttachments).values(rows);
}

/** A request of the brand by id, whoever filed it. */
export async function findInBrand(db: Db, brandId: string, id: number): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contactRequests)
    .where(and(eq(contactRequests.id, id), eq(contactRequests.brandId, brandId)));
  return row ?? null;
}

/** The same, locked until the transaction ends (an admin's answer). */
export async function lockInBrand(db: Db, brandId: string, id: number): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contactRequests)
    .where(and(eq(contactRequests.id, id), eq(contactRequests.brandId, brandId)))
    .for('update');
  return row ?? null;
}

export async function attachmentsOf(db: Db, requestIds: number[]): Promise<AttachmentRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(contactAttachments)
    .where(inArray(contactAttachments.requestId, requestIds))
    .orderBy(asc(contactAttachments.requestId), asc(contactAttachments.position));
}

export async function findAttachment(db: Db, requestId: number, position: number): Promise<AttachmentRow | null> {
  const [row] = await db
    .select()
    .from(contactAttachments)
    .where(and(eq(contactAttachments.requestId, requestId), eq(contactAttachments.position, position)));
  return row ?? null;
}

/** A member's requests in the brand, newest first. */
export async function listOfMember(
  db: Db,
  brandId: string,
  userId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: ContactRow[]; total: number }> {
  const where = and(eq(contactRequests.brandId, brandId), eq(contactRequests.userId, userId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactRequests)
      .where(where)
      .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(contactRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The brand's requests for admins: those waiting oldest first (the queue to answer), otherwise
 * newest first.
 */
export async function listOfBrand(
  db: Db,
  brandId: string,
  status: ContactStatus | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: ContactRow[]; total: number }> {
  const where = and(
    eq(contactRequests.brandId, brandId),
    status === undefined ? undefined : eq(contactRequests.status, status),
  );
  const order =
    status === 'WAIT'
      ? [asc(contactRequests.createdAt), asc(contactRequests.id)]
      : [desc(contactRequests.createdAt), desc(contactRequests.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactRequests)
      .where(where)
      .orderBy(...order)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(contactRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function setAnswer(
  db: Db,
  id: number,
  answer: { answer: string; answeredAt: Date; answeredBy: number },
): Promise<ContactRow> {
  const [row] = await db
    .update(contactRequests)
    .set({ ...answer, status: 'COMPLETED' })
    .where(eq(contactRequests.id, id))
    .returning();
  if (!row) throw new Error('contact request not updated');
  return row;
}
