import type { ContactPage } from '@balcony/contracts';
import Link from 'next/link';
import formStyles from '@/components/ui/Form.module.css';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { CONTACT_PATH } from '@/lib/contact/contact';
import styles from './Contact.module.css';
import { ContactRegisterForm } from './ContactRegisterForm';

/** /qna/register (spec §2): the request form, with how many requests are left today. */
export async function ContactRegisterScreen({ today }: { today: ContactPage['today'] }) {
  const t = await getT('Contact');
  const remaining = Math.max(0, today.limit - today.used);
  return (
    <div className={styles.screen} data-testid="contact-register">
      <h1 className={styles.title}>{t('registerTitle')}</h1>
      <p className={styles.intro}>{t('registerIntro')}</p>
      {remaining === 0 ? (
        <div className={`${formStyles.info} ${styles.notice}`} data-testid="contact-quota">
          <p>{t('limitReached')}</p>
        </div>
      ) : (
        <p className={`${styles.quota} ${styles.notice}`} data-testid="contact-quota">
          {t('remaining', { count: remaining })}
        </p>
      )}
      <ScreenIntl namespaces={['Contact', 'Errors']}>
        <ContactRegisterForm />
      </ScreenIntl>
      <p className={styles.notice}>
        <Link href={CONTACT_PATH} data-testid="contact-to-list">
          {t('toList')}
        </Link>
      </p>
    </div>
  );
}
