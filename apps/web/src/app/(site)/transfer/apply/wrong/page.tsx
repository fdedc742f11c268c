import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/transfer/Transfer.module.css';
import { getT } from '@/i18n/server';
import { TRANSFER_PATHS } from '@/lib/transfer/paths';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Transfer');
  return { title: t('wrongTitle'), robots: { index: false } };
}

const REASONS = ['login', 'done', 'closed', 'none'] as const;
type Reason = (typeof REASONS)[number];
const isReason = (value: unknown): value is Reason => REASONS.includes(value as Reason);

/**
 * /transfer/apply/wrong (spec §2 "invalid access"): the confirm page opened without the transfer
 * login, a second attempt, or the period over; each says what to do instead.
 */
export default async function TransferWrongPage({ searchParams }: PageProps<'/transfer/apply/wrong'>) {
  const { reason } = await searchParams;
  const why: Reason = isReason(reason) ? reason : 'login';
  const t = await getT('Transfer');
  const text = {
    login: t('wrongLogin'),
    done: t('wrongDone'),
    closed: t('wrongClosed'),
    none: t('noTransfer'),
  }[why];
  return (
    <div className={styles.screen} data-testid="transfer-wrong">
      <h1 className={styles.title}>{t('wrongTitle')}</h1>
      <p className={styles.lead} role="alert" data-testid={`transfer-wrong-${why}`}>
        {text}
      </p>
      <div className={styles.actions}>
        {why === 'login' && (
          <Link className="button" href={TRANSFER_PATHS.login} prefetch={false}>
            {t('loginAgain')}
          </Link>
        )}
        {why === 'done' && (
          <Link className="button" href={TRANSFER_PATHS.status} prefetch={false}>
            {t('seeStatus')}
          </Link>
        )}
        <Link className="button button-secondary" href={TRANSFER_PATHS.note} prefetch={false}>
          {t('backToNote')}
        </Link>
      </div>
    </div>
  );
}
