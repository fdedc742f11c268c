import { FavoriteState, NoData, Removed } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { readAnswer } from './envelope';
import { SignUpVerified, UserUpdated } from './front-answers';

describe('readAnswer', () => {
  it('answers the data its schema accepts', () => {
    expect(readAnswer({ result: 'SUCCESS', data: { seriesId: 3, isFavorite: true } }, FavoriteState)).toEqual({
      kind: 'data',
      data: { seriesId: 3, isFavorite: true },
    });
  });

  it('reads a refusal as its catalogue code, and a code outside the catalogue as INTERNAL_ERROR', () => {
    expect(readAnswer({ result: 'FAIL', code: 'NOT_LOGIN_USER', message: 'x' }, FavoriteState)).toEqual({
      kind: 'refused',
      code: 'NOT_LOGIN_USER',
      answered: 'NOT_LOGIN_USER',
    });
    expect(readAnswer({ result: 'FAIL', code: 'TEAPOT', message: 'x' }, FavoriteState)).toMatchObject({
      kind: 'refused',
      code: 'INTERNAL_ERROR',
      answered: 'TEAPOT',
    });
  });

  it('calls data outside the contract, and an answer without the envelope, broken', () => {
    expect(readAnswer({ result: 'SUCCESS', data: { seriesId: 'three' } }, FavoriteState)).toMatchObject({
      kind: 'broken',
      problem: 'data outside its contract',
    });
    expect(readAnswer({ error: 'Bad Gateway' }, FavoriteState)).toMatchObject({
      kind: 'broken',
      problem: 'without the response envelope',
    });
  });
});

describe('front proxy answers', () => {
  it('accept what the proxy passes on once it kept the tokens', () => {
    expect(readAnswer({ result: 'SUCCESS', data: { isSignUp: true } }, SignUpVerified).kind).toBe('data');
    expect(readAnswer({ result: 'SUCCESS', data: {} }, UserUpdated).kind).toBe('data');
    expect(readAnswer({ result: 'SUCCESS', data: null }, NoData).kind).toBe('data');
    expect(readAnswer({ result: 'SUCCESS', data: { removed: true } }, Removed).kind).toBe('data');
  });

  it('never hand a token on to the browser code', () => {
    const answer = readAnswer(
      { result: 'SUCCESS', data: { isSignUp: false, accessToken: { token: 'a', expiredAt: 'x' } } },
      SignUpVerified,
    );
    expect(answer).toEqual({ kind: 'data', data: { isSignUp: false } });
  });
});
