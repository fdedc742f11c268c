/**
 * The path of a page with its query, as a login return address: `/coupon?tab=used`. Repeated
 * parameters keep every value; empty values are kept as the page had them.
 */
export function pagePath(
  pathname: string,
  searchParams: Readonly<Record<string, string | readonly string[] | undefined>> = {},
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) {
    if (value === undefined) continue;
    for (const item of typeof value === 'string' ? [value] : value) query.append(key, item);
  }
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}
