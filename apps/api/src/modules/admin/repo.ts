import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adminAccounts, adminAudit } from '../../db/schema.js';

// Queries of `admin_audit`, which this module alone writes. `db` may be an open transaction.

export type AuditAction =
  | 'COIN_ADJUST'
  | 'COUPON_CREATE'
  | 'COUPON_CODES'
  | 'GIFT_SEND'
  // events (modules/events)
  | 'EVENT_CREATE'
  | 'EVENT_UPDATE'
  | 'EVENT_THEME_CREATE'
  | 'ROULETTE_TICKET_GRANT'
  // console admins (accounts.ts)
  | 'ADMIN_CREATE'
  | 'ADMIN_DISABLE'
  | 'ADMIN_ENABLE'
  | 'ADMIN_LOGIN'
  | 'ADMIN_LOCKED'
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
  | 'QNA_ANSWER'
  // content and home (modules/catalog/admin-service.ts)
  | 'IMAGE_UPLOAD'
  | 'SERIES_CREATE'
  | 'SERIES_UPDATE'
  | 'EPISODE_CREATE'
  | 'EPISODE_UPDATE'
  | 'EPISODE_TEXT'
  | 'PAGES_ADD'
  | 'PAGE_REPLACE'
  | 'PAGE_DELETE'
  | 'PAGES_REORDER'
  | 'BANNER_CREATE'
  | 'BANNER_UPDATE'
  | 'BANNER_DELETE'
  | 'BANNER_ORDER'
  | 'PICK_CREATE'
  | 'PICK_UPDATE'
  | 'PICK_DELETE'
  | 'PICK_ORDER'
  | 'HOME_TABS'
  // coin products and refunds (modules/shop/admin.ts)
  | 'PRODUCT_CREATE'
  | 'PRODUCT_UPDATE'
  | 'PRODUCT_ACTIVATE'
  | 'PRODUCT_DEACTIVATE'
  | 'PRODUCT_REORDER'
  | 'ORDER_REFUND'
  // maintenance and the account transfer's period (modules/maintenance, modules/transfer)
  | 'MAINTENANCE_ON'
  | 'MAINTENANCE_OFF'
  | 'TRANSFER_PERIOD';

export interface NewAuditRow {
  adminId: number;
  action: AuditAction;
  brandId: string | null;
  targetType?: string | null;
  targetId?: string | null;
  targetUserId?: number | null;
  before?: unknown;
  after?: unknown;
  details: Record<string, unknown>;
  ip: string | null;
}

export async function insertAudit(db: Db, row: NewAuditRow): Promise<number> {
  const [inserted] = await db
    .insert(adminAudit)
    .values({
      adminId: row.adminId,
      action: row.action,
      brandId: row.brandId,
      targetType: row.targetType ?? null,
      targetId: row.targetId ?? null,
      targetUserId: row.targetUserId ?? null,
      before: row.before ?? null,
      after: row.after ?? null,
      details: row.details,
      ip: row.ip,
    })
    .returning({ id: adminAudit.id });
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

export interface AuditFilter {
  /** Entries of this brand, and those of no brand (admin accounts). */
  brandId: string;
  targetUserId?: number | undefined;
  adminId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  q?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Audit rows matching `filter`, newest first, with the acting admin's e-mail. */
export async function listAudit(db: Db, filter: AuditFilter, page: { offset: number; limit: number }) {
  const like = filter.q === undefined ? undefined : `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    or(eq(adminAudit.brandId, filter.brandId), isNull(adminAudit.brandId)),
    filter.targetUserId === undefined ? undefined : eq(adminAudit.targetUserId, filter.targetUserId),
    filter.adminId === undefined ? undefined : eq(adminAudit.adminId, filter.adminId),
    filter.action === undefined ? undefined : eq(adminAudit.action, filter.action),
    filter.targetType === undefined ? undefined : eq(adminAudit.targetType, filter.targetType),
    filter.targetId === undefined ? undefined : eq(adminAudit.targetId, filter.targetId),
    filter.from === undefined ? undefined : gte(adminAudit.createdAt, filter.from),
    filter.to === undefined ? undefined : lt(adminAudit.createdAt, filter.to),
    like === undefined
      ? undefined
      : or(
          ilike(adminAudit.action, like),
          ilike(adminAudit.targetId, like),
          sql`${adminAudit.details}::text ilike ${like}`,
          sql`${adminAudit.after}::text ilike ${like}`,
          sql`${adminAudit.before}::text ilike ${like}`,
        ),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: adminAudit.id,
        adminId: adminAudit.adminId,
        adminEmail: adminAccounts.email,
        action: adminAudit.action,
        brandId: adminAudit.brandId,
        targetType: adminAudit.targetType,
        targetId: adminAudit.targetId,
        targetUserId: adminAudit.targetUserId,
        before: adminAudit.before,
        after: adminAudit.after,
        details: adminAudit.details,
        ip: adminAudit.ip,
        createdAt: adminAudit.createdAt,
      })
      .from(adminAudit)
      .leftJoin(adminAccounts, eq(adminAccounts.id, adminAudit.adminId))
      .where(where)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(adminAudit).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
