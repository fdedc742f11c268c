import {
  AdminMemberLedger,
  AdminMemberMatches,
  type AdminOrder,
  AdminOrderList,
  type CoinLot,
  type HistoryReference,
} from '@balcony/contracts';
import Link from 'next/link';
import { DataTable } from '@/components/ui/DataTable';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { ApiError, api } from '@/lib/api';
import { getConsole } from '@/lib/console';
import { formatInstant } from '@/lib/format';
import { param, type SearchParams } from '@/lib/search-params';
import { RefundButton } from './RefundButton';

/** A reference in a few words: a product, a note, or a series and its episode. */
function referenceText(reference: HistoryReference | null): string {
  if (!reference) return '';
  switch (reference.kind) {
    case 'PRODUCT':
      return reference.name;
    case 'NOTE':
      return reference.note;
    case 'EPISODE':
      return reference.episodeCount === 1 && reference.episodeNumber !== null
        ? `${reference.seriesTitle} #${reference.episodeNumber}`
        : `${reference.seriesTitle} (${reference.episodeCount})`;
  }
}

/**
 * A member's coins by lot (issue 15 item 5): find them by id or e-mail in the brand, then their
 * balances, every lot with where its coins went, their latest movements, and their orders with a
 * refund button while one may be refunded. Adjustments are on the rewards screen.
 */
