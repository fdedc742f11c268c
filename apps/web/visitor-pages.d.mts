import type { IncomingMessage, ServerResponse } from 'node:http';

/** Serves a visitor's page (or a member's class shell) from the cache (true) or watches its render to keep it (false). */
export type VisitorPages = ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) & {
  /** Forgets the kept pages of the hosts and paths `matches` names; answers how many. */
  drop(matches: (host: string, pathname: string) => boolean): number;
};

export declare function createVisitorPages(opts: {
  seconds: number;
  maxBytes: number;
  /** The class a member's session names (session-audience.mjs), or null to render their page. */
  memberAudience?: (sessionCookie: string, host: string) => Promise<string | null>;
}): null | VisitorPages;
