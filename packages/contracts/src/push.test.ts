import { describe, expect, it } from 'vitest';
import { isNightPushTime, mayPush, nightPushEnd, type PushKind, type PushSettings, pushTime } from './push.js';

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

describe('pushTime', () => {
  const agree = { isAgreePush: true, isAgreePushContents: false, isAgreePushFreetime: true, isAgreePushNight: false };

  it('is never without the agreement of the kind, now by day, the end of the night otherwise', () => {
    expect(pushTime(agree, 'CONTENTS', winter(12), PARIS)).toBeNull();
    expect(pushTime(agree, 'EVENT', winter(12), PARIS)).toEqual(winter(12));
    // 23:10 on 15 January: deferred to 04:00 on the 16th.
    expect(pushTime(agree, 'EVENT', winter(23, 10), PARIS)).toEqual(new Date(winter(4).getTime() + 24 * 3600_000));
    expect(pushTime({ ...agree, isAgreePushNight: true }, 'EVENT', winter(23, 10), PARIS)).toEqual(winter(23, 10));
  });

  it('defers to 04:00 on the zone’s clock, also across a daylight saving change and in other zones', () => {
    // 02:30 in Paris on the night the clocks go forward (30 March 2025): 04:00 is 02:00 UTC.
    expect(nightPushEnd(new Date(Date.UTC(2025, 2, 30, 0, 30)), PARIS)).toEqual(new Date(Date.UTC(2025, 2, 30, 2, 0)));
    // 22:00 in Bangkok (UTC+7) is 15:00 UTC; 04:00 there is 21:00 UTC.
    expect(nightPushEnd(new Date(Date.UTC(2025, 0, 15, 15, 0)), 'Asia/Bangkok')).toEqual(
      new Date(Date.UTC(2025, 0, 15, 21, 0)),
    );
    // 03:59:30 in Paris ends at 04:00 exactly.
    expect(nightPushEnd(new Date(winter(3, 59).getTime() + 30_000), PARIS)).toEqual(winter(4));
  });
});
