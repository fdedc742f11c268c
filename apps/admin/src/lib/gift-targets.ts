import type { GiftTarget } from '@balcony/contracts';

/**
 * The recipients typed in the gift form, one per line or comma: a member id (digits) or an
 * e-mail address. Duplicates are dropped; anything else is returned in `invalid` to be shown.
 */
export function parseGiftTargets(text: string): { targets: GiftTarget[]; invalid: string[] } {
  const targets: GiftTarget[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(/[\n,;]+/)) {
    const item = raw.trim();
    if (!item) continue;
    const key = item.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (/^\d{1,15}$/.test(item) && Number(item) > 0) targets.push({ type: 'USER', userId: Number(item) });
    else if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(item) && item.length <= 254) targets.push({ type: 'MAIL', email: item });
    else invalid.push(item);
  }
  return { targets, invalid };
}

/** Episode ids typed as a list ("12, 13, 14") or ranges ("12-20"); null when any part is not one. */
export function parseIdList(text: string, max = 200): number[] | null {
  const ids: number[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    if (!raw) continue;
    const range = /^(\d+)-(\d+)$/.exec(raw);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (from < 1 || to < from || to - from >= max) return null;
      for (let id = from; id <= to; id++) ids.push(id);
    } else if (/^\d+$/.test(raw) && Number(raw) > 0) {
      ids.push(Number(raw));
    } else {
      return null;
    }
  }
  const unique = [...new Set(ids)];
  return unique.length > max ? null : unique;
}
