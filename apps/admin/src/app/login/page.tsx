import type { Metadata } from 'next';
import styles from '@/components/login/Login.module.css';
import { LoginForm } from '@/components/login/LoginForm';
import { ClientIntlProvider } from '@/i18n/ClientIntlProvider';
import { getLocale, getMessages, getT } from '@/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Login');
  return { title: t('title') };
}

// The only console page open without a session. `?expired=1`: the last session ended (idle,
// logged out elsewhere, disabled), said once above the form.
export default async function LoginPage({ searchParams }: { searchParams: Promise<{ expired?: string }> }) {
  const { expired } = await searchParams;
  const t = await getT('Login');
  return (
    <ClientIntlProvider locale={await getLocale()} messages={await getMessages()} timeZone="UTC">
      <main className={styles.page}>
        <div className={styles.box}>
          <h1>{t('title')}</h1>
          {expired === '1' ? (
            <p className={styles.notice} role="status">
              {t('expired')}
            </p>
          ) : null}
          <LoginForm />
        </div>
      </main>
    </ClientIntlProvider>
  );
}
