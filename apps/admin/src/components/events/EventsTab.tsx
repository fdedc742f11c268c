import { AdminEventList, EventThemeList } from '@balcony/contracts';
import { DataTable } from '@/components/ui/DataTable';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { getConsole } from '@/lib/console';
import { formatInstant } from '@/lib/format';
import { EventForm } from './EventForm';

/**
 * The brand's events, newest start first, with their status (scheduled, running, ended), their
 * period in the brand's zone and how many members took part, each with its editor (folded), then
 * a new event. Readers see an event only inside its period.
 */
export async function EventsTab() {
  const { brand, locale } = await getConsole();
  const t = await getT('Events');
  const [{ events }, { themes }] = await Promise.all([
    api('/admin/events', AdminEventList),
    api('/admin/event-themes', EventThemeList),
  ]);
  const at = (iso: string) => formatInstant(iso, locale, brand.timeZone);
  return (
    <section aria-labelledby="events-title">
      <h2 id="events-title">{t('listTitle')}</h2>
      <p className={ui.muted}>{t('intro')}</p>
      {events.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <DataTable
          caption={t('listTitle')}
          columns={[t('title'), t('kind'), t('period'), t('status'), t('participants'), t('actions')]}
        >
          {events.map((e) => (
            <tr key={e.id} data-testid="admin-event">
              <th scope="row">
                {e.title} <span className={ui.muted}>#{e.id}</span>
              </th>
              <td>{t(`kinds.${e.kind}`)}</td>
              <td>
                {at(e.startsAt)} – {at(e.endsAt)}
              </td>
              <td>
                <span className={ui.badge}>{t(`statuses.${e.status}`)}</span>
              </td>
              <td>{e.participants}</td>
              <td>
                <details>
                  <summary>{t('edit')}</summary>
                  <EventForm event={e} themes={themes} timeZone={brand.timeZone} />
                </details>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <h2>{t('createTitle')}</h2>
      <EventForm themes={themes} timeZone={brand.timeZone} />
    </section>
  );
}
