import { redirect } from 'next/navigation';
import { firstParam } from '@/lib/auth/callbacks';
import { socialSignInHref } from '@/lib/auth/login-options';
import { safeReturnPath } from '@/lib/session/redirects';

/**
 * /callback/facebook-login (spec §2): where in-app browsers and old links start a Facebook login;
 * it forwards to the auth base, which checks that the brand offers Facebook (else back to login).
 */
export default async function FacebookLoginPage({ searchParams }: PageProps<'/callback/facebook-login'>) {
  const params = await searchParams;
  redirect(socialSignInHref('facebook', safeReturnPath(firstParam(params.callbackUrl) ?? firstParam(params.callback))));
}
