import type { IncomingMessage, ServerResponse } from 'node:http';

/** Serves a visitor's page from the cache (true) or watches its render to keep it (false). */
export type VisitorPages = ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) & {
  /** Forgets the kept pages of the hosts and paths `matches` names; answers how many. */
  drop(matches: (host: string, pathname: string) => boolean): number;
};

export declare function createVisitorPages(opts: { seconds: number; maxBytes: number }): null | VisitorPages;
