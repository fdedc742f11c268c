import { type BrandConfig, type ContactPage, type ContactRequest, formatDate } from '@balcony/contracts';
import Link from 'next/link';
import { Pager } from '@/components/library/Pager';
import formStyles from '@/components/ui/Form.module.css';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { CONTACT_REGISTER_PATH, contactImagePath, contactListPath } from '@/lib/contact/contact';
import { pageCount } from '@/lib/library/paging';
import styles from './Contact.module.css';

type ContactT = Awaited<ReturnType<typeof getT<'Contact'>>>;

/**
 * /qna (spec §2): the member's requests, newest first, each an accessible disclosure (`details`)
 * whose summary says its state, title and date, and whose body holds the question, its images
 * (fetched through the front proxy with the member's cookie) and the answer once COMPLETED.
 * Every text a member or an admin wrote is rendered as text. `filed` is the request just sent:
 * it is announced and open.
 */
export async function ContactScreen({ data, filed }: { data: ContactPage; filed: number | null }) {
  const brand = await getRequestBrand();
  const t = await getT('Contact');
  const remaining = Math.max(0, data.today.limit - data.today.used);
  const justFiled = filed !== null && data.items.some((r) => r.id === filed);
  return (
    <div className={styles.screen} data-testid="contact">
      <h1 className={styles.title}>{t('listTitle')}</h1>
      <p className={styles.intro}>{t('listIntro')}</p>
      {justFiled && (
        <p role="status" className={`${formStyles.success} ${styles.notice}`} data-testid="contact-filed">
          {t('filed')}
        </p>
      )}
      <div className={styles.actions}>
        <Link href={CONTACT_REGISTER_PATH} className="button" data-testid="contact-new">
          {t('newRequest')}
        </Link>
        <p className={styles.quota} data-testid="contact-quota">
          {remaining > 0 ? t('remaining', { count: remaining }) : t('limitReached')}
        </p>
      </div>
      {data.items.length === 0 ? (
        <p className={styles.empty} data-testid="contact-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className={styles.list} aria-label={t('listLabel')}>
          {data.items.map((request) => (
            <Request key={request.id} request={request} brand={brand} t={t} open={request.id === filed} />
          ))}
        </ul>
      )}
      <Pager page={data.page} count={pageCount(data.total, data.size)} hrefFor={(page) => contactListPath(page)} />
    </div>
  );
}

function Request({
  request,
  brand,
  t,
  open,
}: {
  request: ContactRequest;
  brand: BrandConfig;
  t: ContactT;
  open: boolean;
}) {
  const headingId = `contact-${request.id}-title`;
  return (
    <li className={styles.item} data-testid="contact-request" data-id={request.id} data-status={request.status}>
      <details open={open}>
        <summary>
          <span className={styles.badge} data-status={request.status} data-testid="contact-status">
            {t(`status.${request.status}`)}
          </span>
          <span className={styles.itemTitle} id={headingId}>
            {request.title}
          </span>
          <span className={styles.itemMeta}>
            {t(`categories.${request.category}`)} · {t('filedOn', { date: formatDate(brand, request.createdAt) })}
          </span>
        </summary>
        <div className={styles.body}>
          <h2 className={styles.sectionTitle}>{t('question')}</h2>
          <p className={styles.text} data-testid="contact-content">
            {request.content}
          </p>
          {request.attachments.length > 0 && (
            <ul className={styles.thumbs} aria-label={t('attachedImages')}>
              {request.attachments.map((image) => {
                const src = contactImagePath(request.id, image.position);
                const alt = t('imageAlt', { number: image.position + 1, title: request.title });
                return (
                  <li key={image.position}>
                    <a href={src} target="_blank" rel="noopener">
                      {/* A private image through the front proxy: not for Next's optimiser. */}
                      {/* biome-ignore lint/performance/noImgElement: the member's own image, served no-store */}
                      <img
                        src={src}
                        alt={alt}
                        width={96}
                        height={96}
                        loading="lazy"
                        className={styles.thumb}
                        data-testid="contact-thumb"
                      />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
          {request.status === 'COMPLETED' && request.answer !== null ? (
            <section className={styles.answer} aria-labelledby={`${headingId}-answer`} data-testid="contact-answer">
              <h2 className={styles.sectionTitle} id={`${headingId}-answer`}>
                {t('answer')}
              </h2>
              <p className={styles.text} data-testid="contact-answer-text">
                {request.answer}
              </p>
              {request.answeredAt && (
                <p className={styles.quota}>{t('answeredOn', { date: formatDate(brand, request.answeredAt) })}</p>
              )}
            </section>
          ) : (
            <p className={styles.waiting}>{t('waiting')}</p>
          )}
        </div>
      </details>
    </li>
  );
}
