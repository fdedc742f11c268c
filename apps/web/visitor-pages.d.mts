import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function createVisitorPages(opts: {
  seconds: number;
  maxBytes: number;
}): null | ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>);
