import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { LAYERS } from '@/lib/shell/layers';
import styles from './UnsupportedBrowser.module.css';

const CHROME_DOWNLOAD_URL = 'https://www.google.com/chrome/';

/**
 * Spec §2 unsupported browser: Internet Explorer cannot run the React bundle, so the server sends
 * it this modal as static HTML and CSS instead of the page; it works without JavaScript.
 */
export async function UnsupportedBrowser() {
  const t = await getT('Shell');
  const brand = await getRequestBrand();
  return (
    <div className={styles.layer} style={{ zIndex: LAYERS.modal }}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="unsupported-title"
        aria-describedby="unsupported-text"
        className={styles.dialog}
        data-testid="unsupported-browser"
      >
        <h1 id="unsupported-title" className={styles.title}>
          {t('unsupportedTitle')}
        </h1>
        <p id="unsupported-text" className={styles.text}>
          {t('unsupportedText', { product: brand.product })}
        </p>
        <a href={CHROME_DOWNLOAD_URL} className={styles.link} rel="noopener" data-testid="chrome-download">
          {t('unsupportedButton')}
        </a>
      </div>
    </div>
  );
}
