import type { Locale } from '@balcony/contracts';
import compile from 'icu-minify/compile';
import de from '../../messages/de.json';
import en from '../../messages/en.json';
import fr from '../../messages/fr.json';
import ja from '../../messages/ja.json';
import th from '../../messages/th.json';
import zhTW from '../../messages/zh-TW.json';

/** English is the reference: every locale file has exactly its keys (checked by messages.test.ts). */
export type Messages = typeof en;

type Tree = { readonly [key: string]: string | Tree };

/**
 * The messages with every ICU text compiled once, when the server loads this module: use-intl
 * formats them with its small format-only runtime (next.config.ts aliases it), so the browser gets
 * neither the ICU parser nor the compile step (decision 0175). Plain texts stay plain strings.
 */
function compiled(tree: Tree): Tree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      // Through JSON: the compiler's option maps have no prototype, which React cannot pass to
      // client components.
      typeof value === 'string' ? (JSON.parse(JSON.stringify(compile(value))) as string) : compiled(value),
    ]),
  );
}

// The compiled tree keeps the raw tree's keys, which is all the typed keys describe.
const precompiled = (messages: Messages) => compiled(messages) as unknown as Messages;

export const MESSAGES: Readonly<Record<Locale, Messages>> = {
  fr: precompiled(fr),
  de: precompiled(de),
  ja: precompiled(ja),
  th: precompiled(th),
  'zh-TW': precompiled(zhTW),
  en: precompiled(en),
};
