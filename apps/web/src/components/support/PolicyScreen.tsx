import { formatDate, type PolicyDocument, type PolicyStatus } from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { CompanyDetails } from './CompanyDetails';
import { SanitizedHtml } from './SanitizedHtml';
import styles from './Support.module.css';

const STATUS_KEY = {
  CURRENT: 'statusCurrent',
  UPCOMING: 'statusUpcoming',
  PAST: 'statusPast',
} as const satisfies Record<PolicyStatus, string>;

/**
 * /policy and /privacy: one version of the terms or the privacy policy (the one in force unless
 * `?version=` asks), the date it took or takes effect in the brand's zone, its text, every
 * version with a link, and the company running the brand.
 */
export async function PolicyScreen({ policy }: { policy: PolicyDocument }) {
  const brand = await getRequestBrand();
  const t = await getT('Policy');
  const pathOf = policy.kind === 'TERMS' ? routes.policy : routes.privacy;
  const date = formatDate(brand, policy.inForceAt);
  const company = policy.company;
  return (
    <div className={styles.screen}>
      <article className={styles.article} data-testid="policy" data-kind={policy.kind} data-version={policy.version}>
        <header>
          <h1>{policy.title}</h1>
          <p className={styles.date} data-testid="policy-in-force">
            {policy.status === 'CURRENT'
              ? t('inForceSince', { date })
              : policy.status === 'UPCOMING'
                ? t('upcomingFrom', { date })
                : t('pastFrom', { date })}
            {policy.status !== 'CURRENT' && (
              <>
                {' · '}
                <Link href={pathOf()} prefetch={false} data-testid="policy-current">
                  {t('readCurrent')}
                </Link>
              </>
            )}
          </p>
        </header>
        <SanitizedHtml html={policy.body} testId="policy-body" />
      </article>
      <section aria-labelledby="policy-versions" className={styles.versionsSection}>
        <h2 id="policy-versions">{t('versionsHeading')}</h2>
        <ul className={styles.versions} data-testid="policy-versions">
          {policy.versions.map((v) => {
            const text = t('versionItem', { version: v.version, date: formatDate(brand, v.inForceAt) });
            return (
              <li key={v.version} data-version={v.version} data-status={v.status}>
                {v.version === policy.version ? (
                  <span aria-current="page">{text}</span>
                ) : (
                  <Link href={pathOf(v.version)} prefetch={false}>
                    {text}
                  </Link>
                )}{' '}
                <span className={styles.date}>({t(STATUS_KEY[v.status])})</span>
              </li>
            );
          })}
        </ul>
      </section>
      {company && (
        <section aria-labelledby="policy-company" className={styles.company} data-testid="policy-company">
          <h2 id="policy-company">{t('companyHeading')}</h2>
          <CompanyDetails company={company} />
        </section>
      )}
    </div>
  );
}
