import { createHmac, timingSafeEqual } from 'node:crypto';
import { IDENTITY_ENCODE_FIELD } from '@balcony/contracts';

// The Korean mobile-carrier identity service (spec §6, §7 GET /nice/encode, §2
// /callback/auth-mobilians; decision 0270) behind one interface. The web posts a request, signed
// for one attempt, in a popup to the provider's page; the provider sends the reader back to the
// callback page with a result it signed, naming that attempt. Only the provider's signature makes
// a result genuine; the api then checks the attempt (member, expiry, once).

/** What the web posts in the popup: the provider's page, the method and the form fields. */
export interface IdentityRequest {
  actionUrl: string;
  method: 'GET' | 'POST';
  fields: Record<string, string>;
}

/** A result the provider signed: the attempt it answers and what it found. */
export type IdentityResult =
  | { requestNo: string; outcome: 'VERIFIED'; birthedAt: string }
  | { requestNo: string; outcome: 'CANCELLED' };

export interface IdentityProvider {
  /** Stored with each attempt: a result is read only by the provider that was asked. */
  readonly name: string;
  /** The popup form for one attempt, whose result returns to `returnUrl`. */
  request(attempt: { requestNo: string; returnUrl: string; expiresAt: Date }): IdentityRequest;
  /** The result in `encodeData` when the provider signed it; null when forged or altered. */
  readResult(encodeData: string): IdentityResult | null;
}

/** The request as the sandbox page reads it back (decision 0270). */
export interface SandboxRequest {
  requestNo: string;
  returnUrl: string;
  expiresAt: Date;
}

/** The sandbox provider: a real page (the web's /callback/auth-mobilians/sandbox) lets a tester answer. */
export interface SandboxIdentityProvider extends IdentityProvider {
  readonly name: 'sandbox';
  /** A request this provider signed and that has not expired at `now`; null otherwise. */
  readRequest(encodeData: string, now: Date): SandboxRequest | null;
  /** The signed result the tester chose for a request. */
  answer(
    request: SandboxRequest,
    choice: { outcome: 'VERIFIED'; birthedAt: string } | { outcome: 'CANCELLED' },
  ): string;
}

export function isSandbox(provider: IdentityProvider | null): provider is SandboxIdentityProvider {
  return provider?.name === 'sandbox' && 'answer' in provider && 'readRequest' in provider;
}

/** The sandbox provider's page on the web (it answers through POST /nice/sandbox/result). */
export const SANDBOX_PAGE_PATH = '/callback/auth-mobilians/sandbox';

type Purpose = 'request' | 'result';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** `payload.signature`, both base64url; the purpose is signed too, so a request never reads as a result. */
function seal(key: Uint8Array, purpose: Purpose, payload: object): string {
  const body = b64(JSON.stringify(payload));
  const mac = createHmac('sha256', key).update(`${purpose}.${body}`).digest('base64url');
  return `${body}.${mac}`;
}

function open(key: Uint8Array, purpose: Purpose, sealed: string): Record<string, unknown> | null {
  const [body, mac, extra] = sealed.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = createHmac('sha256', key).update(`${purpose}.${body}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/**
 * The sandbox provider (the default until a contract with a carrier identity service exists). Its
 * key is derived from the auth secret, so only the api signs; its page is the web's
 * (SANDBOX_PAGE_PATH), on the origin the reader comes back to.
 */
export function createSandboxIdentityProvider(secret: Uint8Array): SandboxIdentityProvider {
  const key = createHmac('sha256', secret).update('identity-sandbox-provider').digest();
  return {
    name: 'sandbox',
    request(attempt) {
      const encodeData = seal(key, 'request', {
        requestNo: attempt.requestNo,
        returnUrl: attempt.returnUrl,
        expiresAt: attempt.expiresAt.toISOString(),
      });
      const actionUrl = new URL(SANDBOX_PAGE_PATH, new URL(attempt.returnUrl).origin).href;
      return { actionUrl, method: 'GET', fields: { [IDENTITY_ENCODE_FIELD]: encodeData } };
    },
    readRequest(encodeData, now) {
      const v = open(key, 'request', encodeData);
      if (!v || !isText(v.requestNo, 64) || !isText(v.returnUrl, 2048) || !isText(v.expiresAt, 40)) return null;
      const expiresAt = new Date(v.expiresAt);
      if (Number.isNaN(expiresAt.getTime()) || expiresAt <= now) return null;
      return { requestNo: v.requestNo, returnUrl: v.returnUrl, expiresAt };
    },
    answer(request, choice) {
      return seal(key, 'result', { requestNo: request.requestNo, ...choice });
    },
    readResult(encodeData) {
      const v = open(key, 'result', encodeData);
      if (!v || !isText(v.requestNo, 64)) return null;
      if (v.outcome === 'CANCELLED') return { requestNo: v.requestNo, outcome: 'CANCELLED' };
      if (v.outcome === 'VERIFIED' && isText(v.birthedAt, 10)) {
        return { requestNo: v.requestNo, outcome: 'VERIFIED', birthedAt: v.birthedAt };
      }
      return null;
    },
  };
}
