import { randomUUID } from 'node:crypto';
import type { CoinProduct } from '@balcony/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { brandHeaders, type TestApp } from '../helper.js';

// One copy of the api/data/failure/code helpers that API test files used to write out each, and of
// a sandbox charge.

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
  /** The shop's product of `coins` coins that any member may buy (not a first-purchase one). */
  async function productOf(who: Caller, coins: number, brand = defaults.brand): Promise<CoinProduct> {
    const { products } = (await data(api('GET', '/shop/products', who, undefined, brand))) as {
      products: CoinProduct[];
    };
    const product = products.find((p) => p.coins === coins && !p.firstPurchaseOnly);
    if (!product) throw new Error(`no product of ${coins} coins on ${brand ?? 'the default brand'}`);
    return product;
  }
  /** Buys the product of `coins` coins through the sandbox provider; answers the paid order. */
  async function charge(who: Caller, coins: number, brand = defaults.brand) {
    const payment = {
      productId: (await productOf(who, coins, brand)).id,
      paymentMethod: 'SANDBOX',
      agreements: ['TERMS', 'NO_WITHDRAWAL_RIGHT'],
      idempotencyKey: randomUUID(),
    };
    const order = await data(api('POST', '/shop/orders', who, payment, brand));
    return data(api('POST', `/shop/orders/${order.id}/sandbox`, who, { outcome: 'SUCCESS' }, brand));
  }
  return { api, data, failure, code, productOf, charge };
}
