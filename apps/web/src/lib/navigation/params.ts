/** A positive integer id from a path segment; anything else (`0x1A`, `1e3`, `12abc`) is not an id. */
export function parseId(raw: string): number | null {
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}
