/** The catalogue class of a visitor on the web who has not answered the adult question. */
export declare const VISITOR_AUDIENCE: string;

/** The class a member's sealed session holds when it is VISITOR_AUDIENCE, or null: their page is rendered. */
export declare function createSessionAudience(
  env: Record<string, string | undefined>,
  brandOfHost: (host: string) => string,
): (sessionCookie: string, host: string) => Promise<string | null>;
