import type { BrandConfig } from './brands.js';
import type { ClientPlatform } from './enums.js';

// Who may see adult and BL content (spec §4, §6), as pure functions so that the api (which
// filters) and the web (which shows toggles and popups) decide alike.

/** The User fields (spec §3) the rules read; an api `User` fits as is. */
export interface VisibilityUser {
  isAdult: boolean;
  isKrIpUser: boolean;
  isAdultKr: boolean;
  /**
   * The Korean adult-auth flag of spec §4: when on for a Korean-IP user, only the Korean identity
   * check (isAdultKr) makes them adult. Set by the api from its policy; absent means off.
   */
  krAdultAuthRequired?: boolean | undefined;
  showAdult: boolean;
  isBlToggle: boolean;
  snsProvider: string | null;
  birthedAt: string | Date | null;
}

export interface VisibilityContext {
  brand: BrandConfig;
  platform: ClientPlatform;
  /** null for a visitor (not logged in). */
  user: VisibilityUser | null;
  /** Value of the not-logged-in-adult cookie; only brands with `visitorAdultCookie` read it. */
  notLoggedInAdultCookie?: string | undefined;
}

/** The cookie value a visitor's "yes" in the yes/no adult popup sets. */
export const NOT_LOGGED_IN_ADULT_YES = 'Y';

/** The native app shells (spec §1); WEB is the browser. */
export function isInApp(platform: ClientPlatform): boolean {
  return platform === 'AND_PLAY' || platform === 'AND_PLUS' || platform === 'IOS_APP';
}

/** Adult member: isAdult, except that a Korean-IP user under the Korean adult-auth flag needs isAdultKr. */
export function isAdult(user: VisibilityUser): boolean {
  if (user.isKrIpUser && user.krAdultAuthRequired === true) return user.isAdultKr;
  return user.isAdult;
}

/** A visitor who said "yes" in the yes/no popup, on the brand that remembers it in a cookie (Japan). */
function isConfirmedVisitor(ctx: VisibilityContext): boolean {
  return ctx.user === null && ctx.brand.visitorAdultCookie && ctx.notLoggedInAdultCookie === NOT_LOGGED_IN_ADULT_YES;
}

/**
 * Show-adult switch: a member's own showAdult; a visitor only on the Japanese brand with the
 * cookie set to Y; any other visitor never.
 */
export function showAdult(ctx: VisibilityContext): boolean {
  if (ctx.user) return ctx.user.showAdult;
  return isConfirmedVisitor(ctx);
}

/**
 * Show-BL: always, except on the brand with `blHiddenInApp`, where it is off inside the app,
 * on for a visitor outside the app, and otherwise the member's BL toggle.
 */
export function showBl(ctx: VisibilityContext): boolean {
  if (!ctx.brand.blHiddenInApp) return true;
  if (isInApp(ctx.platform)) return false;
  if (!ctx.user) return true;
  return ctx.user.isBlToggle;
}

/** iOS guest: logged in on the iOS app with the apple_guest provider (cannot buy or verify age). */
export function isIosGuest(ctx: VisibilityContext): boolean {
  return ctx.user !== null && ctx.platform === 'IOS_APP' && ctx.user.snsProvider === 'apple_guest';
}

/** Birth date counts as present everywhere except on brands that require it (Thai, Taiwanese): there birthedAt must be set. */
export function hasBirthDate(brand: BrandConfig, user: VisibilityUser): boolean {
  return !brand.birthDateRequired || user.birthedAt !== null;
}

/**
 * Adult items are listed and readable only for an adult member who switched adult display on,
 * or a confirmed visitor on the Japanese brand. Any other visitor never sees them.
 */
export function canSeeAdultContent(ctx: VisibilityContext): boolean {
  const adult = ctx.user ? isAdult(ctx.user) : isConfirmedVisitor(ctx);
  return adult && showAdult(ctx);
}

/**
 * What a reader may see of the catalogue, as a class that readers share: adult or minor, BL shown
 * or hidden. Readers of one class see the same lists and series (the api's shared answers, the
 * web's kept pages).
 */
export function audienceClass(ctx: VisibilityContext): string {
  return `${canSeeAdultContent(ctx) ? 'adult' : 'minor'}|${showBl(ctx) ? 'bl' : 'no-bl'}`;
}
