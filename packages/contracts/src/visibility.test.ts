import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.js';
import type { ClientPlatform } from './enums.js';
import {
  canSeeAdultContent,
  hasBirthDate,
  isAdult,
  isInApp,
  isIosGuest,
  showAdult,
  showBl,
  type VisibilityContext,
  type VisibilityUser,
} from './visibility.js';

const member = (over: Partial<VisibilityUser> = {}): VisibilityUser => ({
  isAdult: false,
  isKrIpUser: false,
  isAdultKr: false,
  showAdult: false,
  isBlToggle: true,
  snsProvider: null,
  birthedAt: null,
  ...over,
});
const adult = member({ isAdult: true, showAdult: true, birthedAt: '1990-01-01' });

const ctx = (over: Partial<VisibilityContext> = {}): VisibilityContext => ({
  brand: BRANDS['delitoonb-fr'],
  platform: 'WEB',
  user: null,
  ...over,
});

const APP_PLATFORMS: ClientPlatform[] = ['AND_PLAY', 'AND_PLUS', 'IOS_APP'];

describe('isInApp', () => {
  it('is true for the app shells only', () => {
    for (const platform of APP_PLATFORMS) expect(isInApp(platform)).toBe(true);
    expect(isInApp('WEB')).toBe(false);
  });
});

describe('isAdult', () => {
  it('follows isAdult', () => {
    expect(isAdult(member({ isAdult: true }))).toBe(true);
    expect(isAdult(member())).toBe(false);
  });

  it('ignores the Korean check for a Korean-IP user without the Korean adult-auth flag', () => {
    expect(isAdult(member({ isKrIpUser: true, isAdult: true, isAdultKr: false }))).toBe(true);
    expect(isAdult(member({ isKrIpUser: true, isAdult: false, isAdultKr: true, krAdultAuthRequired: false }))).toBe(
      false,
    );
  });

  it('requires isAdultKr instead for a Korean-IP user under the flag', () => {
    const kr = { isKrIpUser: true, krAdultAuthRequired: true };
    expect(isAdult(member({ ...kr, isAdult: true, isAdultKr: false }))).toBe(false);
    expect(isAdult(member({ ...kr, isAdult: false, isAdultKr: true }))).toBe(true);
  });

  it('applies the flag to Korean-IP users only', () => {
    expect(isAdult(member({ krAdultAuthRequired: true, isAdult: true, isAdultKr: false }))).toBe(true);
  });
});

describe('showAdult', () => {
  const jp = BRANDS['beltoon-jp'];

  it("follows a member's showAdult", () => {
    expect(showAdult(ctx({ user: member({ showAdult: true }) }))).toBe(true);
    expect(showAdult(ctx({ user: member({ showAdult: false }) }))).toBe(false);
  });

  it('is true for a visitor on the Japanese brand with the cookie equal to Y', () => {
    expect(showAdult(ctx({ brand: jp, notLoggedInAdultCookie: 'Y' }))).toBe(true);
  });

  it.each([undefined, 'N', 'y', 'YES', ''])('is false for a Japanese visitor with cookie %j', (cookie) => {
    expect(showAdult(ctx({ brand: jp, notLoggedInAdultCookie: cookie }))).toBe(false);
  });

  it('ignores the cookie on other brands and for members', () => {
    expect(showAdult(ctx({ notLoggedInAdultCookie: 'Y' }))).toBe(false);
    expect(showAdult(ctx({ brand: jp, notLoggedInAdultCookie: 'Y', user: member({ showAdult: false }) }))).toBe(false);
  });
});

