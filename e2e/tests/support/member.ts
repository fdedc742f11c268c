import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

// Members for browser journeys, made over HTTP (CONVENTIONS: journeys log in over HTTP, not
// through the login form): sign-up and verification straight against the api, the code read from
// the mail outbox of the embedded mode; login through the web's auth base, so the browser context
// holds a real session cookie.

/** The api started by playwright.config.ts (API_PORT 4100). */
export const API_URL = 'http://127.0.0.1:4100/api/v1';
export const BRAND_ID = 'delitoonb-fr';
export const API_HEADERS = {
  'x-balcony-id': BRAND_ID,
  'x-balcony-timeZone': 'Europe/Paris',
  'x-platform': 'WEB',
} as const;

export interface Member {
  userId: number;
  email: string;
  password: string;
  phone: string | null;
  accessToken: string;
}

/** A failed api call, with the catalogue code it answered. */
export class ApiCallError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(`api answered ${status} ${code}`);
  }
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { body?: unknown; token?: string; brandId?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...API_HEADERS };
  if (options.brandId) headers['x-balcony-id'] = options.brandId;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const envelope = (await response.json()) as { result: string; data?: T; code?: string };
  if (envelope.result !== 'SUCCESS') throw new ApiCallError(envelope.code ?? 'UNKNOWN', response.status);
  return envelope.data as T;
}

function dataDir(): string {
  const dir = process.env.BALCONY_E2E_DATA_DIR;
  if (!dir) throw new Error('BALCONY_E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return dir;
}

/** An address no other test uses. */
export function uniqueEmail(tag = 'member'): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/** A French mobile number (+33 6 …) no other test uses. */
export function uniquePhone(): string {
  return `+336${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text of a one-part .eml, its transfer encoding undone. */
export function mailText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/**
 * Waits for the newest message to `to` written after `since` (epoch ms) in an outbox folder
 * (file names start with the write time and end with the sanitised address), and answers its text.
 */
async function waitForOutbox(folder: string, suffix: string, since: number, read: (raw: string) => string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = await readdir(folder).catch(() => [] as string[]);
    const mine = files
      .filter((file) => file.endsWith(suffix) && Number(file.split('-')[0]) >= since)
      .sort((a, b) => Number(b.split('-')[0]) - Number(a.split('-')[0]));
    const newest = mine[0];
    if (newest) return read(await readFile(join(folder, newest), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no message for ${suffix} in ${folder} after ${new Date(since).toISOString()}`);
}

/** The text of the newest mail to `email` written after `since`. */
export function waitForMail(email: string, since: number): Promise<string> {
  return waitForOutbox(join(dataDir(), 'outbox'), `-${email.replace(/[^a-z0-9@._-]/gi, '_')}.eml`, since, mailText);
}

/** The text of the newest SMS to `phone` written after `since`. */
export function waitForSms(phone: string, since: number): Promise<string> {
  return waitForOutbox(join(dataDir(), 'sms-outbox'), `-${phone.replace(/[^0-9+]/g, '_')}.txt`, since, (raw) =>
    raw.replace(/^To:.*\r?\n\r?\n/, ''),
  );
}

/** The first 6-digit code of a message. */
export function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${text}`);
  return code;
}

/**
 * The free coins every member made by confirming a sign-up e-mail starts with (the sign-up mail
 * reward of spec §8, docs/decisions/0164-sign-up-mail-reward.md).
 */
export const SIGN_UP_REWARD = 10;

/** Signs a member up and verifies the mailed code, all through the api. */
export async function createMember(
  options: {
    tag?: string;
    password?: string;
    phone?: string /** Another brand than the default. */;
    brandId?: string;
  } = {},
): Promise<Member> {
  const email = uniqueEmail(options.tag);
  const password = options.password ?? `Webtoon-${randomBytes(3).toString('hex')}1`;
  const since = Date.now() - 1;
  const started = await api<{ userId: number; signUpId: number }>('POST', '/auth/local/signup', {
    brandId: options.brandId,
    body: {
      email,
      password,
      passwordConfirm: password,
      agreeTerms: true,
      ...(options.phone ? { phone: options.phone } : {}),
    },
  });
  const code = codeIn(await waitForMail(email, since));
  const tokens = await api<{ accessToken: { token: string } }>('POST', '/auth/local/signup/verify', {
    brandId: options.brandId,
    body: { userId: started.userId, signUpId: started.signUpId, code },
  });
  return {
    userId: started.userId,
    email,
    password,
    phone: options.phone ?? null,
    accessToken: tokens.accessToken.token,
  };
}

/**
 * Logs the page's browser context in through the auth base (spec §7: POST callback/credentials
 * with the CSRF token), so its pages render for the member. Answers the error code, null on success.
 * `origin` names another brand's web (*.localhost): only the browser resolves those, so the calls
 * are made from a page of that origin.
 */
export async function logInWith(page: Page, email: string, password: string, origin?: string): Promise<string | null> {
  if (origin) {
    await page.goto(`${origin}/user/login`);
    return page.evaluate(
      async (fields) => {
        const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
        const form = new URLSearchParams({ ...fields, csrfToken, callbackUrl: '/', json: 'true' });
        const answer = await fetch('/api/auth/callback/credentials', { method: 'POST', body: form });
        const { url } = (await answer.json()) as { url: string };
        return new URL(url, window.location.href).searchParams.get('error');
      },
      { email, password },
    );
  }
  const csrf = await page.request.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await page.request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password, callbackUrl: '/', json: 'true' },
  });
  const { url } = (await response.json()) as { url: string };
  return new URL(url, 'http://web.invalid').searchParams.get('error');
}

export async function logIn(page: Page, member: Pick<Member, 'email' | 'password'>): Promise<void> {
  expect(await logInWith(page, member.email, member.password)).toBeNull();
}

/**
 * The admin-session token of the console OWNER made before the system started
 * (support/prepare-data.mjs), for journeys that send gifts, answer requests or publish notices
 * through the admin API.
 */
export async function adminToken(): Promise<string> {
  const token = process.env.BALCONY_E2E_ADMIN_TOKEN;
  if (!token) throw new Error('run through playwright.config.ts: the e2e admin is not set');
  return token;
}
