import type { Metadata } from 'next';
import { PolicyPage, policyMetadata } from '@/components/support/PolicyPage';

type Props = PageProps<'/policy'>;

export function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return policyMetadata('TERMS', searchParams);
}

/** /policy (spec §2): the terms of use in force, or `?version=N`, with every version and the company. */
export default function TermsPage({ searchParams }: Props) {
  return <PolicyPage kind="TERMS" searchParams={searchParams} />;
}
