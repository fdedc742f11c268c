import Link from 'next/link';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { asksConsent } from '@/lib/tracking/consent';
import { ConsentFooterLink } from '../tracking/ConsentFooterLink';
import styles from './SiteFooter.module.css';

/** Every screen's footer (issue 13): notices, help, the terms and the privacy policy, and the product. */
export async function SiteFooter() {
  const brand = await getRequestBrand();
  const t = await getT('Footer');
  const links = [
    { href: routes.notices(), label: t('notices'), id: 'notices' },
    { href: routes.faq(), label: t('faq'), id: 'faq' },
    { href: routes.policy(), label: t('terms'), id: 'terms' },
    { href: routes.privacy(), label: t('privacy'), id: 'privacy' },
  ];
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <nav aria-label={t('label')}>
        <ul>
          {links.map((link) => (
            <li key={link.id}>
              <Link href={link.href} prefetch={false} data-testid={`footer-${link.id}`}>
                {link.label}
              </Link>
            </li>
          ))}
          {asksConsent(brand.id) && (
            <li>
              <ConsentFooterLink label={t('cookieSettings')} />
            </li>
          )}
        </ul>
      </nav>
      <p>{t('copyright', { year: new Date().getFullYear(), product: brand.product })}</p>
    </footer>
  );
}
