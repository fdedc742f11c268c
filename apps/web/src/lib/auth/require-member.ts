import 'server-only';
import { requireSession, type SessionView } from '../session/server';
import { pagePath } from './page-path';

/**
 * For the pages of spec §6 "login required" (coupon, comments, library, history, settings,
 * contact): the member, or a redirect of the visitor to sign-in with SessionRequired and the way
 * back to this page and its query (spec §2). Call it first in the page:
 *
 *   const member = await requireMember('/coupon', await searchParams);
 */
export function requireMember(
  pathname: string,
  searchParams?: Readonly<Record<string, string | readonly string[] | undefined>>,
): Promise<SessionView> {
  return requireSession(pagePath(pathname, searchParams));
}
