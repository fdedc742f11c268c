import { describe, expect, it } from 'vitest';
import { isNightPushTime, mayPush, type PushKind, type PushSettings } from './push.js';

const PARIS = 'Europe/Paris';
// 15 January: Paris is UTC+1; 15 July: UTC+2.
const winter = (hh: number, mm = 0) => new Date(Date.UTC(2025, 0, 15, hh - 1, mm));
const summer = (hh: number, mm = 0) => new Date(Date.UTC(2025, 6, 15, hh - 2, mm));

describe('isNightPushTime', () => {
  it('starts at 22:00 inclusive', () => {
    expect(isNightPushTime(winter(21, 59), PARIS)).toBe(false);
    expect(isNightPushTime(winter(22, 0), PARIS)).toBe(true);
  });

  it('runs over midnight', () => {
    expect(isNightPushTime(winter(23, 59), PARIS)).toBe(true);
    expect(isNightPushTime(winter(0, 0), PARIS)).toBe(true);
    expect(isNightPushTime(winter(3, 59), PARIS)).toBe(true);
  });

  it('ends at 04:00 exclusive', () => {
    expect(isNightPushTime(winter(4, 0), PARIS)).toBe(false);
    expect(isNightPushTime(winter(12, 0), PARIS)).toBe(false);
  });

  it('follows daylight saving time', () => {
    expect(isNightPushTime(summer(22, 0), PARIS)).toBe(true);
    expect(isNightPushTime(summer(21, 59), PARIS)).toBe(false);
    expect(isNightPushTime(summer(4, 0), PARIS)).toBe(false);
  });

  it('reads the clock of the given zone', () => {
    // 14:00 UTC is 23:00 in Tokyo and 15:00 in Paris (winter).
    const t = new Date(Date.UTC(2025, 0, 15, 14, 0));
    expect(isNightPushTime(t, 'Asia/Tokyo')).toBe(true);
    expect(isNightPushTime(t, PARIS)).toBe(false);
  });
});

describe('mayPush', () => {
  const allOn: PushSettings = {
    isAppPush: true,
    agreePush: { isAgreePush: true, isAgreePushContents: true, isAgreePushFreetime: true, isAgreePushNight: true },
  };
  const day = winter(12);
  const night = winter(23);
  const settingsWith = (over: Partial<PushSettings['agreePush']>, isAppPush = true): PushSettings => ({
    isAppPush,
    agreePush: { ...allOn.agreePush, ...over },
  });
  const kinds: PushKind[] = ['EVENT', 'CONTENTS', 'FREETIME'];

  it('allows every kind by day and night when everything is agreed', () => {
    for (const kind of kinds) {
      expect(mayPush(allOn, kind, day, PARIS)).toBe(true);
      expect(mayPush(allOn, kind, night, PARIS)).toBe(true);
    }
  });

  it('sends nothing when the device switch is off', () => {
    for (const kind of kinds) expect(mayPush(settingsWith({}, false), kind, day, PARIS)).toBe(false);
  });

  it('needs the agreement of each kind', () => {
    expect(mayPush(settingsWith({ isAgreePush: false }), 'EVENT', day, PARIS)).toBe(false);
    expect(mayPush(settingsWith({ isAgreePush: false }), 'CONTENTS', day, PARIS)).toBe(true);
    expect(mayPush(settingsWith({ isAgreePushContents: false }), 'CONTENTS', day, PARIS)).toBe(false);
    expect(mayPush(settingsWith({ isAgreePushContents: false }), 'FREETIME', day, PARIS)).toBe(true);
    expect(mayPush(settingsWith({ isAgreePushFreetime: false }), 'FREETIME', day, PARIS)).toBe(false);
    expect(mayPush(settingsWith({ isAgreePushFreetime: false }), 'EVENT', day, PARIS)).toBe(true);
  });

  it('needs the night agreement at night only', () => {
    const noNight = settingsWith({ isAgreePushNight: false });
    for (const kind of kinds) {
      expect(mayPush(noNight, kind, day, PARIS)).toBe(true);
      expect(mayPush(noNight, kind, night, PARIS)).toBe(false);
    }
  });

  it('does not let the night agreement stand in for a kind', () => {
    expect(mayPush(settingsWith({ isAgreePush: false }), 'EVENT', night, PARIS)).toBe(false);
  });
});
