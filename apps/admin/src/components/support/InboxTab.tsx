import { AdminContactPage, ContactStatus } from '@balcony/contracts';
import { Pager } from '@/components/ui/Pager';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { adminUrl } from '@/lib/client-api';
import { getConsole } from '@/lib/console';
import { formatInstant } from '@/lib/format';
import { pageParam, param, type SearchParams } from '@/lib/search-params';
import { AnswerForm } from './AnswerForm';
import styles from './Support.module.css';

/**
 * The contact inbox: requests waiting for an answer first (oldest first, as the api orders them),
 * or the answered ones. Opening one shows its text, its images (through the console's proxy,
 * never a public URL) and the answer form.
 */
export async function InboxTab({ search }: { search: SearchParams }) {
  const { brand, locale } = await getConsole();
  const [t, categories] = await Promise.all([getT('Support'), getT('ContactCategories')]);
  const wanted = ContactStatus.safeParse(param(search, 'status') ?? 'WAIT');
  const status = wanted.success ? wanted.data : 'WAIT';
  const page = pageParam(search);
  // The request just answered (AnswerForm): confirmed above the list and shown open in it.
  const answered = Number(param(search, 'answered'));
  const list = await api('/admin/qna', AdminContactPage, { query: { status, page } });
  return (
    <section aria-labelledby="inbox-title">
      <h2 id="inbox-title">{t('inbox.title')}</h2>
      <nav className={styles.filters} aria-label={t('inbox.filter')}>
        {ContactStatus.options.map((option) => (
          <a key={option} href={`/support?tab=inbox&status=${option}`} aria-current={option === status}>
            {t(`inbox.status.${option}`)}
          </a>
        ))}
      </nav>
      {Number.isInteger(answered) && answered > 0 ? <p role="status">{t('inbox.sent')}</p> : null}
      {list.items.length === 0 ? <p>{t('inbox.empty')}</p> : null}
      {list.items.map((request) => (
        <details key={request.id} className={styles.item} open={request.id === answered}>
          <summary>
            <span className={ui.badge}>{t(`inbox.status.${request.status}`)}</span>
            <span className={styles.title}>{request.title}</span>
            <span className={ui.muted}>
              {categories(request.category)} · {t('inbox.member', { id: request.userId })} ·{' '}
              {formatInstant(request.createdAt, locale, brand.timeZone)}
            </span>
          </summary>
          <div className={styles.body}>
            <p className={ui.pre}>{request.content}</p>
            {request.attachments.length > 0 ? (
              <div className={styles.images}>
                {request.attachments.map((attachment) => (
                  <a
                    key={attachment.position}
                    href={adminUrl(`qna/${request.id}/attachments/${attachment.position}`)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {/* biome-ignore lint/performance/noImgElement: a private image through the proxy, not optimisable */}
                    <img
                      src={adminUrl(`qna/${request.id}/attachments/${attachment.position}`)}
                      alt={t('inbox.image', { n: attachment.position + 1 })}
                      width={attachment.width}
                      height={attachment.height}
                      loading="lazy"
                    />
                  </a>
                ))}
              </div>
            ) : null}
            {request.answer ? (
              <div>
                <h3>{t('inbox.answered', { when: formatInstant(request.answeredAt, locale, brand.timeZone) })}</h3>
                <p className={ui.pre}>{request.answer}</p>
              </div>
            ) : null}
            <AnswerForm id={request.id} initial={request.answer ?? ''} />
          </div>
        </details>
      ))}
      <Pager
        pathname="/support"
        params={{ tab: 'inbox', status }}
        page={list.page}
        size={list.size}
        total={list.total}
      />
    </section>
  );
}
