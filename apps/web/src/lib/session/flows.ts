import 'server-only';
import {
  AuthResponse,
  type BrandConfig,
  type ErrorCode,
  SocialCallbackResponse,
  SocialProvider,
  SocialProvidersResponse,
  SocialStartResponse,
} from '@balcony/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { z } from 'zod';
import { ApiError, apiCall } from '../api/api-client';
import { apiBaseUrl } from '../api/api-url';
import { relayedClientOf } from './client-address';
import { COOKIES, cookieOptions } from './cookies';
import { answerUrl, passesCsrf, publicOrigin, redirectToPath, secureOf, setFlag } from './http';
import { LOGIN_ERROR_PATH, LOGIN_PATH, safeReturnPath } from './redirects';
import { seal, unseal } from './seal';
import { clearSessionCookie, readSessionCookie, sessionFromTokens, writeSessionCookie } from './server';

// The sign-in, social sign-in and sign-out flows of the auth base (spec §7), on the api's calls.

export function isSocialProvider(value: string): value is SocialProvider {
  return SocialProvider.safeParse(value).success;
}

/** Sealed by us, yet passed through the one gate again when read (cookies sealed by older builds too). */
const ReturnPath = z.string().transform((value) => safeReturnPath(value));

const OAuthState = z.object({
  provider: z.string(),
  state: z.string(),
  codeVerifier: z.string(),
  nonce: z.string().optional(),
  callbackUrl: ReturnPath,
});
const SignupTicket = z.object({
  ticket: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  callbackUrl: ReturnPath,
});
export type PendingSocialUser = Pick<z.infer<typeof SignupTicket>, 'email' | 'name'>;

const call = <T>(
  brand: BrandConfig,
  request: NextRequest,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
) => apiCall({ baseUrl: apiBaseUrl(), brand, method, path, body, schema, client: relayedClientOf(request.headers) });

/** Spec §7 providers: e-mail credentials plus each social provider the api offers on this brand. */
export async function listProviders(brand: BrandConfig, request: NextRequest) {
  const social = await call(brand, request, 'GET', '/auth/social/providers', SocialProvidersResponse).catch(() => ({
    providers: [] as SocialProvider[],
  }));
  const origin = publicOrigin(request);
  const entry = (id: string, type: 'credentials' | 'oauth') => ({
    id,
    name: id,
    type,
    signinUrl: `${origin}/api/auth/signin/${id}`,
    callbackUrl: `${origin}/api/auth/callback/${id}`,
  });
  const offered = social.providers.filter((p) => brand.loginMethods.includes(p));
  return Object.fromEntries([
    ...(brand.loginMethods.includes('email') ? [['credentials', entry('credentials', 'credentials')] as const] : []),
    ...offered.map((p) => [p, entry(p, 'oauth')] as const),
  ]);
}

function loginErrorUrl(code: string, callbackUrl: string): string {
  return `${LOGIN_PATH}?error=${encodeURIComponent(code)}&callback=${encodeURIComponent(callbackUrl)}`;
}

function codeOf(error: unknown): ErrorCode | 'UnknownError' {
  return error instanceof ApiError ? error.code : 'UnknownError';
}

/** E-mail login (POST callback/credentials or signin/credentials). */
export async function passwordSignIn(
  request: NextRequest,
  brand: BrandConfig,
  fields: Record<string, string>,
): Promise<NextResponse> {
  const callbackUrl = safeReturnPath(fields.callbackUrl);
  if (!passesCsrf(request, fields)) return answerUrl(request, loginErrorUrl('MissingCSRF', callbackUrl), fields, 403);
  try {
    const auth = await call(brand, request, 'POST', '/auth/local/login', AuthResponse, {
      email: fields.email ?? '',
      password: fields.password ?? '',
    });
    return await establish(request, brand, auth, callbackUrl, fields);
  } catch (error) {
    return answerUrl(request, loginErrorUrl(codeOf(error), callbackUrl), fields, 401);
  }
}

async function establish(
  request: NextRequest,
  brand: BrandConfig,
  auth: AuthResponse,
  callbackUrl: string,
  fields: Record<string, string>,
): Promise<NextResponse> {
  const secure = secureOf(request);
  const session = await sessionFromTokens(brand, auth, relayedClientOf(request.headers));
  const response = answerUrl(request, callbackUrl, fields);
  await writeSessionCookie(response.cookies, session, secure);
  response.cookies.set(COOKIES.checked.name, '1', cookieOptions('checked', secure));
  if (auth.isSignUp) {
    setFlag(response, 'isSignUp', secure);
    setFlag(response, 'checkSignUp', secure);
  }
  return response;
}

/** GET signin/{provider}: starts the provider's authorization with state, PKCE and nonce kept sealed. */
export async function startSocialSignIn(
  request: NextRequest,
  brand: BrandConfig,
  provider: string,
): Promise<NextResponse> {
  const callbackUrl = safeReturnPath(request.nextUrl.searchParams.get('callbackUrl'));
  const offered = await listProviders(brand, request);
  if (!isSocialProvider(provider) || !(provider in offered)) {
    // Spec §5: an unknown provider sends the reader to sign-in with the return address.
    return redirectToPath(`${LOGIN_PATH}?callback=${encodeURIComponent(callbackUrl)}`);
  }
  try {
    const redirectUri = `${publicOrigin(request)}/api/auth/callback/${provider}`;
    const start = await call(brand, request, 'POST', `/auth/social/${provider}/start`, SocialStartResponse, {
      redirectUri,
    });
    const response = NextResponse.redirect(start.authorizationUrl, 303);
    const sealed = await seal(
      { provider, state: start.state, codeVerifier: start.codeVerifier, nonce: start.nonce, callbackUrl },
      COOKIES.oauth.maxAge,
    );
    response.cookies.set(COOKIES.oauth.name, sealed, cookieOptions('oauth', secureOf(request)));
    return response;
  } catch (error) {
    return redirectTo(request, `${LOGIN_ERROR_PATH}?error=${codeOf(error)}`);
  }
}

