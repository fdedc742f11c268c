import { z } from 'zod';

// Building blocks of every request schema, so that input the database cannot hold is refused
// as INVALID_PARAMETER at the door instead of failing in SQL (issue 8: ids past 2^31, NUL bytes).

/** The largest value of a PostgreSQL `integer` (int4), the type of every id column. */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body. */
export const Id = z.number().int().min(1).max(MAX_ID);
/** An id in a path or query string. */
export const IdParam = z.coerce.number().int().min(1).max(MAX_ID);

/** The highest page number a list accepts (far past any real list; keeps offsets in range). */
export const MAX_PAGE = 100_000;
export const PageNumber = z.coerce.number().int().min(1).max(MAX_PAGE);

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. PostgreSQL
 * cannot store U+0000 in text at all, and none of the others belongs in anything a reader types.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A string of at most `max` UTF-16 units without control characters. */
export const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !CONTROL_CHARACTERS.test(s), { message: 'INVALID_PARAMETER' });

/** A phone number in E.164 form: "+", a country code not starting with 0, 7 to 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;
export const PhoneNumber = z.string().regex(E164);
