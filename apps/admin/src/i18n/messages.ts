import 'server-only';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@balcony/contracts';
import { type AreaFile, type MessageTree, mergeAreas, overEnglish } from './merge';

// Loads messages/<locale>/*.json at run time and merges them (merge.ts). They are read from the
// app folder: the working directory of `next dev` and of server.mjs (which moves there).

/** The folder of the message files, found from where the console runs. */
export function messagesDir(): string {
  const here = join(process.cwd(), 'messages');
  return existsSync(here) ? here : join(process.cwd(), 'apps', 'admin', 'messages');
}

export function readLocaleFiles(dir: string, locale: Locale): AreaFile[] {
  const folder = join(dir, locale);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ name: `${locale}/${file}`, content: JSON.parse(readFileSync(join(folder, file), 'utf8')) }));
}

const loaded = new Map<Locale, MessageTree>();

/** Every message of a locale; read once per process (on each call under `next dev`, to see edits). */
export function loadMessages(locale: Locale): MessageTree {
  const cached = process.env.NODE_ENV === 'development' ? undefined : loaded.get(locale);
  if (cached) return cached;
  const own = mergeAreas(readLocaleFiles(messagesDir(), locale));
  const messages = locale === 'en' ? own : overEnglish(loadMessages('en'), own);
  loaded.set(locale, messages);
  return messages;
}