function redirectTo(_request: NextRequest, path: string): NextResponse {
  return redirectToPath(path);
}

/** GET callback/{provider}: the provider sent the reader back with a code. */
export async function finishSocialSignIn(
  request: NextRequest,
  brand: BrandConfig,
  provider: string,
): Promise<NextResponse> {
  const secure = secureOf(request);
  const pending = await unseal(request.cookies.get(COOKIES.oauth.name)?.value, OAuthState);
  const params = request.nextUrl.searchParams;
  const code = params.get('code');
  const providerError = params.get('error');
  const done = (response: NextResponse) => {
    response.cookies.set(COOKIES.oauth.name, '', cookieOptions('oauth', secure, 0));
    return response;
  };
  // The reader cancelled at the provider, or came back without our state: spec §8 "Callback".
  if (!pending || pending.provider !== provider || !code)
    return done(redirectTo(request, `${LOGIN_ERROR_PATH}?error=Callback`));
  try {
    const answer = await call(brand, request, 'POST', `/auth/social/${provider}/callback`, SocialCallbackResponse, {
      ...(code ? { code } : { error: providerError }),
      ...(params.get('iss') ? { iss: params.get('iss') } : {}),
      state: params.get('state') ?? '',
      expectedState: pending.state,
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce,
      redirectUri: `${publicOrigin(request)}/api/auth/callback/${provider}`,
    });
    if (answer.status === 'NEW_USER') {
      const response = redirectTo(
        request,
        `/callback/login-newuser?callbackUrl=${encodeURIComponent(pending.callbackUrl)}`,
      );
      const ticket = await seal(
        { ticket: answer.signupTicket, email: answer.email, name: answer.name, callbackUrl: pending.callbackUrl },
        COOKIES.signupTicket.maxAge,
      );
      response.cookies.set(COOKIES.signupTicket.name, ticket, cookieOptions('signupTicket', secure));
      return done(response);
    }
    const success = `/callback/login-success?callbackUrl=${encodeURIComponent(pending.callbackUrl)}`;
    return done(await establish(request, brand, answer.auth, success, {}));
  } catch (error) {
    const errorCode = codeOf(error);
    const shown =
      errorCode === 'ALREADY_USED_EMAIL'
        ? 'AccountNotLinkedError'
        : errorCode === 'UnknownError'
          ? 'OAuthCallbackError'
          : errorCode;
    return done(redirectTo(request, `${LOGIN_ERROR_PATH}?error=${shown}`));
  }
}

/** The pending first social login, for the new-user page. */
export async function pendingSocialUser(value: string | undefined): Promise<PendingSocialUser | null> {
  const ticket = await unseal(value, SignupTicket);
  return ticket ? { email: ticket.email, name: ticket.name } : null;
}

/** POST newuser: the new-user step of a first social login (consent and nickname). */
export async function completeSocialSignUp(
  request: NextRequest,
  brand: BrandConfig,
  fields: Record<string, string>,
): Promise<NextResponse> {
  if (!passesCsrf(request, fields))
    return NextResponse.json({ url: `${LOGIN_ERROR_PATH}?error=MissingCSRF` }, { status: 403 });
  const ticket = await unseal(request.cookies.get(COOKIES.signupTicket.name)?.value, SignupTicket);
  if (!ticket)
    return NextResponse.json(
      { result: 'FAIL', code: 'TIMEOUT', message: 'The sign-up step expired.' },
      { status: 400 },
    );
  try {
    const auth = await call(brand, request, 'POST', '/auth/social/signup', AuthResponse, {
      signupTicket: ticket.ticket,
      agreeTerms: fields.agreeTerms === 'true',
      agreeMail: fields.agreeMail === 'true',
      nickname: fields.nickname ?? '',
    });
    const success = `/callback/login-success?callbackUrl=${encodeURIComponent(ticket.callbackUrl)}`;
    const response = await establish(request, brand, auth, success, { json: 'true' });
    response.cookies.set(COOKIES.signupTicket.name, '', cookieOptions('signupTicket', secureOf(request), 0));
    return response;
  } catch (error) {
    const code = codeOf(error);
    return NextResponse.json(
      { result: 'FAIL', code, message: code },
      { status: error instanceof ApiError ? error.status : 500 },
    );
  }
}

/** Spec §4 logout: call the api's logout with the tokens, log a failure, then sign out here regardless. */
export async function signOut(
  request: NextRequest,
  brand: BrandConfig,
  fields: Record<string, string>,
): Promise<NextResponse> {
  if (!passesCsrf(request, fields)) return NextResponse.json({ url: '/' }, { status: 403 });
  const stored = await readSessionCookie(request.cookies.get(COOKIES.session.name)?.value);
  if (stored) {
    await call(brand, request, 'PUT', '/auth/logout', z.unknown(), { refreshToken: stored.refreshToken }).catch(
      (error: unknown) =>
        console.error(JSON.stringify({ level: 'warn', msg: 'logout call failed', code: codeOf(error) })),
    );
  }
  const response = answerUrl(request, safeReturnPath(fields.callbackUrl, '/callback/logout-success'), fields);
  clearSessionCookie(response.cookies, secureOf(request));
  return response;
}