describe('canSeeAdultContent', () => {
  it('needs an adult member with adult display on', () => {
    expect(canSeeAdultContent(ctx({ user: adult }))).toBe(true);
    expect(canSeeAdultContent(ctx({ user: { ...adult, showAdult: false } }))).toBe(false);
    expect(canSeeAdultContent(ctx({ user: { ...adult, isAdult: false } }))).toBe(false);
  });

  it('follows the Korean rule', () => {
    const kr = { ...adult, isKrIpUser: true, krAdultAuthRequired: true };
    expect(canSeeAdultContent(ctx({ user: kr }))).toBe(false);
    expect(canSeeAdultContent(ctx({ user: { ...kr, isAdultKr: true } }))).toBe(true);
  });

  it('lets only the confirmed Japanese visitor in', () => {
    expect(canSeeAdultContent(ctx({ brand: BRANDS['beltoon-jp'], notLoggedInAdultCookie: 'Y' }))).toBe(true);
    expect(canSeeAdultContent(ctx({ brand: BRANDS['beltoon-jp'] }))).toBe(false);
    for (const brand of Object.values(BRANDS).filter((b) => !b.visitorAdultCookie)) {
      expect(canSeeAdultContent(ctx({ brand, notLoggedInAdultCookie: 'Y' })), brand.id).toBe(false);
    }
  });

  it("does not let the visitor cookie stand in for a Japanese member's own verification", () => {
    const jp = BRANDS['beltoon-jp'];
    const notAdult = member({ showAdult: true });
    expect(canSeeAdultContent(ctx({ brand: jp, notLoggedInAdultCookie: 'Y', user: notAdult }))).toBe(false);
    expect(canSeeAdultContent(ctx({ brand: jp, notLoggedInAdultCookie: 'Y', user: adult }))).toBe(true);
  });
});

describe('showBl', () => {
  const hiding = BRANDS['delitoon-fr'];

  it('is always true on brands without the BL-in-app rule', () => {
    for (const platform of [...APP_PLATFORMS, 'WEB' as const]) {
      expect(showBl(ctx({ platform }))).toBe(true);
      expect(showBl(ctx({ platform, user: member({ isBlToggle: false }) }))).toBe(true);
    }
  });

  it('is false in the app on the BL-hiding brand, even for a member who wants BL', () => {
    for (const platform of APP_PLATFORMS) {
      expect(showBl(ctx({ brand: hiding, platform }))).toBe(false);
      expect(showBl(ctx({ brand: hiding, platform, user: member({ isBlToggle: true }) }))).toBe(false);
    }
  });

  it('is true for a visitor on the web there', () => {
    expect(showBl(ctx({ brand: hiding, platform: 'WEB' }))).toBe(true);
  });

  it("follows a member's BL toggle on the web there", () => {
    expect(showBl(ctx({ brand: hiding, user: member({ isBlToggle: true }) }))).toBe(true);
    expect(showBl(ctx({ brand: hiding, user: member({ isBlToggle: false }) }))).toBe(false);
  });
});

describe('isIosGuest', () => {
  const guest = member({ snsProvider: 'apple_guest' });

  it('is a logged-in apple_guest on the iOS app', () => {
    expect(isIosGuest(ctx({ platform: 'IOS_APP', user: guest }))).toBe(true);
  });

  it('is not a visitor, another provider, or another platform', () => {
    expect(isIosGuest(ctx({ platform: 'IOS_APP' }))).toBe(false);
    expect(isIosGuest(ctx({ platform: 'IOS_APP', user: member({ snsProvider: 'google' }) }))).toBe(false);
    expect(isIosGuest(ctx({ platform: 'WEB', user: guest }))).toBe(false);
    expect(isIosGuest(ctx({ platform: 'AND_PLAY', user: guest }))).toBe(false);
  });
});

describe('hasBirthDate', () => {
  it.each(['bom-th', 'bom-tw'] as const)('needs birthedAt on %s', (id) => {
    expect(hasBirthDate(BRANDS[id], member({ birthedAt: null }))).toBe(false);
    expect(hasBirthDate(BRANDS[id], member({ birthedAt: '2000-01-01' }))).toBe(true);
    expect(hasBirthDate(BRANDS[id], member({ birthedAt: new Date('2000-01-01') }))).toBe(true);
  });

  it('is considered present on every other brand', () => {
    for (const brand of Object.values(BRANDS).filter((b) => !['bom-th', 'bom-tw'].includes(b.id))) {
      expect(hasBirthDate(brand, member({ birthedAt: null })), brand.id).toBe(true);
    }
  });
});
