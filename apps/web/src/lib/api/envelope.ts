import { ErrorCode } from '@balcony/contracts';
import { z } from 'zod';

// The response envelope of spec §7, read the same way by the server's calls (api-client.ts) and
// the browser's calls through the front proxy (components/session/client.ts): the data checked
// against its contract, a refusal reduced to a catalogue code.

const Envelope = z.discriminatedUnion('result', [
  z.object({ result: z.literal('SUCCESS'), data: z.unknown() }),
  z.object({ result: z.literal('FAIL'), code: z.string(), message: z.string() }),
]);

export type Answer<T> =
  | { kind: 'data'; data: T }
  /** The api refused: its code, INTERNAL_ERROR when that is outside the catalogue (`answered` keeps it for logs). */
  | { kind: 'refused'; code: ErrorCode; answered: string }
  /** Not our contract: no envelope, or data its schema refuses. */
  | { kind: 'broken'; problem: 'without the response envelope' | 'data outside its contract'; cause: z.ZodError };

export function readAnswer<T>(body: unknown, schema: z.ZodType<T>): Answer<T> {
  const envelope = Envelope.safeParse(body);
  if (!envelope.success) return { kind: 'broken', problem: 'without the response envelope', cause: envelope.error };
  if (envelope.data.result === 'FAIL') {
    const code = ErrorCode.safeParse(envelope.data.code);
    return { kind: 'refused', code: code.success ? code.data : 'INTERNAL_ERROR', answered: envelope.data.code };
  }
  const data = schema.safeParse(envelope.data.data);
  if (!data.success) return { kind: 'broken', problem: 'data outside its contract', cause: data.error };
  return { kind: 'data', data: data.data };
}
