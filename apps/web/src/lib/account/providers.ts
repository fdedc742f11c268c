// Names of the login providers as their owners write them (not translated).
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  apple_guest: 'Apple',
};

/** The provider's name, or null for an e-mail account (snsProvider null). */
export function providerName(snsProvider: string | null): string | null {
  if (!snsProvider) return null;
  return PROVIDER_NAMES[snsProvider] ?? snsProvider;
}
