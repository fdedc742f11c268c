import { z } from 'zod';

// Request and response schemas of the accounts API (spec §3 User/Token, §7 calls).

export const TokenWithExpiry = z.object({ token: z.string(), expiredAt: z.string() });

export const TokenPair = z.object({
  accessToken: TokenWithExpiry,
  refreshToken: TokenWithExpiry,
});
export type TokenPair = z.infer<typeof TokenPair>;

/** Login and sign-up verification answer the pair plus whether the account is new (is-sign-up flag). */
export const AuthResponse = TokenPair.extend({ isSignUp: z.boolean() });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const RefreshRequest = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  clientIp: z.string().max(64).optional(),
});
export const RefreshResponse = TokenPair.extend({ email: z.string().nullable(), ipAddress: z.string().nullable() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const LogoutRequest = z.object({ refreshToken: z.string().min(1) });

export const AgreePush = z.object({
  isAgreePush: z.boolean(),
  isAgreePushContents: z.boolean(),
  isAgreePushFreetime: z.boolean(),
  isAgreePushNight: z.boolean(),
});

/** The User of spec §3, as the api shows it to its owner (never a hash or a token). */
export const User = z.object({
  id: z.number().int(),
  snsProvider: z.string().nullable(),
  snsId: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  isAdult: z.boolean(),
  purchaseCount: z.number().int(),
  isAgreeMail: z.boolean(),
  showAdult: z.boolean(),
  isKrIpUser: z.boolean(),
  isAdultKr: z.boolean(),
  /** The device switch of the push settings (spec §3): off, no push at all. */
  isAppPush: z.boolean(),
  agreePush: AgreePush,
  birthedAt: z.string().nullable(),
  isBlToggle: z.boolean(),
});
export type User = z.infer<typeof User>;

export const SignUpStarted = z.object({ userId: z.number().int(), email: z.string() });
export const SignUpVerifyRequest = z.object({ userId: z.number().int().positive(), code: z.string().regex(/^\d{6}$/) });
export const MailAuthRequest = z.object({ userId: z.number().int().positive() });

/** Balances per coin type; the wallet arrives with the coin ledger, until then all zero. */
export const CoinBalance = z.object({
  coin: z.number().int(),
  freeCoin: z.number().int(),
  bonus: z.number().int(),
  mileage: z.number().int(),
  total: z.number().int(),
});
export type CoinBalance = z.infer<typeof CoinBalance>;

export const PasswordResetMailRequest = z.object({ email: z.string().min(1).max(254) });
export const PasswordResetRequest = z.object({
  userId: z.number().int().positive(),
  uuid: z.string().min(1).max(128),
  newPassword: z.string().max(100),
});
