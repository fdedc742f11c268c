import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';

export default async function NotFound() {
  const t = await getT('Shell');
  return (
    <main style={{ padding: '2rem' }}>
      <div className={ui.card}>
        <h1>{t('notFoundTitle')}</h1>
        <p>{t('notFoundText')}</p>
        <a href="/">{t('back')}</a>
      </div>
    </main>
  );
}
