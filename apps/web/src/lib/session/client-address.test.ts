import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

const SECRET = 'a-relay-secret-of-at-least-32-characters!';

async function load() {
  vi.resetModules();
  return import('./client-address');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the reader address relayed to the api', () => {
  it('signs an address as base64url HMAC-SHA256 without padding', async () => {
    const { signClientIp } = await load();
    const expected = createHmac('sha256', Buffer.from(SECRET, 'utf8'))
      .update('203.0.113.7')
      .digest('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(signClientIp(SECRET, '203.0.113.7')).toBe(expected);
    expect(signClientIp(SECRET, '203.0.113.7')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signClientIp(SECRET, '203.0.113.8')).not.toBe(expected);
  });

  it('a known key and address give a known signature', async () => {
    const { signClientIp } = await load();
    // Computed with openssl: printf %s IP | openssl dgst -sha256 -hmac KEY -binary | base64, made url-safe.
    const key = '0123456789abcdef0123456789abcdef';
    expect(signClientIp(key, '203.0.113.7')).toBe('VafJujnHYulz_88pQ2HHj3xagw5ENB0WhuPA_NHxkeM');
    expect(signClientIp(key, '2001:db8::1')).toBe('8j5HBVVrr9YkW0HJ_X4TY0-qucDj9tvlGceGNGz34h0');
  });

  it('reads only the address the web server stamped, never X-Forwarded-For', async () => {
    vi.stubEnv('BALCONY_WEB_SERVER', '1');
    vi.stubEnv('WEB_RELAY_SECRET', SECRET);
    const { relayedClientOf, clientIpOf, signClientIp } = await load();
    const spoofed = new Headers({ 'x-forwarded-for': '198.51.100.1', 'x-real-ip': '198.51.100.2' });
    expect(clientIpOf(spoofed)).toBeUndefined();
    expect(relayedClientOf(spoofed)).toBeUndefined();

    const stamped = new Headers({ 'x-forwarded-for': '198.51.100.1', 'x-balcony-client-ip': '203.0.113.7' });
    expect(relayedClientOf(stamped)).toEqual({ ip: '203.0.113.7', signature: signClientIp(SECRET, '203.0.113.7') });
  });

  it('relays the country the web server stamped, signed together with the address', async () => {
    vi.stubEnv('BALCONY_WEB_SERVER', '1');
    vi.stubEnv('WEB_RELAY_SECRET', SECRET);
    const { relayedClientOf, signClientCountry } = await load();
    const stamped = new Headers({ 'x-balcony-client-ip': '203.0.113.7', 'x-balcony-client-country': 'KR' });
    expect(relayedClientOf(stamped)?.country).toEqual({
      code: 'KR',
      signature: signClientCountry(SECRET, '203.0.113.7', 'KR'),
    });
    expect(signClientCountry(SECRET, '203.0.113.7', 'KR')).not.toBe(signClientCountry(SECRET, '203.0.113.8', 'KR'));
    // A browser's own cf-ipcountry is not what the server stamped: no country.
    const claimed = new Headers({ 'x-balcony-client-ip': '203.0.113.7', 'cf-ipcountry': 'KR' });
    expect(relayedClientOf(claimed)?.country).toBeUndefined();
  });

  it('is secure only when the web server stamped https', async () => {
    vi.stubEnv('BALCONY_WEB_SERVER', '1');
    const { isSecure } = await load();
    expect(isSecure(new Headers({ 'x-forwarded-proto': 'https' }))).toBe(false);
    expect(isSecure(new Headers({ 'x-balcony-proto': 'http', 'x-forwarded-proto': 'https' }))).toBe(false);
    expect(isSecure(new Headers({ 'x-balcony-proto': 'https' }))).toBe(true);
  });

  it('reads nothing stamped when not behind the web server (next dev, a bare next start)', async () => {
    vi.stubEnv('BALCONY_WEB_SERVER', '');
    vi.stubEnv('WEB_RELAY_SECRET', SECRET);
    const { clientIpOf, isSecure, relayedClientOf } = await load();
    const forged = new Headers({ 'x-balcony-client-ip': '198.51.100.1', 'x-balcony-proto': 'https' });
    expect(clientIpOf(forged)).toBeUndefined();
    expect(relayedClientOf(forged)).toBeUndefined();
    expect(isSecure(forged)).toBe(false);
  });

  it('refuses a WEB_RELAY_SECRET shorter than 32 characters with a clear error', async () => {
    vi.stubEnv('BALCONY_WEB_SERVER', '1');
    vi.stubEnv('WEB_RELAY_SECRET', 'short');
    const { relayedClientOf } = await load();
    expect(() => relayedClientOf(new Headers({ 'x-balcony-client-ip': '203.0.113.7' }))).toThrow(
      /WEB_RELAY_SECRET must hold at least 32 characters/,
    );
  });
});
