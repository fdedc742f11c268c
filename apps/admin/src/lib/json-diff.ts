// The audit log's before/after as a readable list of changes: each leaf by its path
// (`prices.rent`, `tags[2]`), with its value before and after, in JSON text.

export type Change = 'added' | 'removed' | 'changed' | 'same';

export interface DiffRow {
  path: string;
  before?: string;
  after?: string;
  change: Change;
}

function leaves(value: unknown, path: string, into: Map<string, string>): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [`${path}[${index}]`, item] as const)
      : Object.entries(value).map(([key, item]) => [path ? `${path}.${key}` : key, item] as const);
    // An empty object or list is a value of its own, or it would vanish from the diff.
    if (entries.length === 0) into.set(path || '(root)', JSON.stringify(value));
    for (const [sub, item] of entries) leaves(item, sub, into);
  } else if (value !== undefined) {
    into.set(path || '(root)', JSON.stringify(value));
  }
  return into;
}

/** Every leaf of `before` and `after`, in the order they first appear, with what happened to it. */
export function diffJson(before: unknown, after: unknown): DiffRow[] {
  const old = before === null || before === undefined ? new Map<string, string>() : leaves(before, '', new Map());
  const now = after === null || after === undefined ? new Map<string, string>() : leaves(after, '', new Map());
  const paths = [...new Set([...old.keys(), ...now.keys()])];
  return paths.map((path) => {
    const b = old.get(path);
    const a = now.get(path);
    const change: Change = b === undefined ? 'added' : a === undefined ? 'removed' : a === b ? 'same' : 'changed';
    return { path, ...(b !== undefined && { before: b }), ...(a !== undefined && { after: a }), change };
  });
}
