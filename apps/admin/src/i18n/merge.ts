// The console's messages live in one file per area and locale (messages/<locale>/<area>.json), so
// each screen's author adds their own file without touching the others'. The files of a locale
// are merged into one tree; two files defining the same namespace are a mistake, reported loudly.

export type MessageTree = { [key: string]: string | MessageTree };

export interface AreaFile {
  /** The file's name, for the error message. */
  name: string;
  content: MessageTree;
}

export function mergeAreas(files: readonly AreaFile[]): MessageTree {
  const merged: MessageTree = {};
  const owner = new Map<string, string>();
  for (const file of files) {
    for (const [namespace, value] of Object.entries(file.content)) {
      const first = owner.get(namespace);
      if (first) throw new Error(`messages: namespace "${namespace}" is defined in both ${first} and ${file.name}`);
      owner.set(namespace, file.name);
      merged[namespace] = value;
    }
  }
  return merged;
}

/** Every leaf as `Namespace.key.sub` → message. */
export function flattenMessages(tree: MessageTree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(path, value);
    else for (const [sub, text] of flattenMessages(value, path)) leaves.set(sub, text);
  }
  return leaves;
}

/**
 * A locale's messages over the English ones, key by key: a text not translated yet (an area file
 * just added in English) shows in English rather than as its key. The messages test still
 * requires every locale to be complete.
 */
export function overEnglish(english: MessageTree, localized: MessageTree): MessageTree {
  const merged: MessageTree = { ...english };
  for (const [key, value] of Object.entries(localized)) {
    const base = merged[key];
    merged[key] = typeof value === 'object' && typeof base === 'object' ? overEnglish(base, value) : value;
  }
  return merged;
}
