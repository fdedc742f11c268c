import type { Locale } from '@balcony/contracts';
import de from '../../messages/de.json';
import en from '../../messages/en.json';
import fr from '../../messages/fr.json';
import ja from '../../messages/ja.json';
import th from '../../messages/th.json';
import zhTW from '../../messages/zh-TW.json';

/** English is the reference: every locale file has exactly its keys (checked by messages.test.ts). */
export type Messages = typeof en;

export const MESSAGES: Readonly<Record<Locale, Messages>> = { fr, de, ja, th, 'zh-TW': zhTW, en };
