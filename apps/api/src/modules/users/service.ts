import type { CoinBalance, User } from '@balcony/contracts';
import type { UserRow } from '../auth/repo.js';

/** The owner's view of an account: the User of spec §3, nothing secret. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    snsProvider: row.snsProvider,
    snsId: row.snsId,
    email: row.email,
    name: row.name,
    nickname: row.nickname,
    isAdult: row.isAdult,
    purchaseCount: row.purchaseCount,
    isAgreeMail: row.isAgreeMail,
    showAdult: row.showAdult,
    isKrIpUser: row.isKrIpUser,
    isAdultKr: row.isAdultKr,
    agreePush: {
      isAgreePush: row.isAgreePush,
      isAgreePushContents: row.isAgreePushContents,
      isAgreePushFreetime: row.isAgreePushFreetime,
      isAgreePushNight: row.isAgreePushNight,
    },
    birthedAt: row.birthedAt,
    isBlToggle: row.isBlToggle,
  };
}

/** Balances arrive with the coin ledger; until then every member holds nothing. */
export function coinBalance(_user: UserRow): CoinBalance {
  return { coin: 0, freeCoin: 0, bonus: 0, mileage: 0, total: 0 };
}
