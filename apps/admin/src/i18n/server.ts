import 'server-only';
import type { Locale } from '@balcony/contracts';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { createTranslator, type Messages } from 'use-intl/core';
import { ADMIN_COOKIES } from '@/lib/cookies';
import { loadMessages } from './messages';
import { pickLocale } from './pick-locale';

/** The console's language for this request: the admin's choice (cookie), else Accept-Language. */
export const getLocale = cache(async (): Promise<Locale> => {
  const chosen = (await cookies()).get(ADMIN_COOKIES.locale)?.value;
  return pickLocale(chosen, (await headers()).get('accept-language'));
});

export async function getMessages() {
  return loadMessages(await getLocale());
}

/**
 * A translator for one namespace, e.g. `await getT('Accounts')`, in the request's language. The
 * message files are read at run time, so keys are checked by the messages test, not by types
 * (the same loose `Messages` type the client's useTranslations has).
 */
export async function getT(namespace: string, timeZone?: string) {
  const locale = await getLocale();
  const messages: Messages = loadMessages(locale);
  return createTranslator({ locale, messages, namespace, ...(timeZone && { timeZone }) });
}
