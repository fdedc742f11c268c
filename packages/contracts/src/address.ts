import { z } from 'zod';
import {
  ADDRESS_CALLING_CODES,
  ADDRESS_COUNTRY_CODES,
  ADDRESS_LIMITS,
  E164_MAX_DIGITS,
  PHONE_NUMBER_DIGITS,
  ZIP_CODE,
} from './address-values.js';

// The member's delivery address (spec §3 address form; decision 0280): GET/PUT/DELETE /user/address.

/** Any control character (line breaks and tabs too: every field is one line) makes a field invalid. */
const CONTROL = /\p{Cc}/u;

/** One line of text: trimmed, 1 to `max` units (0 allowed when `optional`), no control characters. */
const line = (max: number, min = 1) =>
  z
    .string()
    .max(max)
    .refine((s) => !CONTROL.test(s), { message: 'INVALID_PARAMETER' })
    .transform((s) => s.normalize('NFC').trim())
    .pipe(z.string().min(min));

export const AddressPhone = z
  .object({
    callingCode: z.enum(ADDRESS_CALLING_CODES as [string, ...string[]]),
    number: z.string().regex(PHONE_NUMBER_DIGITS),
  })
  .refine((p) => p.callingCode.length + p.number.length <= E164_MAX_DIGITS, { message: 'INVALID_PARAMETER' });
export type AddressPhone = z.infer<typeof AddressPhone>;

/** PUT /user/address: the whole address (it replaces the one kept, if any). */
export const UserAddressRequest = z
  .object({
    name: line(ADDRESS_LIMITS.name),
    address1: line(ADDRESS_LIMITS.address1),
    address2: line(ADDRESS_LIMITS.address2, 0).optional(),
    city: line(ADDRESS_LIMITS.city),
    zipCode: line(ADDRESS_LIMITS.zipCode).pipe(z.string().regex(ZIP_CODE)),
    country: z.enum(ADDRESS_COUNTRY_CODES as [string, ...string[]]),
    phone: AddressPhone,
  })
  .strict();
export type UserAddressRequest = z.input<typeof UserAddressRequest>;
export type UserAddressInput = z.output<typeof UserAddressRequest>;

/** The address kept for the member; address2 is null when there is none. */
export const UserAddress = z.object({
  name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  zipCode: z.string(),
  country: z.string(),
  phone: z.object({ callingCode: z.string(), number: z.string() }),
  updatedAt: z.string(),
});
export type UserAddress = z.infer<typeof UserAddress>;

/** GET and PUT /user/address: the member's address, or null when none is kept. */
export const UserAddressResponse = z.object({ address: UserAddress.nullable() });
export type UserAddressResponse = z.infer<typeof UserAddressResponse>;
