import 'server-only';
import { createTranslator, type NamespaceKeys, type NestedKeyOf } from 'use-intl/core';
import { getRequestBrand } from '../lib/brand';
import { MESSAGES, type Messages } from './messages';

export type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/** A translator for one namespace in the locale (and time zone) of the request's brand. */
export async function getT<N extends Namespace>(namespace: N) {
  const { locale, timeZone } = await getRequestBrand();
  return createTranslator({ locale, timeZone, messages: MESSAGES[locale], namespace });
}

/** The messages client components may use; only these travel to the browser. */
export async function getClientMessages(): Promise<Pick<Messages, 'ErrorPage' | 'Errors'>> {
  const { locale } = await getRequestBrand();
  const { ErrorPage, Errors } = MESSAGES[locale];
  return { ErrorPage, Errors };
}
