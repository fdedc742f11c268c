export declare const HERO_TIMING_ID: 'hero';
export declare function paintFirst(html: string, nonce: string): string;
