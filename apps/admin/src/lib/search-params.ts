/** A page's query as Next.js gives it. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** One query value (the first if repeated), or undefined when absent or empty. */
export function param(search: SearchParams, name: string): string | undefined {
  const value = search[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/** A positive page number from the query, else 1. */
export function pageParam(search: SearchParams): number {
  const page = Number(param(search, 'page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
