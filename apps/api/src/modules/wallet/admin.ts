import {
  ADMIN_LEDGER_TRANSFERS_MAX,
  ADMIN_MEMBER_MATCHES_MAX,
  type AdminMember,
  type AdminMemberLedger,
  type AdminMemberMatches,
  AppError,
} from '@balcony/contracts';
import { type AdminContext, readAll } from '../../context.js';
import * as users from '../users/service.js';
import { latestTransfers, lotsOf } from './service.js';

// A member's coins as the console shows them (issue 15 item 5): found by id or e-mail in the
// admin's brand, their balances and lots with every use, and their latest movements. Read only:
// adjustments go through POST /admin/coins/adjust, refunds through the shop.

function toAdminMember(row: users.UserRow): AdminMember {
  return {
    id: row.id,
    brandId: row.brandId,
    email: row.email,
    nickname: row.nickname,
    status: row.status,
    purchaseCount: row.purchaseCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /admin/members?q=: members of the brand by id or part of their e-mail address. */
export async function findMembers(ctx: AdminContext, q: string): Promise<AdminMemberMatches> {
  const rows = await users.search(ctx, q, ADMIN_MEMBER_MATCHES_MAX);
  return { members: rows.map(toAdminMember) };
}

/** GET /admin/members/{id}/ledger: NOT_FOUND_USER for a member of another brand, as for none. */
export async function memberLedger(ctx: AdminContext, memberId: number): Promise<AdminMemberLedger> {
  const member = await users.findById(ctx, memberId);
  if (!member || member.brandId !== ctx.brand.id) throw new AppError('NOT_FOUND_USER');
  const [ledger, transfers] = await readAll(ctx, [
    () => lotsOf(ctx, member.id),
    () => latestTransfers(ctx, member.id, ADMIN_LEDGER_TRANSFERS_MAX),
  ] as const);
  return { member: toAdminMember(member), ...ledger, transfers };
}
