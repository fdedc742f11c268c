import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { adminAudit, users } from '../../db/schema.js';

// Queries of `admin_audit`, which this module alone writes. `db` may be an open transaction.

export type AuditAction =
  | 'COIN_ADJUST'
  | 'GRANT_ADMIN'
  | 'COUPON_CREATE'
  | 'COUPON_CODES'
  | 'GIFT_SEND'
  // notices, FAQ and policies (modules/support)
  | 'NOTICE_CREATE'
  | 'NOTICE_UPDATE'
  | 'NOTICE_DELETE'
  | 'FAQ_CATEGORY_CREATE'
  | 'FAQ_CATEGORY_UPDATE'
  | 'FAQ_CATEGORY_DELETE'
  | 'FAQ_ENTRY_CREATE'
  | 'FAQ_ENTRY_UPDATE'
  | 'FAQ_ENTRY_DELETE'
  | 'POLICY_PUBLISH'
  | 'COMPANY_UPDATE'
  // comments (modules/comments)
  | 'COMMENT_BLIND'
  | 'COMMENT_RESTORE'
  // contact requests (modules/contact)
  | 'QNA_ANSWER';

export interface NewAuditRow {
  adminId: number;
  action: AuditAction;
  targetUserId: number | null;
  details: Record<string, unknown>;
}

export async function insertAudit(db: Db, row: NewAuditRow): Promise<number> {
  const [inserted] = await db.insert(adminAudit).values(row).returning({ id: adminAudit.id });
  if (!inserted) throw new Error('audit row not inserted');
  return inserted.id;
}

/** The first applied coin adjustment an admin made under a client key, if any. */
export async function appliedAdjustment(db: Db, adminId: number, idempotencyKey: string) {
  const [row] = await db
    .select({ targetUserId: adminAudit.targetUserId, details: adminAudit.details })
    .from(adminAudit)
    .where(
      and(
        eq(adminAudit.adminId, adminId),
        eq(adminAudit.action, 'COIN_ADJUST'),
        sql`${adminAudit.details}->>'idempotencyKey' = ${idempotencyKey}`,
        sql`${adminAudit.details}->>'applied' = 'true'`,
      ),
    )
    .orderBy(adminAudit.id)
    .limit(1);
  return row ?? null;
}

const target = alias(users, 'audit_target');
const actor = alias(users, 'audit_admin');

/**
 * Audit rows of one brand (the target's, or the admin's when there is no target), newest first,
 * optionally about one member.
 */
export async function listAudit(
  db: Db,
  brandId: string,
  filter: { targetUserId?: number | undefined },
  page: { offset: number; limit: number },
) {
  const where = and(
    sql`coalesce(${target.brandId}, ${actor.brandId}) = ${brandId}`,
    filter.targetUserId === undefined ? undefined : eq(adminAudit.targetUserId, filter.targetUserId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: adminAudit.id,
        adminId: adminAudit.adminId,
        action: adminAudit.action,
        targetUserId: adminAudit.targetUserId,
        details: adminAudit.details,
        createdAt: adminAudit.createdAt,
      })
      .from(adminAudit)
      .innerJoin(actor, eq(actor.id, adminAudit.adminId))
      .leftJoin(target, eq(target.id, adminAudit.targetUserId))
      .where(where)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ n: count() })
      .from(adminAudit)
      .innerJoin(actor, eq(actor.id, adminAudit.adminId))
      .leftJoin(target, eq(target.id, adminAudit.targetUserId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
