import { AdminFaq } from '@balcony/contracts';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { FaqManager } from './FaqManager';

/** The brand's whole FAQ (GET /admin/faq: empty categories too, with positions) to add, change or delete. */
export async function FaqTab() {
  const t = await getT('Support');
  const faq = await api('/admin/faq', AdminFaq);
  return (
    <section aria-labelledby="faq-title">
      <h2 id="faq-title">{t('faq.title')}</h2>
      <FaqManager categories={faq.categories} />
    </section>
  );
}
