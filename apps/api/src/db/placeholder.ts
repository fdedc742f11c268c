import { sql } from 'drizzle-orm';

/** The PostgreSQL types a prepared statement's parameters are cast to. */
export type ParamType = 'int' | 'int[]' | 'text' | 'timestamptz' | 'timestamptz[]' | 'jsonb';

/**
 * A named parameter of a statement prepared once (`.prepare(name)`, then `.execute(values)`),
 * cast to its type so PostgreSQL plans it without guessing. The cast is written raw, which is
 * safe because it can only be one of the literal type names above, never a value.
 */
export const typedPlaceholder = (name: string, type: ParamType) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
