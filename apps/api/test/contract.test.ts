import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';

// The API contract of DESIGN §3: required headers, envelope, error mapping, health, OpenAPI.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createSeries(t.database.db, { title: 'Contract Series' });
});
afterAll(() => t.close());

describe('required headers', () => {
  it('rejects a missing brand id with 400 UNKNOWN_BRAND in the FAIL envelope', async () => {
    const res = await t.app.inject({
      url: '/api/v1/contents/home/RANKING',
      headers: { 'x-platform': 'WEB', 'x-balcony-timeZone': 'Europe/Paris' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ result: 'FAIL', code: 'UNKNOWN_BRAND', message: expect.any(String) });
  });

  it('rejects an unknown brand id', async () => {
    const res = await t.app.inject({ url: '/api/v1/contents/home/RANKING', headers: brandHeaders('nope-xx') });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNKNOWN_BRAND');
  });

  it('rejects an unknown platform and an invalid time zone', async () => {
    const platform = await t.app.inject({
      url: '/api/v1/contents/home/RANKING',
      headers: brandHeaders('delitoonb-fr', 'WINDOWS'),
    });
    expect(platform.statusCode).toBe(400);
    expect(platform.json().code).toBe('INVALID_HEADER');
    const zone = await t.app.inject({
      url: '/api/v1/contents/home/RANKING',
      headers: { ...brandHeaders(), 'x-balcony-timeZone': 'Mars/Olympus' },
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().code).toBe('INVALID_HEADER');
  });

  it('accepts every platform of spec §1', async () => {
    for (const platform of ['WEB', 'AND_PLAY', 'AND_PLUS', 'IOS_APP']) {
      const res = await t.app.inject({
        url: '/api/v1/contents/home/RANKING',
        headers: brandHeaders('delitoonb-fr', platform),
      });
      expect(res.statusCode, platform).toBe(200);
    }
  });
});

describe('envelope and errors', () => {
  it('wraps data in the SUCCESS envelope and echoes a request id', async () => {
    const res = await t.app.inject({ url: '/api/v1/contents/home/RANKING', headers: brandHeaders() });
    expect(res.json().result).toBe('SUCCESS');
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers invalid parameters with INVALID_PARAMETER and no internals', async () => {
    const res = await t.app.inject({ url: '/api/v1/contents/home/SOMEDAY', headers: brandHeaders() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ result: 'FAIL', code: 'INVALID_PARAMETER', message: expect.any(String) });
    const id = await t.app.inject({ url: "/api/v1/contents/1'%20or%201=1", headers: brandHeaders() });
    expect(id.statusCode).toBe(400);
    expect(id.body).not.toMatch(/select|stack|at .*\.js/i);
  });

  it('answers an unknown route with NOT_FOUND_ROUTE', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here', headers: brandHeaders() });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND_ROUTE');
  });

  it('sends security headers on every answer, refusals included', async () => {
    const answers = [
      await t.app.inject({ url: '/_/health' }),
      await t.app.inject({ url: '/api/v1/contents/home/RANKING', headers: brandHeaders() }),
      await t.app.inject({ url: '/api/v1/contents/home/RANKING' }),
      await t.app.inject({ url: '/api/v1/nothing-here', headers: brandHeaders() }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 400, 404]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-resource-policy': 'cross-origin',
        'x-request-id': expect.stringMatching(/[0-9a-f-]{36}/),
      });
      // Switches only a document acts on stay off JSON answers (decision 0304).
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['x-xss-protection']).toBeUndefined();
    }
  });

  it('sends the document headers with the OpenAPI UI', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers).toMatchObject({
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
    });
  });

  it('allows CORS from the web origin only', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/contents/home/RANKING',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const denied = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/contents/home/RANKING',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('health and docs', () => {
  it('reports the database state', async () => {
    const res = await t.app.inject({ url: '/_/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'ok' } });
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/contents/home/{tab}', '/api/v1/contents/{id}', '/api/v1/episodes/{id}/viewer']),
    );
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
