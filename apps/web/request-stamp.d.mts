import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const STAMPED_HEADERS: Readonly<{
  clientIp: 'x-balcony-client-ip';
  clientCountry: 'x-balcony-client-country';
  proto: 'x-balcony-proto';
  shell: 'x-balcony-shell';
}>;
export declare const HSTS: string;
export declare function compileTrust(value: string | undefined): (addr: string, hop: number) => boolean;
export declare function createRequestStamp(
  trust: (addr: string, hop: number) => boolean,
  countryHeader?: string,
): (req: IncomingMessage, res: ServerResponse) => void;
