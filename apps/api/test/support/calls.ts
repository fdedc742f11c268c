import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { brandHeaders, type TestApp } from '../helper.js';

// One copy of the api/data/failure/code helpers that API test files used to write out each.

/** Whoever a call is made as: a member or admin of test/factories.ts, or bare headers. */
export interface Caller {
  headers: Record<string, string>;
}
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Answer = Promise<LightMyRequestResponse>;

/**
 * Calls to a test file's app, under `defaults.brand` unless a call names one (brandHeaders' own
 * default without). `app` is read on each call, so the helpers can be made before `beforeAll`.
 */
export function callsOf(app: () => TestApp, defaults: { brand?: string } = {}) {
  /** `method /api/v1{url}` with the brand's headers, as `who` (a visitor without), `payload` as JSON. */
  function api(method: Method, url: string, who?: Caller, payload?: object, brand = defaults.brand): Answer {
    return app().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...brandHeaders(brand), ...who?.headers },
      ...(payload ? { payload } : {}),
    });
  }
  /**
   * The `data` of an answer that must be 200 SUCCESS (the body is the message otherwise), left
   * as light-my-request's unchecked `json()` types it, as every copy returned it.
   */
  async function data(res: Answer) {
    const answer = await res;
    expect([answer.statusCode, answer.json().result], answer.body).toEqual([200, 'SUCCESS']);
    return answer.json().data;
  }
  /** An answer as `[status, code]`, for refusals. */
  async function failure(res: Answer): Promise<[number, string | undefined]> {
    const answer = await res;
    return [answer.statusCode, answer.json().code];
  }
  /** The envelope's `code` alone. */
  const code = async (res: Answer): Promise<string | undefined> => (await res).json().code;
  return { api, data, failure, code };
}
