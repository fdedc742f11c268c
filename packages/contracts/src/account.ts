import { z } from 'zod';
import { AuthResponse } from './auth.js';
import { CoinHistoryType } from './enums.js';
import { PhoneNumber, text } from './inputs.js';

// Account management (spec §3 User, §4, §5, §7): profile and adult check (PUT /user), display
// toggles, push settings, withdrawal, Korean identity check, SMS password reset.

export type NicknameValidation = { ok: true; nickname: string } | { ok: false; code: 'INVALID_PARAMETER' };

export const NICKNAME_MIN_LENGTH = 2;
export const NICKNAME_MAX_LENGTH = 20;

// Control and invisible format characters (zero-width space, bidi overrides), line and paragraph
// separators, and any space other than the plain one. The zero-width (non-)joiners stay allowed:
// emoji sequences and some scripts need them.
const NICKNAME_FORBIDDEN = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|(?! )\s/u;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Nickname (docs/decisions/0036-nickname.md): trimmed and NFC-normalised, 2–20 characters as a reader counts
 * them, any script, digits, punctuation and emoji, single plain spaces inside; no control or
 * invisible characters. Answers the normalised nickname to store.
 */
export function validateNickname(input: string): NicknameValidation {
  const nickname = input.normalize('NFC').trim();
  let length = 0;
  for (const _ of segmenter.segment(nickname)) length++;
  const fits = length >= NICKNAME_MIN_LENGTH && length <= NICKNAME_MAX_LENGTH;
  if (!fits || NICKNAME_FORBIDDEN.test(nickname) || nickname.includes('  ')) {
    return { ok: false, code: 'INVALID_PARAMETER' };
  }
  return { ok: true, nickname };
}

/** A calendar date "yyyy-MM-dd"; whether it exists and is plausible is checked by `validateBirthday`. */
export const BirthDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const RefreshToken = text(200).min(1);

/** PUT /user (spec §7): one action per call, each with its own part; every call rotates the refresh token. */
export const UpdateUserRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('ADULT'),
    refreshToken: RefreshToken,
    verifyAdultRequest: z.object({ birthedAt: BirthDate }),
  }),
  z.object({
    action: z.literal('MAIL'),
    refreshToken: RefreshToken,
    agreeMailRequest: z.object({ isAgreeMail: z.boolean() }),
  }),
  z.object({
    action: z.literal('PROFILE'),
    refreshToken: RefreshToken,
    // Bounded here; `validateNickname` applies the rules.
    profileRequest: z.object({ nickname: text(200) }),
  }),
]);
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

/** PUT /user and the adult checks answer a new token pair. */
export const UserAuthResponse = z.object({ authResponse: AuthResponse });
export type UserAuthResponse = z.infer<typeof UserAuthResponse>;

/** `{value}` of PUT /user/adult/toggle/{value} and PUT /user/BL/toggle/{value}. */
export const ToggleParams = z.object({ value: z.enum(['true', 'false']).transform((v) => v === 'true') });

/** PUT /app/push: the switches to change; the others keep their value. */
export const PushSettingsRequest = z
  .object({
    isAppPush: z.boolean(),
    isAgreePush: z.boolean(),
    isAgreePushContents: z.boolean(),
    isAgreePushFreetime: z.boolean(),
    isAgreePushNight: z.boolean(),
  })
  .partial()
  .strict();
export type PushSettingsRequest = z.infer<typeof PushSettingsRequest>;

export const IpKrResponse = z.object({ isKrIp: z.boolean() });
export type IpKrResponse = z.infer<typeof IpKrResponse>;

/**
 * A CDN's country header as an ISO 3166-1 alpha-2 code, upper-cased; anything else (Cloudflare's
 * unknown `XX` and Tor `T1` included) is no country. The web's server and the api read it alike.
 */
export function countryCodeOf(value: string | readonly string[] | undefined): string | undefined {
  const code = (typeof value === 'string' ? value : value?.[0])?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : undefined;
}

/**
 * POST /user/auth/adult/kr: the result of the Korean mobile-carrier identity check, as the
 * verifier's popup hands it over (sandbox: an HMAC-SHA-256 `signature` of "txId|birthedAt").
 */
/**
 * POST /user/auth/adult/kr: the result the carrier identity service signed (`EncodeData` of the
 * callback page /callback/auth-mobilians), for the attempt GET /nice/encode opened (decision 0270).
 */
export const KrAdultAuthRequest = z.object({
  refreshToken: RefreshToken,
  encodeData: text(4096).min(1),
});
export type KrAdultAuthRequest = z.infer<typeof KrAdultAuthRequest>;

export const WITHDRAWAL_REASON_MAX_LENGTH = 500;

/** POST /user/withdrawal: local accounts give their password; `confirm` must be true. */
export const WithdrawalRequest = z.object({
  reason: text(WITHDRAWAL_REASON_MAX_LENGTH).trim().min(1),
  password: text(100).optional(),
  confirm: z.literal(true),
});
export type WithdrawalRequest = z.infer<typeof WithdrawalRequest>;

/** One use of coins (history type USE and its reversals), for GET /coin/user/used. */
export const CoinUseEntry = z.object({
  id: z.number().int(),
  type: CoinHistoryType,
  title: z.string(),
  /** Coins of every type spent (positive) or given back (negative). */
  amount: z.number().int(),
  createdAt: z.string(),
});
export const CoinUsedResponse = z.object({ total: z.number().int(), items: z.array(CoinUseEntry) });
export type CoinUsedResponse = z.infer<typeof CoinUsedResponse>;

/** POST /auth/local/reset/sms: a 6-digit code is texted to the number of a local account. */
export const SmsResetRequest = z.object({ phone: PhoneNumber });
/** When the texted code stops working (the screen's timer). */
export const SmsCodeSent = z.object({ expiredAt: z.string() });
export const SmsResetVerifyRequest = z.object({ phone: PhoneNumber, code: z.string().regex(/^\d{6}$/) });
/** Usable once with POST /auth/local/reset/password. */
export const SmsResetVerified = z.object({ userId: z.number().int(), uuid: z.string() });
