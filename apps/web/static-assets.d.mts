import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function precompress(staticDir: string): Promise<number>;
export declare function createStaticAssets(
  staticDir: string,
): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
