import type { ReactNode } from 'react';
import { ConsoleHeader } from '@/components/shell/ConsoleHeader';
import { ConsoleNav } from '@/components/shell/ConsoleNav';
import styles from '@/components/shell/Shell.module.css';
import { ClientIntlProvider } from '@/i18n/ClientIntlProvider';
import { getMessages, getT } from '@/i18n/server';
import { brandsFor } from '@/lib/brands';
import { getConsole } from '@/lib/console';
import { navFor } from '@/lib/nav';

// The console's frame: every page in it needs a live admin session (getConsole redirects to
// /login otherwise). The nav lists only the areas the admin's roles open; the api checks the same
// roles on each call, so hiding is a convenience, never the protection.
export default async function ConsoleLayout({ children }: Readonly<{ children: ReactNode }>) {
  const { admin, brand, locale } = await getConsole();
  const t = await getT('Shell');
  const messages = await getMessages();
  const nav = navFor(admin.roles);
  return (
    <ClientIntlProvider locale={locale} timeZone={brand.timeZone} messages={messages}>
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      <ConsoleHeader
        admin={admin}
        brand={brand.id}
        brands={brandsFor(admin.brandIds).map((b) => ({ id: b.id, label: `${b.product} (${b.id})` }))}
        locale={locale}
      />
      <div className={styles.frame}>
        <ConsoleNav items={nav.map((item) => ({ href: item.href, key: item.key }))} />
        <main id="main" className={styles.main}>
          {children}
        </main>
      </div>
    </ClientIntlProvider>
  );
}
