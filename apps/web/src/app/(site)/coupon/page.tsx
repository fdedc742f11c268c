import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { CouponScreen } from '@/components/coupons/CouponScreen';
import { getT } from '@/i18n/server';
import { fetchCoupons } from '@/lib/api/api';
import { requireMember } from '@/lib/auth/require-member';
import { getRequestBrand } from '@/lib/brand/brand';
import { couponPath, readCouponTab } from '@/lib/coupons/coupons';
import { pageCount, readPage } from '@/lib/library/paging';
import { getStoredSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Coupons');
  return { title: t('title'), robots: { index: false } };
}

/**
 * /coupon (spec §2, login required by §6): register a coupon code, and the member's coupons —
 * those to use (`?tab=usable`, the default) and those used or expired (`?tab=used`) — with their
 * dates. A visitor is sent to sign-in and back; a page past the end goes to the last one.
 */
export default async function CouponPage({ searchParams }: PageProps<'/coupon'>) {
  const query = await searchParams;
  await requireMember('/coupon', query);
  const session = await getStoredSession();
  if (!session) notFound();
  const tab = readCouponTab(query.tab);
  const page = readPage(query.page);
  const data = await fetchCoupons(await getRequestBrand(), tab, page, session.accessToken);
  const last = pageCount(data.total, data.size);
  if (page > last) redirect(couponPath(tab, last));
  return <CouponScreen data={data} />;
}
