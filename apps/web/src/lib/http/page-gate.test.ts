import { describe, expect, it } from 'vitest';
import { createPageGates, gateRedirect, transferModeOf } from '../../../page-gate.mjs';

// Maintenance and transfer mode (spec §2): which pages render, where the others go, and how the
// maintenance state is asked of the api (page-gate.mjs).

const OPEN = { maintenance: false, transferMode: false, externalUrl: null };
const TRANSFER = { ...OPEN, transferMode: true };

describe('gateRedirect', () => {
  it('renders every page when no gate holds the brand', () => {
    for (const path of ['/', '/detail/3', '/shop', '/prepare']) expect(gateRedirect(path, OPEN)).toBeNull();
  });

  it('sends every page but /prepare to /prepare under maintenance, whatever transfer mode says', () => {
    for (const gates of [
      { ...OPEN, maintenance: true },
      { ...TRANSFER, maintenance: true },
    ]) {
      for (const path of ['/', '/my', '/transfer/note', '/user/login', '/viewer/9']) {
        expect(gateRedirect(path, gates)).toBe('/prepare');
      }
      expect(gateRedirect('/prepare', gates)).toBeNull();
    }
  });

  it('in transfer mode renders only login, password reset, error, callbacks and transfer pages', () => {
    const open = [
      '/transfer/note',
      '/transfer/apply/login',
      '/transfer/apply/confirm',
      '/transfer/apply/wrong',
      '/transfer/apply/status/',
      '/user/login',
      '/mail/resetPassword',
      '/user/changePassword',
      '/error',
      '/404',
      '/callback/login-success',
      '/callback/login-error',
    ];
    for (const path of open) expect(gateRedirect(path, TRANSFER), path).toBeNull();
    for (const path of [
      '/',
      '/home/free',
      '/detail/1',
      '/viewer/2',
      '/shop',
      '/my',
      '/user/signup',
      '/transferx',
      '/callback/a/b',
    ]) {
      expect(gateRedirect(path, TRANSFER), path).toBe('/transfer/note');
    }
    expect(gateRedirect('/shop', { ...TRANSFER, externalUrl: 'https://partner.example/de' })).toBe(
      'https://partner.example/de',
    );
  });
});

describe('transferModeOf', () => {
  it('reads the brands and their external sites, and refuses a malformed site', () => {
    const mode = transferModeOf({
      TRANSFER_MODE_BRANDS: 'delitoon-fr, delitoon-de',
      TRANSFER_MODE_EXTERNAL_URLS: 'delitoon-de=https://partner.example/de?x=1',
    });
    expect([...mode.brands]).toEqual(['delitoon-fr', 'delitoon-de']);
    expect(mode.externalUrls.get('delitoon-de')).toBe('https://partner.example/de?x=1');
    expect(() => transferModeOf({ TRANSFER_MODE_EXTERNAL_URLS: 'delitoon-de=javascript:alert(1)' })).toThrow();
  });
});

describe('createPageGates', () => {
  it('asks the api once per brand within the check interval, and renders when the api is down', async () => {
    const asked: string[] = [];
    const fakeFetch = (async (_url: string, init?: RequestInit) => {
      const brand = new Headers(init?.headers).get('x-balcony-id') ?? '';
      asked.push(brand);
      if (brand === 'bom-th') throw new Error('connection refused');
      return Response.json({
        result: 'SUCCESS',
        data: { active: brand === 'delitoon-me', endsAt: null, scope: brand },
      });
    }) as typeof fetch;
    const gates = createPageGates({ apiUrl: 'http://api', env: {}, checkMs: 60_000, fetch: fakeFetch });
    expect(await gates.redirectFor('delitoon-me', '/shop')).toBe('/prepare');
    expect(await gates.redirectFor('delitoon-me', '/my')).toBe('/prepare');
    expect(await gates.gated('delitoon-me')).toBe(true);
    expect(await gates.redirectFor('delitoonb-fr', '/shop')).toBeNull();
    expect(await gates.redirectFor('bom-th', '/shop')).toBeNull();
    expect(asked).toEqual(['delitoon-me', 'delitoonb-fr', 'bom-th']);
  });
});