export async function LedgerTab({ search }: { search: SearchParams }) {
  const { brand, locale } = await getConsole();
  const t = await getT('Shop');
  const q = param(search, 'q');
  const memberId = Number(param(search, 'member'));
  const when = (iso: string | null) => formatInstant(iso, locale, brand.timeZone);
  const n = new Intl.NumberFormat(locale);

  let failure: string | null = null;
  let matches: AdminMemberMatches | null = null;
  let ledger: AdminMemberLedger | null = null;
  let orders: AdminOrder[] = [];
  try {
    if (q) matches = await api('/admin/members', AdminMemberMatches, { query: { q } });
    if (Number.isInteger(memberId) && memberId > 0) {
      [ledger, { orders }] = await Promise.all([
        api(`/admin/members/${memberId}/ledger`, AdminMemberLedger),
        api(`/admin/members/${memberId}/orders`, AdminOrderList),
      ]);
    }
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    failure = e.code;
  }

  const money = (order: AdminOrder) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: order.currency }).format(
      order.amount / 10 ** brand.currencyMinorUnits,
    );
  const lotRow = (lot: CoinLot) => (
    <tr key={lot.id}>
      <th scope="row">#{lot.id}</th>
      <td>{t(`coinTypes.${lot.coinType}`)}</td>
      <td>
        {t(`origins.${lot.origin}`)}
        <div className={ui.muted}>{[lot.title, referenceText(lot.reference)].filter(Boolean).join(' · ')}</div>
      </td>
      <td>{n.format(lot.amount)}</td>
      <td>{n.format(lot.remaining)}</td>
      <td>{t(`lotStatus.${lot.status}`)}</td>
      <td>{when(lot.createdAt)}</td>
      <td>{lot.expiresAt ? when(lot.expiresAt) : t('ledger.never')}</td>
      <td>
        {lot.uses.length === 0 ? (
          <span className={ui.muted}>{t('ledger.unused')}</span>
        ) : (
          <ul>
            {lot.uses.map((use) => (
              <li key={use.transferId}>
                {t('ledger.use', {
                  kind: t(`useKinds.${use.kind}`),
                  amount: n.format(use.amount),
                  when: when(use.createdAt),
                })}
                {use.reference ? <span className={ui.muted}> · {referenceText(use.reference)}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );

  return (
    <section aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t('ledger.title')}</h2>
      <search>
        <form className={`${ui.card} ${ui.form}`} method="get" action="/shop">
          <input type="hidden" name="tab" value="ledger" />
          <label className={ui.field}>
            <span>{t('ledger.search')}</span>
            <input name="q" defaultValue={q ?? ''} required maxLength={200} />
          </label>
          <div className={ui.actions}>
            <button type="submit" className={ui.button}>
              {t('ledger.find')}
            </button>
          </div>
        </form>
      </search>
      {failure ? <ErrorText code={failure} /> : null}
      {matches ? (
        matches.members.length === 0 ? (
          <p>{t('ledger.noMatch')}</p>
        ) : (
          <ul>
            {matches.members.map((m) => (
              <li key={m.id}>
                <Link href={`/shop?tab=ledger&member=${m.id}`}>
                  {t('ledger.match', { id: m.id, email: m.email ?? '—', nickname: m.nickname ?? '—' })}
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {ledger ? (
        <>
          <h3>{t('ledger.memberTitle', { id: ledger.member.id })}</h3>
          <p>
            {t('ledger.memberLine', {
              email: ledger.member.email ?? '—',
              nickname: ledger.member.nickname ?? '—',
              status: ledger.member.status,
              purchases: ledger.member.purchaseCount,
            })}{' '}
            <Link href="/rewards?tab=coins">{t('ledger.adjust')}</Link>
          </p>
          <dl className={ui.row}>
            {(['coin', 'freeCoin', 'bonus', 'mileage', 'total'] as const).map((key) => (
              <div key={key} className={ui.card}>
                <dt className={ui.muted}>{t(`balance.${key}`)}</dt>
                <dd>
                  <strong>{n.format(ledger.balance[key])}</strong>
                </dd>
              </div>
            ))}
          </dl>

          <h3>{t('ledger.lotsTitle')}</h3>
          <p className={ui.muted}>{t('ledger.lotsIntro', { days: ledger.windowDays })}</p>
          {ledger.lots.length === 0 ? (
            <p>{t('ledger.noLots')}</p>
          ) : (
            <DataTable
              caption={t('ledger.lotsTitle')}
              columns={[
                t('ledger.lot'),
                t('ledger.coinType'),
                t('ledger.origin'),
                t('ledger.amount'),
                t('ledger.remaining'),
                t('ledger.status'),
                t('ledger.created'),
                t('ledger.expires'),
                t('ledger.uses'),
              ]}
            >
              {ledger.lots.map(lotRow)}
            </DataTable>
          )}
          {ledger.moreEmptied ? <p className={ui.muted}>{t('ledger.moreEmptied')}</p> : null}

          <h3>{t('ledger.ordersTitle')}</h3>
          {orders.length === 0 ? (
            <p>{t('ledger.noOrders')}</p>
          ) : (
            <DataTable
              caption={t('ledger.ordersTitle')}
              columns={[
                t('ledger.order'),
                t('ledger.product'),
                t('ledger.amount'),
                t('ledger.status'),
                t('ledger.paid'),
                t('ledger.refundable'),
              ]}
            >
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">#{order.id}</th>
                  <td>
                    {order.productName}
                    <div className={ui.muted}>
                      {t('ledger.orderCoins', {
                        coins: order.coins,
                        bonus: order.bonusCoins,
                        free: order.freeCoins,
                      })}
                    </div>
                  </td>
                  <td>{money(order)}</td>
                  <td>
                    {t(`orderStatus.${order.status}`)}
                    {order.refundedAt ? <div className={ui.muted}>{when(order.refundedAt)}</div> : null}
                  </td>
                  <td>{when(order.paidAt)}</td>
                  <td>
                    <RefundButton
                      orderId={order.id}
                      label={`#${order.id} · ${money(order)}`}
                      until={order.refundableUntil ? when(order.refundableUntil) : null}
                    />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}

          <h3>{t('ledger.transfersTitle')}</h3>
          {ledger.transfers.length === 0 ? (
            <p>{t('ledger.noTransfers')}</p>
          ) : (
            <DataTable
              caption={t('ledger.transfersTitle')}
              columns={[
                t('ledger.when'),
                t('ledger.movement'),
                t('ledger.coinType'),
                t('ledger.amount'),
                t('ledger.reference'),
              ]}
            >
              {ledger.transfers.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{when(entry.createdAt)}</th>
                  <td>
                    {entry.type} <span className={ui.muted}>{entry.title}</span>
                  </td>
                  <td>{t(`coinTypes.${entry.coinType}`)}</td>
                  <td>{entry.amount > 0 ? `+${n.format(entry.amount)}` : n.format(entry.amount)}</td>
                  <td>{referenceText(entry.reference)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      ) : null}
    </section>
  );
}
