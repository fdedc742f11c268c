import type { PolicyKind } from '@balcony/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PolicyScreen } from '@/components/support/PolicyScreen';
import { getT } from '@/i18n/server';
import { loadPageData } from '@/lib/api/page-data';
import { fetchPolicy } from '@/lib/api/support';
import { getRequestBrand } from '@/lib/brand/brand';
import { parseId } from '@/lib/navigation/params';
import { routes } from '@/lib/navigation/routes';
import { pageMetadata } from '@/lib/seo/metadata';

// /policy and /privacy (spec §2) differ only in the policy they show: one page, two kinds.

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `?version=N` asks for one version; anything else, the version in force. */
async function versionOf(searchParams: SearchParams): Promise<number | undefined> {
  const raw = (await searchParams).version;
  return typeof raw === 'string' ? (parseId(raw) ?? undefined) : undefined;
}

async function loadPolicy(kind: PolicyKind, searchParams: SearchParams) {
  const result = await loadPageData(fetchPolicy(await getRequestBrand(), kind, await versionOf(searchParams)), []);
  if (!result.ok) notFound();
  return result.data;
}

export async function policyMetadata(kind: PolicyKind, searchParams: SearchParams): Promise<Metadata> {
  const brand = await getRequestBrand();
  const t = await getT('Policy');
  const policy = await loadPolicy(kind, searchParams);
  return pageMetadata(brand, {
    title: policy.title,
    description:
      kind === 'TERMS'
        ? t('termsDescription', { product: brand.product })
        : t('privacyDescription', { product: brand.product }),
    // Every version points search engines at the page of the one in force.
    path: kind === 'TERMS' ? routes.policy() : routes.privacy(),
  });
}

export async function PolicyPage({ kind, searchParams }: { kind: PolicyKind; searchParams: SearchParams }) {
  return <PolicyScreen policy={await loadPolicy(kind, searchParams)} />;
}
