import 'server-only';
import { createTranslator, type NamespaceKeys, type NestedKeyOf } from 'use-intl/core';
import { getRequestBrand } from '../lib/brand/brand';
import { MESSAGES, type Messages } from './messages';

export type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/** A translator for one namespace in the locale (and time zone) of the request's brand. */
export async function getT<N extends Namespace>(namespace: N) {
  const { locale, timeZone } = await getRequestBrand();
  return createTranslator({ locale, timeZone, messages: MESSAGES[locale], namespace });
}

/**
 * The messages every page's client components may use: the error boundary's (ErrorPanel). Only
 * these travel to the browser with every page.
 */
export async function getClientMessages(): Promise<
  Pick<Messages, 'ErrorPage'> & { Errors: Pick<Messages['Errors'], 'INTERNAL_ERROR'> }
> {
  const { locale } = await getRequestBrand();
  const { ErrorPage, Errors } = MESSAGES[locale];
  return { ErrorPage, Errors: { INTERNAL_ERROR: Errors.INTERNAL_ERROR } };
}

/**
 * The namespaces one screen's client components need, besides the layout's client messages.
 * A screen passes them to a nested provider (ScreenIntl), so they travel only with the pages
 * that use them.
 */
export async function getScreenMessages<K extends keyof Messages>(
  namespaces: readonly K[],
): Promise<Pick<Messages, K>> {
  const { locale } = await getRequestBrand();
  const all = MESSAGES[locale];
  return Object.fromEntries(namespaces.map((namespace) => [namespace, all[namespace]])) as Pick<Messages, K>;
}
