import 'server-only';
import { ContactPage } from '@balcony/contracts';
import { memberGet } from '../api/member-get';

/** The member's contact requests (GET /qna), page `page`; login required (spec §6), back to `pathname`. */
export function loadContactPage(
  pathname: string,
  searchParams: Readonly<Record<string, string | string[] | undefined>>,
  page: number,
  size?: number,
): Promise<ContactPage> {
  return memberGet({
    pathname,
    searchParams,
    path: '/qna',
    query: { page: String(page), ...(size !== undefined && { size: String(size) }) },
    schema: ContactPage,
  });
}
