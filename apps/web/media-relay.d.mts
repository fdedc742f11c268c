import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const MEDIA_PREFIX: '/media/';
export declare const FORWARDED_REQUEST: readonly string[];
export declare const FORWARDED_RESPONSE: readonly string[];
export declare function mediaTarget(url: string, apiUrl: string): URL | null;
export declare function createMediaRelay(opts: {
  apiUrl: string;
  timeoutMs: number;
}): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
