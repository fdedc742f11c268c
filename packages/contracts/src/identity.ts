import { z } from 'zod';
import { BirthDate } from './account.js';
import { TokenWithExpiry } from './auth.js';
import { text } from './inputs.js';

// Identity (issue 16 item 5): the Korean mobile-carrier check (spec §6, §7 GET /nice/encode, §2
// /callback/auth-mobilians; decisions 0270, 0271) and the iOS guest's move to a web account on
// the Japanese brand (spec §7 POST /auth/sign-in/jp/apple/migrate; decisions 0272, 0273).

/** How long an identity attempt may be answered (the provider's popup, then the callback). */
export const IDENTITY_ATTEMPT_TTL_MS = 10 * 60_000;

/** The field of the provider's page that carries the signed request or result (NICE's name). */
export const IDENTITY_ENCODE_FIELD = 'EncodeData';

/** GET /nice/encode: the web origin the reader is on (`location.origin`), for the way back; else the first. */
export const NiceEncodeQuery = z.object({ webOrigin: text(200).optional() });
export type NiceEncodeQuery = z.infer<typeof NiceEncodeQuery>;

/** GET /nice/encode: the form the web posts in a popup to the provider's page, for one attempt. */
export const NiceEncodeResponse = z.object({
  /** The attempt's request number, which the provider's result must name. */
  requestNo: z.string(),
  actionUrl: z.string(),
  method: z.enum(['GET', 'POST']),
  /** Hidden fields of the form (the signed request in `EncodeData`). */
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type NiceEncodeResponse = z.infer<typeof NiceEncodeResponse>;

/** What the tester picks on the sandbox provider's page. */
export const SandboxIdentityOutcome = z.enum(['VERIFIED', 'CANCELLED']);
export type SandboxIdentityOutcome = z.infer<typeof SandboxIdentityOutcome>;

/** POST /nice/sandbox/result: the sandbox provider signs the tester's choice for a request it issued. */
export const SandboxIdentityAnswerRequest = z.discriminatedUnion('outcome', [
  z.object({ encodeData: text(4096).min(1), outcome: z.literal('VERIFIED'), birthedAt: BirthDate }),
  z.object({ encodeData: text(4096).min(1), outcome: z.literal('CANCELLED') }),
]);
export type SandboxIdentityAnswerRequest = z.infer<typeof SandboxIdentityAnswerRequest>;

/** Where the sandbox sends the reader back, with the signed result in `EncodeData`. */
export const SandboxIdentityAnswer = z.object({ returnUrl: z.string(), encodeData: z.string() });
export type SandboxIdentityAnswer = z.infer<typeof SandboxIdentityAnswer>;

/** The iOS guest's own key, made by the app and kept in its keychain (decision 0272). */
export const AppleGuestKey = z.object({ appKey: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/) });
export type AppleGuestKey = z.infer<typeof AppleGuestKey>;

/** POST /auth/sign-in/jp/apple/guest: the iOS app signs its guest in (or up) with its key. */
export const AppleGuestSignInRequest = AppleGuestKey;
export type AppleGuestSignInRequest = AppleGuestKey;

/** The web account's credentials: an e-mail account's address and password (decision 0272). */
export const AppleWebKey = z.object({ email: text(254).trim(), password: text(100) });

/** POST /auth/sign-in/jp/apple/migrate (spec §7). */
export const AppleMigrateRequest = z.object({ appKeyRequest: AppleGuestKey, webKeyRequest: AppleWebKey });
export type AppleMigrateRequest = z.infer<typeof AppleMigrateRequest>;

/**
 * The web account's new session. `isSignUp`: there was no web account, the guest became it;
 * `isMigrate`: the guest's coins, episodes, library and favourites moved into an existing one.
 */
export const AppleMigrateResponse = z.object({
  accessToken: TokenWithExpiry,
  refreshToken: TokenWithExpiry,
  isSignUp: z.boolean(),
  userId: z.number().int(),
  isMigrate: z.boolean(),
});
export type AppleMigrateResponse = z.infer<typeof AppleMigrateResponse>;
