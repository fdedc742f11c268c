export declare const PREPARE_PATH: '/prepare';
export declare const TRANSFER_NOTE_PATH: '/transfer/note';
export declare const MAINTENANCE_CHECK_MS: number;
export declare function transferModeOf(env: {
  TRANSFER_MODE_BRANDS?: string | undefined;
  TRANSFER_MODE_EXTERNAL_URLS?: string | undefined;
}): { brands: ReadonlySet<string>; externalUrls: ReadonlyMap<string, string> };
export declare function gateRedirect(
  pathname: string,
  gates: { maintenance: boolean; transferMode: boolean; externalUrl: string | null },
): string | null;
export interface PageGates {
  redirectFor(brandId: string, pathname: string): Promise<string | null>;
  gated(brandId: string): Promise<boolean>;
}
export declare function createPageGates(opts: {
  apiUrl: string;
  env: Record<string, string | undefined>;
  checkMs?: number;
  fetch?: typeof fetch;
}): PageGates;
