import {
  AppError,
  BRANDS,
  type CouponsReport,
  type FreetimeReport,
  getBrand,
  REPORT_COLUMNS,
  type ReadersReport,
  type ReportKind,
  type ReportQuery,
  type SalesReport,
  type SalesRow,
  type SeriesReport,
  toCsv,
} from '@balcony/contracts';
import { type AdminContext, readAll } from '../../context.js';
import * as repo from './repo.js';

// The console's dashboards (issue 15 item 7, decision 0234): read-only figures of the brands an
// admin may see, per day of the request brand's time zone. Nothing here writes.

/**
 * The brands a report sums: the request's brand by default; `all`, every brand the admin may act
 * in; a list, each of them (INVALID_PARAMETER for an unknown id, FORBIDDEN for one the admin may not see).
 */
export function reportBrands(ctx: AdminContext, brands: string | undefined): string[] {
  const allowed = (id: string) => ctx.admin.brandIds.length === 0 || ctx.admin.brandIds.includes(id);
  if (brands === undefined) return [ctx.brand.id];
  if (brands === 'all') return Object.keys(BRANDS).filter(allowed);
  const ids = [...new Set(brands.split(','))];
  for (const id of ids) {
    if (!getBrand(id)) throw new AppError('INVALID_PARAMETER', { field: 'brands', reason: `unknown brand ${id}` });
    if (!allowed(id)) throw new AppError('FORBIDDEN');
  }
  return ids;
}

function scopeOf(ctx: AdminContext, query: ReportQuery): repo.ReportScope {
  return {
    brandIds: reportBrands(ctx, query.brands),
    from: query.from,
    to: query.to,
    timeZone: ctx.brand.timeZone,
  };
}

const frame = (scope: repo.ReportScope) => ({
  from: scope.from,
  to: scope.to,
  timeZone: scope.timeZone,
  brands: [...scope.brandIds],
});

/** Paid orders, coins charged and refunds per day and currency. */
export async function sales(ctx: AdminContext, query: ReportQuery): Promise<SalesReport> {
  const scope = scopeOf(ctx, query);
  const [paid, refunds] = await readAll(ctx, [
    () => repo.paidOrdersByDay(ctx.db, scope),
    () => repo.refundsByDay(ctx.db, scope),
  ] as const);
  const byKey = new Map<string, SalesRow>();
  const rowOf = (day: string, currency: string) => {
    const key = `${day}/${currency}`;
    let row = byKey.get(key);
    if (!row) {
      row = {
        day,
        currency,
        orders: 0,
        amount: 0,
        coins: 0,
        bonusCoins: 0,
        freeCoins: 0,
        refunds: 0,
        refundedAmount: 0,
      };
      byKey.set(key, row);
    }
    return row;
  };
  for (const p of paid) Object.assign(rowOf(p.day, p.currency), p);
  for (const r of refunds) Object.assign(rowOf(r.day, r.currency), r);
  const rows = [...byKey.values()].sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency));
  return { ...frame(scope), rows };
}

/** Coins spent per series and its readers, the most coins first (the top series by either). */
export async function series(ctx: AdminContext, query: ReportQuery): Promise<SeriesReport> {
  const scope = scopeOf(ctx, query);
  return { ...frame(scope), rows: await repo.seriesFigures(ctx.db, scope, ctx.brand.id, query.limit) };
}

/** Members active per day, and how (reading, buying, signing in). */
export async function readers(ctx: AdminContext, query: ReportQuery): Promise<ReadersReport> {
  const scope = scopeOf(ctx, query);
  return { ...frame(scope), rows: await repo.activeMembersByDay(ctx.db, scope) };
}

/** Wait-until-free tickets used per day. */
export async function freetime(ctx: AdminContext, query: ReportQuery): Promise<FreetimeReport> {
  const scope = scopeOf(ctx, query);
  return { ...frame(scope), rows: await repo.freetimeUsesByDay(ctx.db, scope) };
}

/** Coupon registrations per day. */
export async function coupons(ctx: AdminContext, query: ReportQuery): Promise<CouponsReport> {
  const scope = scopeOf(ctx, query);
  return { ...frame(scope), rows: await repo.couponRegistrationsByDay(ctx.db, scope) };
}

export const REPORTS = { sales, series, readers, freetime, coupons } as const satisfies Record<
  ReportKind,
  (ctx: AdminContext, query: ReportQuery) => Promise<{ rows: object[] }>
>;

/** Spreadsheets read a UTF-8 file as UTF-8 when it begins with this mark (series titles in ja, th, zh-TW…). */
const UTF8_BOM = '\uFEFF';

/** A report as a CSV file (formula-safe cells, csv.ts) and its file name. */
export async function reportCsv(
  ctx: AdminContext,
  kind: ReportKind,
  query: ReportQuery,
): Promise<{ fileName: string; csv: string }> {
  const report = await REPORTS[kind](ctx, query);
  const columns: readonly string[] = REPORT_COLUMNS[kind];
  const rows = report.rows.map((row) => {
    const cells = row as Record<string, string | number>;
    return columns.map((c) => cells[c] ?? null);
  });
  const brands = report.brands.length === 1 ? report.brands[0] : 'brands';
  return {
    fileName: `${kind}-${brands}-${report.from}-${report.to}.csv`,
    csv: UTF8_BOM + toCsv(columns, rows),
  };
}
