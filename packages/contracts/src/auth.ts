import { z } from 'zod';
import { Id, PhoneNumber, text } from './inputs.js';

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
  accessToken: text(4096).min(1),
  refreshToken: text(200).min(1),
  clientIp: text(64).optional(),
});
export const RefreshResponse = TokenPair.extend({ email: z.string().nullable(), ipAddress: z.string().nullable() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const LogoutRequest = z.object({ refreshToken: text(200).min(1) });

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

/**
 * `signUpId` names this sign-up attempt: the mailed code opens the account only together with the
 * attempt that sent it, with the password that attempt chose (docs/decisions/0053-sign-up-attempts-kept-apart.md).
 */
export const SignUpStarted = z.object({ userId: z.number().int(), email: z.string(), signUpId: z.number().int() });
export type SignUpStarted = z.infer<typeof SignUpStarted>;
export const SignUpVerifyRequest = z.object({
  userId: Id,
  signUpId: Id,
  code: z.string().regex(/^\d{6}$/),
});
/** Sends a new code for the attempt `signUpId` (the newest attempt of the account when absent). */
export const MailAuthRequest = z.object({
  userId: Id,
  signUpId: Id.optional(),
});

export const PasswordResetMailRequest = z.object({ email: text(254).min(1) });
export const PasswordResetRequest = z.object({
  userId: Id,
  uuid: text(128).min(1),
  newPassword: text(100),
});

// The api's bodies of sign-up, login and password change only bound the sizes and characters: the
// service applies the spec §5 rules so that each failure answers its own catalogue code
// (INVALID_MAIL_FORM, INVALID_PW_REGEX, …). The web's forms use the stricter `SignUpRequest`.
export const SignUpBody = z.object({
  email: text(254),
  password: text(100),
  passwordConfirm: text(100),
  agreeTerms: z.literal(true),
  agreeMail: z.boolean().optional(),
  /** Lets the account reset its password by SMS (spec §5). */
  phone: PhoneNumber.optional(),
});
export type SignUpBody = z.infer<typeof SignUpBody>;
export const LoginBody = z.object({ email: text(254), password: text(100) });
export type LoginBody = z.infer<typeof LoginBody>;
export const ChangePasswordBody = z.object({ oldPassword: text(100), newPassword: text(100) });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
