import {
  AppError,
  type AuthResponse,
  type BrandConfig,
  type SocialCallbackResponse,
  SocialProvider,
  type SocialStartResponse,
} from '@balcony/contracts';
import * as oidc from 'openid-client';
import type { ServiceContext } from '../../../context.js';
import { allowedRedirect } from '../../../web-origins.js';
import * as gifts from '../../gifts/service.js';
import * as users from '../../users/service.js';
import { startSession } from '../sessions.js';
import type { ProviderProfile, SocialProviderClient } from './providers.js';
import { type SignupIdentity, signSignupTicket, verifySignupTicket } from './ticket.js';

// ——— pure rules ———

/** The configured providers that the brand offers, in the brand's order. */
export function offeredProviders(brand: BrandConfig, configured: Iterable<SocialProvider>): SocialProvider[] {
  const available = new Set(configured);
  return brand.loginMethods.flatMap((m) => {
    const parsed = SocialProvider.safeParse(m);
    return parsed.success && available.has(parsed.data) ? [parsed.data] : [];
  });
}

/** An absolute http(s) URL on one of the web's origins, without credentials, query or fragment; else INVALID_PARAMETER. */
export function checkRedirectUri(redirectUri: string, webOrigins: readonly string[]): URL {
  const url = allowedRedirect(redirectUri, webOrigins);
  if (!url) throw new AppError('INVALID_PARAMETER');
  return url;
}

// ——— flow ———

/** Unknown names, providers without credentials and providers the brand does not offer: NOT_EXIST. */
function providerFor(ctx: ServiceContext, name: string): SocialProviderClient {
  const parsed = SocialProvider.safeParse(name);
  const client = parsed.success ? ctx.services.providers.get(parsed.data) : undefined;
  if (!client || !offeredProviders(ctx.brand, [client.id]).length) throw new AppError('NOT_EXIST');
  return client;
}

export function listProviders(ctx: ServiceContext): { providers: SocialProvider[] } {
  return { providers: offeredProviders(ctx.brand, ctx.services.providers.keys()) };
}

export async function start(
  ctx: ServiceContext,
  name: string,
  input: { redirectUri: string },
): Promise<SocialStartResponse> {
  const provider = providerFor(ctx, name);
  const redirectUri = checkRedirectUri(input.redirectUri, ctx.services.webOrigins).href;
  const state = oidc.randomState();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = provider.usesNonce ? oidc.randomNonce() : undefined;
  const url = await provider.authorizationUrl({
    redirectUri,
    state,
    codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    nonce,
  });
  return { authorizationUrl: url.href, state, codeVerifier, ...(nonce && { nonce }) };
}

/** The account of a provider identity: an existing member, or nobody yet; other cases are refused with their code. */
async function accountOf(ctx: ServiceContext, identity: SignupIdentity): Promise<users.UserRow | null> {
  const user = await users.findBySocialIdentity(ctx, identity.provider, identity.subject);
  if (user) {
    if (user.status === 'WITHDRAWN') throw new AppError('WITHDRAWAL');
    return user;
  }
  // Withdrawal erased the identity; for 30 days it still blocks a new account (spec §9).
  for (const remembered of [users.socialIdentityKey(identity.provider, identity.subject), identity.email]) {
    if (remembered && (await users.recentlyWithdrawn(ctx, remembered))) throw new AppError('DELETED_USER');
  }
  if (identity.email) {
    const holder = await users.findByEmail(ctx, identity.email);
    if (holder?.snsProvider) throw new AppError('ALREADY_USED_ANOTHER_PLATFORM');
    // An e-mail account (verified or not) holds the address; accounts are never linked silently.
    if (holder) throw new AppError('ALREADY_USED_EMAIL');
  }
  return null;
}

export async function callback(
  ctx: ServiceContext,
  name: string,
  input: {
    code?: string | undefined;
    error?: string | undefined;
    iss?: string | undefined;
    state: string;
    expectedState: string;
    codeVerifier: string;
    nonce?: string | undefined;
    redirectUri: string;
  },
): Promise<SocialCallbackResponse> {
  const provider = providerFor(ctx, name);
  const callbackUrl = checkRedirectUri(input.redirectUri, ctx.services.webOrigins);
  for (const key of ['code', 'state', 'iss', 'error'] as const) {
    const value = input[key];
    if (value !== undefined) callbackUrl.searchParams.set(key, value);
  }
  let profile: ProviderProfile;
  try {
    profile = await provider.exchange({
      callbackUrl,
      expectedState: input.expectedState,
      codeVerifier: input.codeVerifier,
      nonce: input.nonce,
    });
  } catch (error) {
    // Cancelled at the provider, state mismatch, code or verifier refused, ID token invalid,
    // provider unreachable: the user starts again; the reason goes to the log only.
    ctx.log.warn({ provider: provider.id, err: error }, 'social login callback failed');
    throw new AppError('Callback', { provider: provider.id });
  }
  const identity: SignupIdentity = { brandId: ctx.brand.id, provider: provider.id, ...profile };
  const user = await accountOf(ctx, identity);
  if (user) return { status: 'LOGGED_IN', auth: await startSession(ctx, user) };
  return {
    status: 'NEW_USER',
    signupTicket: await signSignupTicket(ctx.services.tokens.settings.secret, identity, ctx.now),
    email: identity.email,
    name: identity.name,
  };
}

export async function signUp(
  ctx: ServiceContext,
  input: { signupTicket: string; nickname: string; agreeMail?: boolean | undefined },
): Promise<AuthResponse> {
  const identity = await verifySignupTicket(
    ctx.services.tokens.settings.secret,
    input.signupTicket,
    ctx.brand.id,
    ctx.now,
  );
  // The same ticket used twice, or two tabs: the account exists already, so this is a login.
  const existing = await accountOf(ctx, identity);
  if (existing) return startSession(ctx, existing);
  const created = await users.createUnlessTaken(ctx, {
    status: 'ACTIVE',
    brandId: ctx.brand.id,
    snsProvider: identity.provider,
    snsId: identity.subject,
    email: identity.email,
    name: identity.name,
    nickname: input.nickname,
    isAgreeMail: input.agreeMail ?? false,
    signedUpAt: ctx.now,
  });
  if (created) {
    // The provider vouches for the address: gifts sent to it are this account's now.
    await gifts.attachMailGifts(ctx, created);
    return startSession(ctx, created);
  }
  // A concurrent sign-up won the unique index: log in to its account, or refuse its e-mail.
  const raced = await accountOf(ctx, identity);
  if (raced) return startSession(ctx, raced);
  throw new AppError('ALREADY_USED_EMAIL');
}
