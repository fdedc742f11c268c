import type { CompanyInfo } from '@balcony/contracts';
import { getT } from '@/i18n/server';
import styles from './CompanyDetails.module.css';

/** Who runs the brand (decision 0185): shown with the policies and on the settings screen. */
export async function CompanyDetails({ company }: { company: CompanyInfo }) {
  const t = await getT('Policy');
  return (
    <dl className={styles.details} data-testid="company-details">
      <dt>{t('companyName')}</dt>
      <dd>{company.name}</dd>
      <dt>{t('address')}</dt>
      <dd>{company.address}</dd>
      {company.representative && (
        <>
          <dt>{t('representative')}</dt>
          <dd>{company.representative}</dd>
        </>
      )}
      {company.registrationNumber && (
        <>
          <dt>{t('registration')}</dt>
          <dd>{company.registrationNumber}</dd>
        </>
      )}
      <dt>{t('email')}</dt>
      <dd>
        <a href={`mailto:${company.email}`}>{company.email}</a>
      </dd>
      {company.phone && (
        <>
          <dt>{t('phone')}</dt>
          <dd>
            <a href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</a>
          </dd>
        </>
      )}
    </dl>
  );
}
