import {
  FacebookConversionAnswer,
  type FacebookConversionRequest,
  LoggerAnswer,
  type LoggerRequest,
} from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

// The measurement calls of spec §7 through the front proxy, each answer checked against its
// contract (decisions 0261, 0262). Loaded by the event layer's sinks on their first send, with zod.
// A failure is dropped: a lost measurement never troubles the reader.

export async function postLog(body: LoggerRequest): Promise<void> {
  await frontFetch('/logger', LoggerAnswer, { method: 'POST', body }).catch(() => undefined);
}

export async function postConversion(body: FacebookConversionRequest): Promise<void> {
  await frontFetch('/third-party/facebook/conversion', FacebookConversionAnswer, { method: 'POST', body }).catch(
    () => undefined,
  );
}
