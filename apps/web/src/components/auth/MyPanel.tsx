'use client';

import type { MyPageLink } from '@balcony/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type ReactNode, useState } from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import { signOut } from '@/components/session/client';
import { isLoggedIn, useSession } from '@/components/session/SessionProvider';
import { MY_LINK_HREF, visibleMyLinks } from '@/lib/auth/my-links';
import { routes } from '@/lib/navigation/routes';
import styles from './Auth.module.css';

/**
 * The My page (spec §2) for this tab's session: a member sees who is logged in, the coin
 * balance, every link and the account links with logout; a visitor sees the guest prompt and the
 * public links. It follows the session live, so a logout in another tab turns it into the guest view.
 */
export function MyPanel({ links, expiries }: { links: readonly MyPageLink[]; expiries?: ReactNode }) {
  const t = useTranslations('My');
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  return (
    <>
      {session.status === 'loading' ? (
        <p role="status">{t('loading')}</p>
      ) : loggedIn && session.data ? (
        <MemberCard
          nickname={session.data.user.nickname}
          email={session.data.user.email}
          coins={session.data.coin.total}
          points={session.data.coin.mileage}
          expiries={expiries}
        />
      ) : (
        <GuestPrompt />
      )}
      <nav aria-label={t('menuLabel')}>
        <ul className={styles.menu} data-testid="my-links">
          {visibleMyLinks(links, loggedIn).map((link) => (
            <li key={link}>
              <Link href={MY_LINK_HREF[link]} prefetch={false} data-testid={`my-link-${link}`}>
                {t(`links.${link}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {loggedIn && session.data && <AccountLinks emailAccount={session.data.user.snsProvider === null} />}
    </>
  );
}

function MemberCard({
  nickname,
  email,
  coins,
  points,
  expiries,
}: {
  nickname: string | null;
  email: string | null;
  coins: number;
  points: number;
  /** The soonest expiries, rendered by the server (CoinExpiries). */
  expiries: ReactNode;
}) {
  const t = useTranslations('My');
  const format = useFormatter();
  return (
    <section className={styles.card} aria-labelledby="my-member" data-testid="my-member">
      <h2 id="my-member" className={styles.memberName}>
        <span className="visually-hidden">{t('memberLabel')}: </span>
        <span data-testid="my-nickname">{nickname || t('noNickname')}</span>
      </h2>
      {email && (
        <p className={styles.email} data-testid="my-email">
          {email}
        </p>
      )}
      <dl className={styles.balances}>
        <div>
          <dt>{t('coins')}</dt>
          <dd data-testid="my-coins">{format.number(coins)}</dd>
        </div>
        <div>
          <dt>{t('points')}</dt>
          <dd>
            <span data-testid="my-points">{format.number(points)}</span>
            <Link
              href={routes.mileageExchange}
              prefetch={false}
              className={styles.balanceLink}
              data-testid="my-exchange"
            >
              {t('exchangePoints')}
            </Link>
          </dd>
        </div>
      </dl>
      {expiries}
      <p className={styles.buttons}>
        <Link href={routes.shop} prefetch={false} className="button">
          {t('buyCoins')}
        </Link>
        <Link href={routes.history('charge')} prefetch={false} className="button button-secondary">
          {t('history')}
        </Link>
        <Link href={routes.myCoins} prefetch={false} className="button button-secondary" data-testid="my-ledger">
          {t('ledger')}
        </Link>
      </p>
    </section>
  );
}

function GuestPrompt() {
  const t = useTranslations('My');
  return (
    <section className={styles.card} aria-labelledby="my-guest" data-testid="my-guest">
      <h2 id="my-guest">{t('guestTitle')}</h2>
      <p>{t('guestBody')}</p>
      <div className={styles.buttons}>
        <Link href={routes.login(routes.my)} prefetch={false} className="button" data-testid="my-login">
          {t('login')}
        </Link>
        <Link href={routes.signup(routes.my)} prefetch={false} className="button button-secondary">
          {t('signup')}
        </Link>
      </div>
    </section>
  );
}

/** Profile, password (e-mail accounts only) and withdrawal, then logout (spec §4). */
function AccountLinks({ emailAccount }: { emailAccount: boolean }) {
  const t = useTranslations('My');
  const router = useRouter();
  const { clear } = useSession();
  const [leaving, setLeaving] = useState(false);

  async function logout() {
    if (leaving) return;
    setLeaving(true);
    const url = await signOut(routes.logoutSuccess);
    clear();
    router.replace(url);
  }

  return (
    <section aria-labelledby="my-account">
      <h2 id="my-account" className={styles.heading}>
        {t('accountHeading')}
      </h2>
      <ul className={styles.menu}>
        <li>
          <Link href={routes.profile} prefetch={false} data-testid="my-profile">
            {t('profile')}
          </Link>
        </li>
        {emailAccount && (
          <li>
            <Link href={routes.changePassword} prefetch={false} data-testid="my-change-password">
              {t('changePassword')}
            </Link>
          </li>
        )}
        <li>
          <Link href={routes.withdrawal} prefetch={false} data-testid="my-withdrawal">
            {t('withdrawal')}
          </Link>
        </li>
      </ul>
      <p>
        <button
          type="button"
          className="button button-secondary"
          onClick={logout}
          disabled={leaving}
          aria-busy={leaving || undefined}
          data-testid="logout"
        >
          {leaving ? t('loggingOut') : t('logout')}
        </button>
      </p>
    </section>
  );
}
