import {
  CouponsReport,
  type CouponsRow,
  FreetimeReport,
  type FreetimeRow,
  REPORT_MAX_DAYS,
  ReadersReport,
  type ReadersRow,
  type ReportKind,
  SalesReport,
  type SalesRow,
  SeriesReport,
  type SeriesRow,
} from '@balcony/contracts';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Chart } from '@/components/dashboard/Chart';
import { CsvButton } from '@/components/dashboard/CsvButton';
import styles from '@/components/dashboard/Dashboard.module.css';
import { type Column, ReportTable } from '@/components/dashboard/ReportTable';
import { fillDays, rangeOf } from '@/components/dashboard/range';
import { ErrorText } from '@/components/ui/ErrorText';
import { Forbidden } from '@/components/ui/Forbidden';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { ApiError, api } from '@/lib/api';
import { brandsFor } from '@/lib/brands';
import { getConsole, may } from '@/lib/console';
import { param, type SearchParams } from '@/lib/search-params';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Dashboard'))('title') };
}

/** Series shown in each "top" chart (the table lists them all). */
const TOP = 10;

/** Digits after the point of a currency (EUR 2, JPY 0), as the api's minor units count them. */
function minorUnitsOf(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

// Business at a glance (issue 15 item 7; FINANCE): sales and coins charged, active readers, coins
// spent per series and the top series, wait-until-free use and coupon registrations, per day of
// the brand's zone, for a chosen range and brands. Each table can be downloaded as the api's CSV.
export default async function DashboardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { admin, brand, locale } = await getConsole();
  if (!may(admin, ['FINANCE'])) return <Forbidden />;
  const t = await getT('Dashboard');
  const search = await searchParams;
  const range = rangeOf(
    { from: param(search, 'from'), to: param(search, 'to'), brands: param(search, 'brands') },
    brand.timeZone,
  );
  const query = { from: range.from, to: range.to, brands: range.brands };

  let failure: string | null = null;
  let reports: [SalesReport, ReadersReport, SeriesReport, FreetimeReport, CouponsReport] | null = null;
  try {
    reports = await Promise.all([
      api('/admin/reports/sales', SalesReport, { query }),
      api('/admin/reports/readers', ReadersReport, { query }),
      api('/admin/reports/series', SeriesReport, { query }),
      api('/admin/reports/freetime', FreetimeReport, { query }),
      api('/admin/reports/coupons', CouponsReport, { query }),
    ]);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    failure = e.code;
  }

  const numbers = new Intl.NumberFormat(locale);
  const n = (value: number) => numbers.format(value);
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 10 ** minorUnitsOf(currency));
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (value: string) => dayFormat.format(new Date(`${value}T00:00:00Z`));
  const brands = brandsFor(admin.brandIds);

  const section = (kind: ReportKind, title: string, body: ReactNode) => (
    <section className={styles.section} aria-labelledby={`${kind}-title`}>
      <div className={styles.sectionHead}>
        <h2 id={`${kind}-title`}>{title}</h2>
        <CsvButton kind={kind} table={title} query={query} />
      </div>
      {body}
    </section>
  );
  const hint = t('chartHint');

  return (
    <>
      <h1>{t('title')}</h1>
      <p className={ui.muted}>{t('intro', { timeZone: brand.timeZone })}</p>
      <form className={`${ui.card} ${styles.filters}`} method="get" action="/dashboard">
        <label className={ui.field}>
          <span>{t('filters.from')}</span>
          <input type="date" name="from" defaultValue={range.from} required />
        </label>
        <label className={ui.field}>
          <span>{t('filters.to')}</span>
          <input type="date" name="to" defaultValue={range.to} required />
        </label>
        <label className={ui.field}>
          <span>{t('filters.brands')}</span>
          <select name="brands" defaultValue={range.brands ?? ''}>
            <option value="">{t('filters.thisBrand', { brand: brand.id })}</option>
            {brands.length > 1 ? <option value="all">{t('filters.allBrands')}</option> : null}
            {brands
              .filter((b) => b.id !== brand.id)
              .map((b) => (
                <option key={b.id} value={b.id}>
                  {`${b.product} (${b.id})`}
                </option>
              ))}
          </select>
        </label>
        <button type="submit" className={ui.button}>
          {t('filters.apply')}
        </button>
      </form>
      {range.invalid ? (
        <p className={ui.warning} role="alert">
          {t('filters.invalid', { days: REPORT_MAX_DAYS })}
        </p>
      ) : null}
      {failure ? <ErrorText code={failure} /> : null}
      {reports ? renderReports(reports) : null}
    </>
  );

  function renderReports([sales, readers, series, freetime, coupons]: NonNullable<typeof reports>) {
    const currencies = [...new Set(sales.rows.map((r) => r.currency))];
    const coinsPerDay = fillDays(
      [
        ...sales.rows
          .reduce((days, r) => {
            const d = days.get(r.day) ?? { day: r.day, coins: 0, bonusCoins: 0, freeCoins: 0 };
            d.coins += r.coins;
            d.bonusCoins += r.bonusCoins;
            d.freeCoins += r.freeCoins;
            return days.set(r.day, d);
          }, new Map<string, { day: string; coins: number; bonusCoins: number; freeCoins: number }>())
          .values(),
      ],
      range.from,
      range.to,
      (d) => ({ day: d, coins: 0, bonusCoins: 0, freeCoins: 0 }),
    );
    const salesColumns: Column<SalesRow>[] = [
      { key: 'day', label: t('sales.day'), cell: (r) => day(r.day) },
      { key: 'currency', label: t('sales.currency'), cell: (r) => r.currency },
      { key: 'orders', label: t('sales.orders'), cell: (r) => n(r.orders), numeric: true },
      { key: 'amount', label: t('sales.amount'), cell: (r) => money(r.amount, r.currency), numeric: true },
      { key: 'coins', label: t('sales.coins'), cell: (r) => n(r.coins), numeric: true },
      { key: 'bonusCoins', label: t('sales.bonusCoins'), cell: (r) => n(r.bonusCoins), numeric: true },
      { key: 'freeCoins', label: t('sales.freeCoins'), cell: (r) => n(r.freeCoins), numeric: true },
      { key: 'refunds', label: t('sales.refunds'), cell: (r) => n(r.refunds), numeric: true },
      {
        key: 'refundedAmount',
        label: t('sales.refundedAmount'),
        cell: (r) => money(r.refundedAmount, r.currency),
        numeric: true,
      },
    ];
    const seriesColumns: Column<SeriesRow>[] = [
      { key: 'title', label: t('series.series'), cell: (r) => r.title },
      { key: 'coins', label: t('series.coins'), cell: (r) => n(r.coins), numeric: true },
      { key: 'paidCoins', label: t('series.paidCoins'), cell: (r) => n(r.paidCoins), numeric: true },
      { key: 'purchases', label: t('series.purchases'), cell: (r) => n(r.purchases), numeric: true },
      { key: 'buyers', label: t('series.buyers'), cell: (r) => n(r.buyers), numeric: true },
      { key: 'readers', label: t('series.readers'), cell: (r) => n(r.readers), numeric: true },
    ];
    const byReaders = [...series.rows].sort((a, b) => b.readers - a.readers || b.coins - a.coins);
    const dayColumn = { key: 'day', label: t('day'), cell: (r: { day: string }) => day(r.day) };
    const count = <R,>(key: keyof R & string, label: string): Column<R> => ({
      key,
      label,
      cell: (r) => n(Number(r[key])),
      numeric: true,
    });
    const empty = t('empty');

    return (
      <>
        {section(
          'sales',
          t('sales.title'),
          <>
            <div className={styles.charts}>
              {currencies.map((currency) => (
                <Chart
                  key={currency}
                  type="line"
                  rows={fillDays(
                    sales.rows.filter((r) => r.currency === currency),
                    range.from,
                    range.to,
                    (d) => ({ ...zeroSales(d), currency }),
                  )}
                  categoryKey="day"
                  series={[{ key: 'amount', label: t('sales.amountIn', { currency }) }]}
                  money={{ currency, minorUnits: minorUnitsOf(currency) }}
                  title={t('sales.amountIn', { currency })}
                  description={hint}
                  describedBy="sales-table"
                />
              ))}
              <Chart
                type="bar"
                stacked
                rows={coinsPerDay}
                categoryKey="day"
                series={[
                  { key: 'coins', label: t('sales.coins') },
                  { key: 'bonusCoins', label: t('sales.bonusCoins') },
                  { key: 'freeCoins', label: t('sales.freeCoins') },
                ]}
                title={t('sales.coinsTitle')}
                description={hint}
                describedBy="sales-table"
              />
            </div>
            <ReportTable
              id="sales-table"
              caption={t('sales.title')}
              columns={salesColumns}
              rows={sales.rows}
              empty={empty}
            />
          </>,
        )}
        {section(
          'readers',
          t('readers.title'),
          <>
            <p className={ui.muted}>{t('readers.definition')}</p>
            <Chart
              type="line"
              rows={fillDays(readers.rows, range.from, range.to, (d) => ({
                day: d,
                active: 0,
                readers: 0,
                buyers: 0,
                sessions: 0,
              }))}
              categoryKey="day"
              series={(['active', 'readers', 'buyers', 'sessions'] as const).map((key) => ({
                key,
                label: t(`readers.${key}`),
              }))}
              title={t('readers.title')}
              description={hint}
              describedBy="readers-table"
            />
            <ReportTable
              id="readers-table"
              caption={t('readers.title')}
              columns={[
                dayColumn,
                count<ReadersRow>('active', t('readers.active')),
                count<ReadersRow>('readers', t('readers.readers')),
                count<ReadersRow>('buyers', t('readers.buyers')),
                count<ReadersRow>('sessions', t('readers.sessions')),
              ]}
              rows={readers.rows}
              empty={empty}
            />
          </>,
        )}
        {section(
          'series',
          t('series.title'),
          <>
            <div className={styles.charts}>
              <Chart
                type="bar"
                horizontal
                rows={series.rows.slice(0, TOP)}
                categoryKey="title"
                series={[{ key: 'coins', label: t('series.coins') }]}
                title={t('series.topCoins', { count: TOP })}
                description={hint}
                describedBy="series-table"
              />
              <Chart
                type="bar"
                horizontal
                rows={byReaders.slice(0, TOP)}
                categoryKey="title"
                series={[{ key: 'readers', label: t('series.readers') }]}
                title={t('series.topReaders', { count: TOP })}
                description={hint}
                describedBy="series-table"
              />
            </div>
            <ReportTable
              id="series-table"
              caption={t('series.title')}
              columns={seriesColumns}
              rows={series.rows}
              empty={empty}
            />
          </>,
        )}
        {section(
          'freetime',
          t('freetime.title'),
          <>
            <Chart
              type="bar"
              rows={fillDays(freetime.rows, range.from, range.to, (d) => ({ day: d, uses: 0, members: 0, series: 0 }))}
              categoryKey="day"
              series={[{ key: 'uses', label: t('freetime.uses') }]}
              title={t('freetime.title')}
              description={hint}
              describedBy="freetime-table"
            />
            <ReportTable
              id="freetime-table"
              caption={t('freetime.title')}
              columns={[
                dayColumn,
                count<FreetimeRow>('uses', t('freetime.uses')),
                count<FreetimeRow>('members', t('freetime.members')),
                count<FreetimeRow>('series', t('freetime.series')),
              ]}
              rows={freetime.rows}
              empty={empty}
            />
          </>,
        )}
        {section(
          'coupons',
          t('coupons.title'),
          <>
            <Chart
              type="bar"
              rows={fillDays(coupons.rows, range.from, range.to, (d) => ({
                day: d,
                registrations: 0,
                members: 0,
                coupons: 0,
              }))}
              categoryKey="day"
              series={[{ key: 'registrations', label: t('coupons.registrations') }]}
              title={t('coupons.title')}
              description={hint}
              describedBy="coupons-table"
            />
            <ReportTable
              id="coupons-table"
              caption={t('coupons.title')}
              columns={[
                dayColumn,
                count<CouponsRow>('registrations', t('coupons.registrations')),
                count<CouponsRow>('members', t('coupons.members')),
                count<CouponsRow>('coupons', t('coupons.coupons')),
              ]}
              rows={coupons.rows}
              empty={empty}
            />
          </>,
        )}
      </>
    );
  }
}

function zeroSales(day: string): SalesRow {
  return {
    day,
    currency: '',
    orders: 0,
    amount: 0,
    coins: 0,
    bonusCoins: 0,
    freeCoins: 0,
    refunds: 0,
    refundedAmount: 0,
  };
}
