import { createHmac } from 'node:crypto';
import type { SocialProvider } from '@balcony/contracts';
import * as oidc from 'openid-client';
import type { OAuthClientConfig, OidcClientConfig, SocialConfig } from '../../../config.js';

// The protocol side of social login, on openid-client: Google is OpenID Connect (discovery,
// ID token checked with its keys, nonce); Facebook and Twitter (X) are plain OAuth 2.0 with
// PKCE, whose user is read from their profile APIs. Every call is bounded by a timeout.

/** Who signed in at the provider. `email` only when the provider vouches for it. */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  name: string | null;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  codeChallenge: string;
  nonce: string | undefined;
}

export interface CodeExchange {
  /** The redirect URI with the provider's answer (code, state, iss or error) in its query. */
  callbackUrl: URL;
  expectedState: string;
  codeVerifier: string;
  nonce: string | undefined;
}

export interface SocialProviderClient {
  readonly id: SocialProvider;
  /** OpenID Connect: a nonce is sent and the ID token must carry it. */
  readonly usesNonce: boolean;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Exchanges the code (state and PKCE checked) and reads the user; any failure throws. */
  exchange(exchange: CodeExchange): Promise<ProviderProfile>;
}

export type SocialProviders = ReadonlyMap<SocialProvider, SocialProviderClient>;

const TIMEOUT_SECONDS = 10;

function secureOnly(urls: string[]): boolean {
  return urls.every((u) => new URL(u).protocol === 'https:');
}

/** Config allows http only on loopback (tests, staging against a mock); openid-client must be told. */
function prepare(config: oidc.Configuration, insecure: boolean): oidc.Configuration {
  config.timeout = TIMEOUT_SECONDS;
  if (insecure) oidc.allowInsecureRequests(config);
  return config;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

// ——— Google (OpenID Connect) ———

/** The profile in Google's ID token claims; an e-mail it marks unverified is not taken. */
export function googleProfile(claims: Record<string, unknown>): ProviderProfile {
  const subject = nonEmpty(claims.sub);
  if (!subject) throw new Error('ID token without subject');
  return {
    subject,
    email: claims.email_verified === false ? null : nonEmpty(claims.email),
    name: nonEmpty(claims.name),
  };
}

function googleClient(settings: OidcClientConfig): SocialProviderClient {
  const insecure = !secureOnly([settings.issuer]);
  // Discovered once and kept; a failed discovery is retried by the next request.
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: TIMEOUT_SECONDS,
        ...(insecure && { execute: [oidc.allowInsecureRequests] }),
      })
      .then((config) => prepare(config, insecure))
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };
  return {
    id: 'google',
    usesNonce: true,
    async authorizationUrl(request) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: request.redirectUri,
        scope: 'openid email profile',
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
        ...(request.nonce && { nonce: request.nonce }),
      });
    },
    async exchange(exchange) {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), exchange.callbackUrl, {
        expectedState: exchange.expectedState,
        pkceCodeVerifier: exchange.codeVerifier,
        expectedNonce: exchange.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      return googleProfile(claims);
    },
  };
}

// ——— Facebook and Twitter (OAuth 2.0) ———

/** Facebook's Graph `me` with fields id, name, email (an e-mail Facebook returns is confirmed). */
export function facebookProfile(body: unknown): ProviderProfile {
  const me = (body ?? {}) as Record<string, unknown>;
  const subject = nonEmpty(typeof me.id === 'number' ? String(me.id) : me.id);
  if (!subject) throw new Error('profile without id');
  return { subject, email: nonEmpty(me.email), name: nonEmpty(me.name) };
}

/** X's `users/me` answer `{ data: { id, name, username, confirmed_email? } }`. */
export function twitterProfile(body: unknown): ProviderProfile {
  const data = ((body ?? {}) as { data?: Record<string, unknown> }).data ?? {};
  const subject = nonEmpty(data.id);
  if (!subject) throw new Error('profile without id');
  return { subject, email: nonEmpty(data.confirmed_email), name: nonEmpty(data.name) ?? nonEmpty(data.username) };
}

interface OAuthProviderSpec {
  id: 'facebook' | 'twitter';
  scope: string;
  /** Facebook takes the secret in the form body; X wants HTTP Basic for confidential clients. */
  clientAuth: (secret: string) => oidc.ClientAuth;
  /** The profile request for an access token. */
  profileUrl(userinfoUrl: string, accessToken: string, settings: OAuthClientConfig): URL;
  profile(body: unknown): ProviderProfile;
}

const FACEBOOK: OAuthProviderSpec = {
  id: 'facebook',
  scope: 'public_profile email',
  clientAuth: oidc.ClientSecretPost,
  profileUrl(userinfoUrl, accessToken, settings) {
    const url = new URL(userinfoUrl);
    url.searchParams.set('fields', 'id,name,email');
    // Graph calls prove the app with HMAC-SHA256(token, app secret) ("Require App Secret").
    url.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', settings.clientSecret).update(accessToken).digest('hex'),
    );
    return url;
  },
  profile: facebookProfile,
};

const TWITTER: OAuthProviderSpec = {
  id: 'twitter',
  scope: 'tweet.read users.read users.email',
  clientAuth: oidc.ClientSecretBasic,
  profileUrl(userinfoUrl) {
    const url = new URL(userinfoUrl);
    url.searchParams.set('user.fields', 'confirmed_email');
    return url;
  },
  profile: twitterProfile,
};

function oauthClient(spec: OAuthProviderSpec, settings: OAuthClientConfig): SocialProviderClient {
  const config = prepare(
    new oidc.Configuration(
      {
        // No ID token is asked for, so the issuer is only a label here.
        issuer: new URL(settings.authorizationUrl).origin,
        authorization_endpoint: settings.authorizationUrl,
        token_endpoint: settings.tokenUrl,
      },
      settings.clientId,
      settings.clientSecret,
      spec.clientAuth(settings.clientSecret),
    ),
    !secureOnly([settings.authorizationUrl, settings.tokenUrl, settings.userinfoUrl]),
  );
  return {
    id: spec.id,
    usesNonce: false,
    async authorizationUrl(request) {
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: spec.scope,
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async exchange(exchange) {
      const tokens = await oidc.authorizationCodeGrant(config, exchange.callbackUrl, {
        expectedState: exchange.expectedState,
        pkceCodeVerifier: exchange.codeVerifier,
      });
      const url = spec.profileUrl(settings.userinfoUrl, tokens.access_token, settings);
      const response = await oidc.fetchProtectedResource(config, tokens.access_token, url, 'GET');
      if (!response.ok) throw new Error(`profile request answered ${response.status}`);
      return spec.profile(await response.json());
    },
  };
}

/** The clients of the configured providers; a provider without credentials has none. */
export function createSocialProviders(config: SocialConfig): SocialProviders {
  const clients = new Map<SocialProvider, SocialProviderClient>();
  if (config.google) clients.set('google', googleClient(config.google));
  if (config.facebook) clients.set('facebook', oauthClient(FACEBOOK, config.facebook));
  if (config.twitter) clients.set('twitter', oauthClient(TWITTER, config.twitter));
  return clients;
}
