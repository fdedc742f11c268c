export declare const SHARED_SECRETS: readonly ['WEB_SESSION_SECRET', 'WEB_RELAY_SECRET'];
export declare function missingSharedSecret(env: Record<string, string | undefined>): string | null;
export declare function sharedSecretOf(
  env: Record<string, string | undefined>,
  name: (typeof SHARED_SECRETS)[number],
  fileName: string,
): string | undefined;
