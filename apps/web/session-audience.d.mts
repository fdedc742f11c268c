/** The catalogue class a member's sealed session holds, or null when their page must be rendered. */
export declare function createSessionAudience(
  env: Record<string, string | undefined>,
  brandOfHost: (host: string) => string,
): (sessionCookie: string, host: string) => Promise<string | null>;
