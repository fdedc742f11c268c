import type { Metadata } from 'next';
import { PolicyPage, policyMetadata } from '@/components/support/PolicyPage';

type Props = PageProps<'/privacy'>;

export function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return policyMetadata('PRIVACY', searchParams);
}

/** /privacy (spec §2): the privacy policy in force, or `?version=N`, with every version and the company. */
export default function PrivacyPage({ searchParams }: Props) {
  return <PolicyPage kind="PRIVACY" searchParams={searchParams} />;
}
