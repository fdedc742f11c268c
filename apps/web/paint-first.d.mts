export declare const HERO_TIMING_ID: 'hero';
export declare const EARLY_TAPS_GLOBAL: '__balconyEarlyTaps';
export declare function paintFirst(html: string, nonce: string): string;
