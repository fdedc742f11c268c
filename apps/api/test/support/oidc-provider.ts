import { OAuth2Server } from 'oauth2-mock-server';
import type { SocialConfig } from '../../src/config.js';

// A real OAuth 2.0 / OIDC server on loopback (oauth2-mock-server) standing in for the social
// providers: it is Google's issuer (discovery, signed ID tokens, nonce, PKCE) and serves
// Facebook's and X's endpoints too. A test chooses who signs in at the provider.

export const CLIENTS = {
  google: { clientId: 'google-client', clientSecret: 'google-secret' },
  facebook: { clientId: 'facebook-client', clientSecret: 'facebook-secret' },
  twitter: { clientId: 'twitter-client', clientSecret: 'twitter-secret' },
} as const;
export type Provider = keyof typeof CLIENTS;

/** A person with an account at the provider. */
export interface Identity {
  sub: string;
  email?: string;
  name?: string;
  emailVerified?: boolean;
}

function clientCredentials(req: { headers: Record<string, unknown>; body: Record<string, unknown> }) {
  const header = typeof req.headers.authorization === 'string' ? req.headers.authorization : '';
  if (header.startsWith('Basic ')) {
    const [id = '', secret = ''] = Buffer.from(header.slice(6), 'base64').toString().split(':').map(decodeURIComponent);
    return { id, secret };
  }
  return { id: String(req.body.client_id ?? ''), secret: String(req.body.client_secret ?? '') };
}

export class MockSocialProvider {
  private readonly server = new OAuth2Server();
  /** The person who signs in at the provider on the next authorization request. */
  private signingIn: Identity | undefined;
  private readonly byCode = new Map<string, Identity>();
  private readonly byAccessToken = new Map<string, Identity>();

  /** Starts a provider on a free loopback port. */
  static async start(): Promise<MockSocialProvider> {
    const provider = new MockSocialProvider();
    await provider.server.issuer.keys.generate('RS256');
    await provider.server.start(0, '127.0.0.1');
    provider.listen();
    return provider;
  }

  private constructor() {}

  get issuer() {
    return this.server.issuer;
  }

  /** Makes `who` the person who signs in on the next authorization request. */
  signsInNext(who: Identity): void {
    this.signingIn = who;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private listen(): void {
    const service = this.server.service;
    service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
      const code = url.searchParams.get('code');
      if (code && this.signingIn) this.byCode.set(code, this.signingIn);
    });
    service.on('beforeTokenSigning', (token, req) => {
      const who = this.byCode.get(req.body.code ?? '');
      if (!who) return;
      token.payload.sub = who.sub;
      if (who.email) Object.assign(token.payload, { email: who.email, email_verified: who.emailVerified ?? true });
      if (who.name) token.payload.name = who.name;
    });
    service.on('beforeResponse', (response, req) => {
      // The mock trusts any client; the real providers check the secret, and so does this one.
      const { id, secret } = clientCredentials(req as never);
      const client = Object.values(CLIENTS).find((c) => c.clientId === id);
      if (!client || client.clientSecret !== secret) {
        response.statusCode = 401;
        response.body = { error: 'invalid_client' };
        return;
      }
      if (response.statusCode !== 200 || typeof response.body !== 'object') return;
      const who = this.byCode.get(req.body.code ?? '');
      if (who) this.byAccessToken.set(String(response.body.access_token), who);
      // Facebook and X answer plain OAuth 2.0: no ID token.
      if (id !== CLIENTS.google.clientId) {
        delete response.body.id_token;
        delete response.body.refresh_token;
      }
    });
    service.on('beforeUserinfo', (response, req) => {
      const who = this.byAccessToken.get(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!who) {
        response.statusCode = 401;
        response.body = { error: 'invalid_token' };
        return;
      }
      const url = new URL(req.url ?? '/', 'http://x');
      response.body = url.searchParams.has('user.fields')
        ? { data: { id: who.sub, name: who.name, username: 'reader', confirmed_email: who.email } }
        : { id: who.sub, name: who.name, ...(who.email && { email: who.email }) };
    });
  }
}

/** The api's social configuration for the providers served by the mock at `issuer` (all, or `only`). */
export function socialConfig(issuer: string, only?: Provider[]): SocialConfig {
  const endpoints = {
    authorizationUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    userinfoUrl: `${issuer}/userinfo`,
  };
  const all = {
    google: { ...CLIENTS.google, issuer },
    facebook: { ...CLIENTS.facebook, ...endpoints },
    twitter: { ...CLIENTS.twitter, ...endpoints },
  };
  return only ? Object.fromEntries(only.map((p) => [p, all[p]])) : all;
}
