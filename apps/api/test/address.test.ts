import { ADDRESS_COUNTRY_CODES } from '@balcony/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAddresses } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helper.js';
import { memberHelpers } from './support/members.js';

// The member's delivery address (spec §3 address form; decision 0280): GET/PUT/DELETE /user/address.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, member } = memberHelpers(() => t);

const address = {
  name: 'Camille Dupont',
  address1: '12 rue de Rivoli',
  address2: 'Bâtiment B, 3e étage',
  city: 'Paris',
  zipCode: '75001',
  country: 'FR',
  phone: { callingCode: '33', number: '612345678' },
};

const failure = (res: { statusCode: number; json: () => unknown }) => res.json() as { result: string; code?: string };

describe('address', () => {
  it('saves, reads, replaces and deletes the one address of a member', async () => {
    const m = await member();
    expect((await call('GET', '/user/address', undefined, { token: m.token })).json()).toEqual({
      result: 'SUCCESS',
      data: { address: null },
    });

    const saved = await call('PUT', '/user/address', address, { token: m.token });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.address).toMatchObject({ ...address, updatedAt: expect.any(String) });
    expect((await call('GET', '/user/address', undefined, { token: m.token })).json().data.address).toMatchObject(
      address,
    );

    // A second save replaces the first; leaving out the second line keeps none; postcodes in capitals.
    const moved = {
      name: 'Camille Dupont',
      address1: '10 Downing Street',
      city: 'London',
      zipCode: 'sw1a 2aa',
      country: 'GB',
      phone: { callingCode: '44', number: '7700900123' },
    };
    expect((await call('PUT', '/user/address', moved, { token: m.token })).statusCode).toBe(200);
    const read = (await call('GET', '/user/address', undefined, { token: m.token })).json().data.address;
    expect(read).toMatchObject({ ...moved, address2: null, zipCode: 'SW1A 2AA' });
    expect(await t.database.db.select().from(userAddresses).where(eq(userAddresses.userId, m.userId))).toHaveLength(1);

    const deleted = await call('DELETE', '/user/address', undefined, { token: m.token });
    expect(deleted.json()).toEqual({ result: 'SUCCESS', data: null });
    expect((await call('GET', '/user/address', undefined, { token: m.token })).json().data.address).toBeNull();
    // Deleting again is no error.
    expect((await call('DELETE', '/user/address', undefined, { token: m.token })).statusCode).toBe(200);
  });

  it('trims the fields and accepts every country of the list', async () => {
    const m = await member();
    const res = await call(
      'PUT',
      '/user/address',
      { ...address, name: '  Camille  ', address2: '  ' },
      { token: m.token },
    );
    expect(res.json().data.address).toMatchObject({ name: 'Camille', address2: null });
    expect(ADDRESS_COUNTRY_CODES).toHaveLength(32);
    for (const country of ['DE', 'NO', 'IS', 'LI', 'CH', 'GB', 'MT'])
      expect((await call('PUT', '/user/address', { ...address, country }, { token: m.token })).statusCode).toBe(200);
  });

  it.each([
    ['a country outside Europe', { country: 'US' }],
    ['a lower-case country', { country: 'fr' }],
    ['a NUL byte', { city: 'Par\u0000is' }],
    ['a line break', { address1: '12 rue\nde Rivoli' }],
    ['a name too long', { name: 'x'.repeat(101) }],
    ['a second line too long', { address2: 'x'.repeat(201) }],
    ['an empty name', { name: '   ' }],
    ['no first line', { address1: undefined }],
    ['a postcode with other signs', { zipCode: '75001!' }],
    ['a postcode too long', { zipCode: '1234567890123' }],
    ['letters in the phone number', { phone: { callingCode: '33', number: '6123abc78' } }],
    ['a "+" in the phone number', { phone: { callingCode: '33', number: '+33612345678' } }],
    ['a calling code outside Europe', { phone: { callingCode: '1', number: '2025550123' } }],
    ['a phone number past 15 digits', { phone: { callingCode: '359', number: '1234567890123' } }],
    ['a phone number too short', { phone: { callingCode: '33', number: '123' } }],
    ['an unknown field', { email: 'x@example.com' }],
  ])('refuses %s with INVALID_PARAMETER and keeps the address', async (_, change) => {
    const m = await member();
    await call('PUT', '/user/address', address, { token: m.token });
    const res = await call('PUT', '/user/address', { ...address, ...change }, { token: m.token });
    expect(res.statusCode).toBe(400);
    expect(failure(res)).toMatchObject({ result: 'FAIL', code: 'INVALID_PARAMETER' });
    expect((await call('GET', '/user/address', undefined, { token: m.token })).json().data.address).toMatchObject(
      address,
    );
  });

  it('shows each member only their own address', async () => {
    const a = await member();
    const b = await member();
    await call('PUT', '/user/address', address, { token: a.token });
    expect((await call('GET', '/user/address', undefined, { token: b.token })).json().data.address).toBeNull();
    await call('DELETE', '/user/address', undefined, { token: b.token });
    expect((await call('GET', '/user/address', undefined, { token: a.token })).json().data.address).toMatchObject(
      address,
    );
  });

  it('refuses visitors with NOT_LOGIN_USER', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, '/user/address', method === 'PUT' ? address : undefined);
      expect(failure(res)).toMatchObject({ result: 'FAIL', code: 'NOT_LOGIN_USER' });
    }
  });

  it('deletes the address when the member withdraws', async () => {
    const m = await member();
    await call('PUT', '/user/address', address, { token: m.token });
    const res = await call(
      'POST',
      '/user/withdrawal',
      { reason: 'Moving away', confirm: true, password: m.password },
      { token: m.token },
    );
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(userAddresses).where(eq(userAddresses.userId, m.userId))).toEqual([]);
  });
});
