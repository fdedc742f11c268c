import { formatDate, NOTIFICATION_KEEP_DAYS, type Notification, type NotificationPage } from '@balcony/contracts';
import { Pager } from '@/components/library/Pager';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { pageCount } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import { MarkAllReadButton, NotificationLink } from './NotificationActions';
import styles from './Notifications.module.css';

type NotificationsT = Awaited<ReturnType<typeof getT<'Notifications'>>>;

/** What a notification says, in the brand's locale (the push said the same in its words). */
function textOf(n: Notification, t: NotificationsT, date: string): string {
  const values = { subject: n.subject, number: n.number ?? 0, date };
  return t(`kinds.${n.kind}`, values);
}

/**
 * /notification: each notification links to what it is about (following it marks it read);
 * unread ones are marked beside their text; "mark all as read" clears the bell.
 */
export async function NotificationsScreen({ data }: { data: NotificationPage }) {
  const brand = await getRequestBrand();
  const t = await getT('Notifications');
  return (
    <div className={styles.screen} data-testid="notifications">
      <ScreenIntl namespaces={['Notifications', 'Errors']}>
        <div className={styles.head}>
          <h1 className={styles.title}>{t('title')}</h1>
          {data.unread > 0 && <MarkAllReadButton />}
        </div>
        <p className={styles.intro}>{t('intro', { days: NOTIFICATION_KEEP_DAYS })}</p>
        {data.items.length === 0 ? (
          <p className={styles.empty} data-testid="notifications-empty">
            {t('empty')}
          </p>
        ) : (
          <ul className={styles.list}>
            {data.items.map((n) => (
              <li key={n.id}>
                <NotificationLink id={n.id} href={n.path} unread={n.readAt === null}>
                  <span className={styles.text}>{textOf(n, t, n.endsAt ? formatDate(brand, n.endsAt) : '')}</span>
                  <span className={styles.meta}>
                    {n.readAt === null && <strong>{t('unread')} · </strong>}
                    <time dateTime={n.createdAt}>{formatDate(brand, n.createdAt)}</time>
                  </span>
                </NotificationLink>
              </li>
            ))}
          </ul>
        )}
      </ScreenIntl>
      <Pager page={data.page} count={pageCount(data.total, data.size)} hrefFor={routes.notifications} />
    </div>
  );
}
