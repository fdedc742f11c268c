import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { AuthClientError, ClientLogCode, ERROR_CATALOGUE } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';

// Spec §8 (issue 16 item 5; decision 0274): every code of the error catalogue, every auth client
// result and every client log code is raised somewhere in the api, the web or the pure rules both
// run, outside the catalogue itself. "Raised" means written where a failure is made: thrown as an
// AppError, returned or answered as a code (`fail(...)`, `error: ...`, `code: ...`, a return or a
// ternary branch), or put in a redirect (`error=...`). Naming a code in the web's list of
// translated codes, or comparing with it, does not count. A code that cannot be raised is in
// CANNOT_BE_RAISED with the reason.

const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCES = ['apps/api/src', 'apps/web/src', 'packages/contracts/src'];
/** Where codes are defined or listed for translation, not raised. */
const NOT_RAISING =
  /(\.test\.tsx?$|contracts\/src\/error-catalogue\.ts$|contracts\/src\/errors\.ts$|web\/src\/lib\/errors\/error-codes\.ts$|web\/src\/lib\/auth\/log-codes\.ts$)/;

/**
 * Auth client results of spec §8 that name a misconfiguration of NextAuth's own server, which the
 * spec's client was built on. Our auth base (apps/web/src/app/api/auth, DESIGN §4) is our own
 * code with none of these configurations, so nothing can go wrong in the way they name.
 */
const CANNOT_BE_RAISED: Readonly<Record<string, string>> = {
  MISSING_NEXTAUTH_API_ROUTE_ERROR: 'NextAuth cannot find its API route; ours are plain route handlers of the web',
  NO_SECRET: 'NextAuth started without NEXTAUTH_SECRET; the web makes or reads its own secrets (server-secret.ts)',
  EMAIL_REQUIRES_ADAPTER_ERROR:
    "NextAuth's magic-link e-mail provider without a database adapter; there is no such provider",
  CALLBACK_CREDENTIALS_JWT_ERROR:
    "NextAuth's credentials provider with database sessions; our sessions are sealed cookies",
  CALLBACK_CREDENTIALS_HANDLER_ERROR:
    "NextAuth's credentials provider without an authorize handler; e-mail login always calls the api",
  INVALID_CALLBACK_URL_ERROR:
    'NextAuth refusing a callbackUrl; ours is never refused but replaced by a same-origin path (safeReturnPath, decision 0057)',
};

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !NOT_RAISING.test(relative(ROOT, path))) yield path;
  }
}

const files = SOURCES.flatMap((dir) => [...sourceFiles(join(ROOT, dir))]).map((path) => ({
  path: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A quoted code in a raising position, or a redirect's error parameter (`?error=SessionRequired`). */
function raising(code: string): RegExp {
  const quoted = `['"]${literal(code)}['"]`;
  const position = [
    'AppError\\(\\s*', // thrown by a service
    'fail\\(\\s*(\\d+,\\s*)?', // answered by a handler, or a rule's result
    '(error|code):\\s*', // an outcome or answer naming it
    'return\\s+', // returned as the outcome
    '\\?\\s*', // a ternary's first branch
    ':\\s*', // a ternary's second branch, a default
    '\\w*Error\\(\\s*', // a typed client error (FrontError, ApiError)
    '[Ll]og\\w*\\(\\s*[\'"]\\w+[\'"],\\s*', // logged as the client's code (POST _log)
  ];
  return new RegExp(`(${position.join('|')})${quoted}|error=${literal(code)}\\b`);
}

/** The files that raise `code`. */
function raisedIn(code: string): string[] {
  const pattern = raising(code);
  return files.filter((f) => pattern.test(f.text)).map((f) => f.path);
}

const codes = [...Object.keys(ERROR_CATALOGUE), ...AuthClientError.options, ...ClientLogCode.options];

describe('spec §8: every code is raised where it means something', () => {
  it.each(codes.filter((c) => !(c in CANNOT_BE_RAISED)))('%s is raised', (code) => {
    expect(raisedIn(code), `${code} is never raised in ${SOURCES.join(', ')}`).not.toEqual([]);
  });

  it('lists only codes that exist, and none that is raised after all', () => {
    for (const code of Object.keys(CANNOT_BE_RAISED)) {
      expect(codes, code).toContain(code);
    }
    for (const code of Object.keys(CANNOT_BE_RAISED)) {
      expect(raisedIn(code), `${code} is raised: take it off CANNOT_BE_RAISED`).toEqual([]);
    }
  });

  it('tells a raising line from a mere mention', () => {
    const pattern = raising('SOME_CODE');
    for (const line of [
      "throw new AppError('SOME_CODE');",
      "if (!found) return fail('SOME_CODE');",
      "return { error: 'SOME_CODE' };",
      'redirect(`/login?error=SOME_CODE&callback=/my`);',
      "logAuthEvent('error', 'SOME_CODE', String(error));",
    ]) {
      expect(pattern.test(line), line).toBe(true);
    }
    for (const line of ["const EXPLAINED = ['OTHER', 'SOME_CODE'];", "if (code === 'SOME_CODE') retry();"]) {
      expect(pattern.test(line), line).toBe(false);
    }
  });
});
