import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** Serves a visitor's page (or a member's class shell) from the cache (true) or watches its render to keep it (false). */
export type VisitorPages = ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) & {
  /** Forgets the kept pages of the hosts and paths `matches` names; answers how many. */
  drop(matches: (host: string, pathname: string) => boolean): number;
  /** Whether the request is the server's own render again of a page it answered stale (its stamped headers are the reader's). */
  isRenderAgain(req: IncomingMessage): boolean;
};

export declare function createVisitorPages(opts: {
  seconds: number;
  /** How long past `seconds` a kept page is still answered while it is rendered again (decision 0303). */
  staleSeconds?: number;
  maxBytes: number;
  /** Asks this server for the page with the headers given; settles when its answer has ended. */
  renderAgain?: (path: string, headers: IncomingHttpHeaders) => Promise<void>;
  /** The class a member's session names (session-audience.mjs), or null to render their page. */
  memberAudience?: (sessionCookie: string, host: string) => Promise<string | null>;
}): null | VisitorPages;
