import type { LoginMethod } from '@balcony/contracts';

export type SocialLogin = Exclude<LoginMethod, 'email'>;

/** Proper names of the social providers (not translated). */
export const PROVIDER_NAMES: Readonly<Record<SocialLogin, string>> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
};

/**
 * What the login screen offers, in the brand's order (spec §3 Config login list): each social
 * provider the api has credentials for, and the e-mail form when the brand logs in by e-mail.
 */
export function loginOptions(
  methods: readonly LoginMethod[],
  offeredSocial: readonly string[],
): { social: SocialLogin[]; email: boolean } {
  const social = methods.filter((m): m is SocialLogin => m !== 'email' && offeredSocial.includes(m));
  return { social, email: methods.includes('email') };
}

/** The sign-in path of a social provider with the way back (spec §7 signin/{provider}). */
export function socialSignInHref(provider: SocialLogin, callbackUrl: string): string {
  return `/api/auth/signin/${provider}?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}
