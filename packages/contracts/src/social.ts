import { z } from 'zod';
import { AuthResponse } from './auth.js';
import { text } from './inputs.js';

// Social login (spec §1: google, facebook, twitter) as the api side of the web's
// backend-for-frontend flow: the web keeps state, PKCE verifier and nonce in its encrypted
// cookie between /start and /callback, and the signup ticket between /callback and /signup.

export const SocialProvider = z.enum(['google', 'facebook', 'twitter']);
export type SocialProvider = z.infer<typeof SocialProvider>;

/** The providers offered to the caller's brand: configured on the server and in the brand's login list. */
export const SocialProvidersResponse = z.object({ providers: z.array(SocialProvider) });
export type SocialProvidersResponse = z.infer<typeof SocialProvidersResponse>;

/** Where the provider sends the browser back: `{web origin}/api/auth/callback/{provider}`. */
const RedirectUri = text(2048).min(1);
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CodeVerifier = z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/);
const Short = text(512).min(1);

/** `{provider}` of the social routes; an unknown name answers NOT_EXIST. */
export const ProviderParams = z.object({ provider: text(32) });

export const SocialStartRequest = z.object({ redirectUri: RedirectUri });
export type SocialStartRequest = z.infer<typeof SocialStartRequest>;

/** The web redirects the browser to `authorizationUrl` and keeps the three secrets for the callback. */
export const SocialStartResponse = z.object({
  authorizationUrl: z.string(),
  state: z.string(),
  codeVerifier: z.string(),
  /** OpenID Connect providers (google) only; absent for plain OAuth 2.0 (facebook, twitter). */
  nonce: z.string().optional(),
});
export type SocialStartResponse = z.infer<typeof SocialStartResponse>;

/**
 * What the provider sent back to the redirect URI (`code`, `state`, and `iss` or `error` when
 * present) plus what the web kept from /start (`expectedState`, `codeVerifier`, `nonce`).
 * Exactly one of `code` and `error` is given.
 */
export const SocialCallbackRequest = z
  .object({
    code: Short.optional(),
    /** The provider's `error` parameter (e.g. access_denied when the user cancelled). */
    error: Short.optional(),
    /** The provider's `iss` parameter (RFC 9207), when it sent one. */
    iss: Short.optional(),
    state: Short,
    expectedState: Short,
    codeVerifier: CodeVerifier,
    nonce: Short.optional(),
    redirectUri: RedirectUri,
  })
  .refine((v) => (v.code === undefined) !== (v.error === undefined), { message: 'INVALID_PARAMETER' });
export type SocialCallbackRequest = z.infer<typeof SocialCallbackRequest>;

export const SocialCallbackResponse = z.discriminatedUnion('status', [
  /** A member of this brand with this provider account: the session is open. */
  z.object({ status: z.literal('LOGGED_IN'), auth: AuthResponse }),
  /** Nobody yet: the web shows the sign-up step (/callback/login-newuser) and posts the ticket to /signup. */
  z.object({
    status: z.literal('NEW_USER'),
    /** Signed, valid 10 minutes; names the brand, provider and provider account. */
    signupTicket: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
  }),
]);
export type SocialCallbackResponse = z.infer<typeof SocialCallbackResponse>;

/** Nickname of the sign-up step: 2 to 20 characters after trimming, no control characters. */
export const SocialNickname = z
  .string()
  .trim()
  .min(2)
  .max(20)
  .regex(/^[^\p{Cc}]+$/u);

export const SocialSignUpRequest = z.object({
  signupTicket: text(4096).min(1),
  agreeTerms: z.literal(true),
  nickname: SocialNickname,
  agreeMail: z.boolean().optional(),
});
export type SocialSignUpRequest = z.infer<typeof SocialSignUpRequest>;
