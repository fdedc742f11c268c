import { AuthClientError, ERROR_CATALOGUE } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { followUpOf, isNotice, MESSAGE_CODES, messageCode, needsLogin } from './error-codes';

describe('error codes', () => {
  it('lists each code once', () => {
    expect(new Set(MESSAGE_CODES).size).toBe(MESSAGE_CODES.length);
  });

  it('explains the codes it knows and reads any other value as the fallback', () => {
    expect(messageCode('INCORRECT_PASSWORD')).toBe('INCORRECT_PASSWORD');
    expect(messageCode('CLIENT_FETCH_ERROR')).toBe('CLIENT_FETCH_ERROR');
    expect(messageCode('NOT_FOUND_THEME')).toBe('INTERNAL_ERROR');
    expect(messageCode('<script>', 'UnknownError')).toBe('UnknownError');
    expect(messageCode('', 'UnknownError')).toBe('UnknownError');
    expect(messageCode(null)).toBe('INTERNAL_ERROR');
    expect(messageCode(undefined, 'UnknownError')).toBe('UnknownError');
  });

  it('covers the auth client errors of spec §8 the callback screens name', () => {
    for (const code of ['Callback', 'OAuthCallbackError', 'AccountNotLinkedError', 'MissingCSRF', 'UnknownError'])
      expect(messageCode(code, 'INTERNAL_ERROR')).toBe(code);
    for (const code of AuthClientError.options)
      expect(['UnknownError', code]).toContain(messageCode(code, 'UnknownError'));
  });

  it('offers the follow-up of the spec §8 catalogue, and the web’s own for its codes', () => {
    for (const [code, spec] of Object.entries(ERROR_CATALOGUE)) expect(followUpOf(code), code).toBe(spec.action);
    expect(followUpOf('CLIENT_FETCH_ERROR')).toBe('reload');
    expect(followUpOf('PASSWORD_MISMATCH')).toBe('none');
    expect(followUpOf('SessionRequired')).toBe('login');
    expect(followUpOf('NOT_A_CODE')).toBe(ERROR_CATALOGUE.INTERNAL_ERROR.action);
  });

  it('sends the reader to log in when the session is gone, and only then', () => {
    for (const code of ['NOT_LOGIN_USER', 'MALFORMED_JWT', 'EXPIRED_REFRESH_TOKEN', 'NOT_FOUND_ACCESS_TOKEN'])
      expect(needsLogin(code), code).toBe(true);
    for (const code of ['INTERNAL_ERROR', 'CLIENT_FETCH_ERROR', 'TOO_MANY_REQUESTS', 'NOT_EXIST'])
      expect(needsLogin(code), code).toBe(false);
  });

  it('treats a login prompt as a notice and failures as alerts', () => {
    expect(isNotice('SessionRequired')).toBe(true);
    expect(isNotice('NOT_LOGIN_USER')).toBe(true);
    expect(isNotice('EXCEED_AUTH_COUNT')).toBe(false);
  });
});
