import { z } from 'zod';
import { IdParam, PageNumber } from './inputs.js';

// The admin console's accounts, sessions and audit log (issue 15). Admin accounts are not reader
// accounts: they live apart, log in with a password and a TOTP code, and hold roles (decision 0227).

/**
 * What an admin may do. OWNER reaches every admin route and manages admins; the others reach
 * their own area only: CONTENT the catalog and home, SUPPORT readers' requests, comments and
 * help pages, FINANCE coins, coupons, gifts, the shop and the dashboards.
 */
export const AdminRole = z.enum(['OWNER', 'CONTENT', 'SUPPORT', 'FINANCE']);
export type AdminRole = z.infer<typeof AdminRole>;
export const ADMIN_ROLES = AdminRole.options;

/** Whether an admin holding `held` may use a route open to `required` (OWNER may use all). */
export function adminMay(held: readonly AdminRole[], required: readonly AdminRole[]): boolean {
  return held.includes('OWNER') || required.some((role) => held.includes(role));
}

/** A session ends after this long without a call, and after ADMIN_SESSION_MAX_MS whatever happens. */
export const ADMIN_SESSION_IDLE_MS = 30 * 60_000;
export const ADMIN_SESSION_MAX_MS = 8 * 60 * 60_000;

const AdminEmail = z.string().trim().toLowerCase().email().max(254);
/** An admin's password: long, since it guards every reader's data. */
export const AdminPassword = z.string().min(12).max(200);
export const TotpCode = z.string().regex(/^\d{6}$/);

export const AdminLoginRequest = z.object({
  email: AdminEmail,
  password: z.string().min(1).max(200),
  totp: TotpCode,
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequest>;

export const AdminProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(AdminRole),
  /** The brands this admin may act in; empty means every brand. */
  brandIds: z.array(z.string()),
});
export type AdminProfile = z.infer<typeof AdminProfile>;

/** A new admin session: the token goes in the console's httpOnly cookie, never to page scripts. */
export const AdminSession = z.object({
  token: z.string(),
  expiresAt: z.string(),
  idleMinutes: z.number().int(),
  admin: AdminProfile,
});
export type AdminSession = z.infer<typeof AdminSession>;

export const AdminAccount = AdminProfile.extend({
  status: z.enum(['ACTIVE', 'DISABLED']),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAccount = z.infer<typeof AdminAccount>;

export const AdminAccountInput = z.object({
  email: AdminEmail,
  name: z.string().trim().min(1).max(100),
  roles: z.array(AdminRole).min(1).max(4),
  brandIds: z.array(z.string().max(40)).max(20).default([]),
});
export type AdminAccountInput = z.infer<typeof AdminAccountInput>;

/** A new admin's first password and TOTP secret, shown once to the OWNER who created it. */
export const AdminCredentials = z.object({
  account: AdminAccount,
  password: z.string(),
  totpSecret: z.string(),
  /** otpauth:// URI for authenticator apps. */
  totpUri: z.string(),
});
export type AdminCredentials = z.infer<typeof AdminCredentials>;

export const AdminAccountStatusRequest = z.object({ status: z.enum(['ACTIVE', 'DISABLED']) });

// ——— audit log ———

export const ADMIN_AUDIT_PAGE_SIZE = 20;

/** GET /admin/audit: newest first, searchable by admin, action, member, target and time. */
export const AdminAuditQuery = z.object({
  userId: IdParam.optional(),
  adminId: IdParam.optional(),
  action: z.string().trim().max(60).optional(),
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(60).optional(),
  /** Free text found in the action, the target or the details. */
  q: z.string().trim().max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: PageNumber.default(1),
  size: z.coerce.number().int().min(1).max(100).default(ADMIN_AUDIT_PAGE_SIZE),
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuery>;

/** One admin action: who did what, to which record, its state before and after, when and from where. */
export const AdminAuditEntry = z.object({
  id: z.number().int(),
  /** The console admin who acted; null for an entry written before console accounts existed. */
  adminId: z.number().int().nullable(),
  adminEmail: z.string().nullable(),
  action: z.string(),
  brandId: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetUserId: z.number().int().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;

export const AdminAuditPage = z.object({
  items: z.array(AdminAuditEntry),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type AdminAuditPage = z.infer<typeof AdminAuditPage>;
