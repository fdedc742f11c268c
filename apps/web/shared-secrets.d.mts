export declare const SHARED_SECRETS: readonly ['WEB_SESSION_SECRET', 'WEB_RELAY_SECRET'];
export declare function missingSharedSecret(env: Record<string, string | undefined>): string | null;
