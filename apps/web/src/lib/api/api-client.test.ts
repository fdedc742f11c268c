import { BRANDS, SeriesCard } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, apiCall, apiGet } from './api-client';

const brand = BRANDS['bom-tw'];
const card = {
  id: 1,
  slug: 'a',
  title: 'A',
  thumbnailUrl: '/media/demo/thumbs/a.png',
  isAdult: false,
  isBl: true,
  status: 'SCHEDULED',
  schedule: ['MONDAY'],
  genres: ['BL'],
  marks: ['new'],
  contentKind: 'IMAGE',
  rank: 1,
  lastPublishedAt: null,
  freeEpisodeCount: 3,
};

function answering(status: number, body: unknown, seen: Request[] = []): typeof fetch {
  return async (input, init) => {
    seen.push(new Request(input, init));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiGet', () => {
  const base = { baseUrl: 'http://api.test', brand, schema: z.array(SeriesCard) };

  it('sends the brand headers of spec §7 and returns the validated data', async () => {
    const seen: Request[] = [];
    const data = await apiGet({
      ...base,
      path: '/contents/home/FREE',
      query: { sort: 'LATEST', empty: undefined },
      fetch: answering(200, { result: 'SUCCESS', data: [card] }, seen),
    });
    expect(data[0]?.title).toBe('A');
    const request = seen[0];
    expect(request?.url).toBe('http://api.test/api/v1/contents/home/FREE?sort=LATEST');
    expect(request?.headers.get('x-balcony-id')).toBe('bom-tw');
    expect(request?.headers.get('x-balcony-timeZone')).toBe('Asia/Taipei');
    expect(request?.headers.get('x-platform')).toBe('WEB');
    expect(request?.headers.get('accept-language')).toBe('zh-TW');
  });

  it('says who reads: the app shell platform and a visitor’s adult answer', async () => {
    const seen: Request[] = [];
    await apiCall({
      ...base,
      method: 'GET',
      path: '/contents/home/FREE',
      reader: { platform: 'AND_PLAY', visitorAdultAnswer: 'Y' },
      fetch: answering(200, { result: 'SUCCESS', data: [card] }, seen),
    });
    expect(seen[0]?.headers.get('x-platform')).toBe('AND_PLAY');
    expect(seen[0]?.headers.get('x-not-logged-in-adult')).toBe('Y');
  });

  it('relays the reader address with its signature, and never as X-Forwarded-For', async () => {
    const seen: Request[] = [];
    await apiGet({
      ...base,
      path: '/contents/home/FREE',
      client: { ip: '203.0.113.7', signature: 'c2lnbmF0dXJl' },
      fetch: answering(200, { result: 'SUCCESS', data: [card] }, seen),
    });
    expect(seen[0]?.headers.get('x-balcony-client-ip')).toBe('203.0.113.7');
    expect(seen[0]?.headers.get('x-balcony-client-ip-sig')).toBe('c2lnbmF0dXJl');
    expect(seen[0]?.headers.get('x-forwarded-for')).toBeNull();

    await apiGet({
      ...base,
      path: '/contents/home/FREE',
      fetch: answering(200, { result: 'SUCCESS', data: [card] }, seen),
    });
    expect(seen[1]?.headers.get('x-balcony-client-ip')).toBeNull();
    expect(seen[1]?.headers.get('x-balcony-client-ip-sig')).toBeNull();

    await apiGet({
      ...base,
      path: '/contents/home/FREE',
      client: { ip: '203.0.113.7', signature: 'c2lnbmF0dXJl', country: { code: 'KR', signature: 'a3I' } },
      fetch: answering(200, { result: 'SUCCESS', data: [card] }, seen),
    });
    expect(seen[2]?.headers.get('x-balcony-client-country')).toBe('KR');
    expect(seen[2]?.headers.get('x-balcony-client-country-sig')).toBe('a3I');
    expect(seen[0]?.headers.get('x-balcony-client-country')).toBeNull();
  });

  it('throws the code and status of a FAIL answer', async () => {
    const error = await failure(
      apiGet({
        ...base,
        path: '/contents/9',
        fetch: answering(404, { result: 'FAIL', code: 'NOT_EXIST', message: 'x' }),
      }),
    );
    expect(error.code).toBe('NOT_EXIST');
    expect(error.status).toBe(404);
  });

  it('reads a code outside the catalogue as INTERNAL_ERROR', async () => {
    const error = await failure(
      apiGet({ ...base, path: '/x', fetch: answering(418, { result: 'FAIL', code: 'TEAPOT', message: 'x' }) }),
    );
    expect([error.code, error.status]).toEqual(['INTERNAL_ERROR', 418]);
  });

  it('refuses data outside the contract, and answers without the envelope', async () => {
    const wrongData = await failure(
      apiGet({ ...base, path: '/x', fetch: answering(200, { result: 'SUCCESS', data: [{ ...card, id: 'one' }] }) }),
    );
    expect([wrongData.code, wrongData.status]).toEqual(['INTERNAL_ERROR', 502]);
    const noEnvelope = await failure(apiGet({ ...base, path: '/x', fetch: answering(502, { error: 'Bad Gateway' }) }));
    expect([noEnvelope.code, noEnvelope.status]).toEqual(['INTERNAL_ERROR', 502]);
  });

  it('turns an unreachable api into INTERNAL_ERROR 502 and a timeout into 504', async () => {
    const unreachable = await failure(
      apiGet({
        ...base,
        path: '/x',
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
      }),
    );
    expect([unreachable.code, unreachable.status]).toEqual(['INTERNAL_ERROR', 502]);
    const timedOut = await failure(
      apiGet({
        ...base,
        path: '/x',
        fetch: async () => {
          throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
        },
      }),
    );
    expect([timedOut.code, timedOut.status]).toEqual(['INTERNAL_ERROR', 504]);
  });
});
