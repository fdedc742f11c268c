// Paging of the search results and library lists: `?page=` in the address, 1-based.

/** Pages beyond this are not a real reader's; the number also keeps the api's offset small. */
const MAX_PAGE = 10_000;

/** The page a `?page=` value asks for; anything that is not a positive integer is the first page. */
export function readPage(raw: string | readonly string[] | undefined): number {
  const value = typeof raw === 'string' ? raw : raw?.[0];
  if (!value || !/^[1-9]\d{0,4}$/.test(value)) return 1;
  return Math.min(Number(value), MAX_PAGE);
}

/** How many pages `total` items make, at least one (an empty list is one empty page). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}
