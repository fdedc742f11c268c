import type { ReactNode } from 'react';
import { SiteChrome } from '@/components/site/SiteChrome';

export default function SiteLayout({ children }: Readonly<{ children: ReactNode }>) {
  return <SiteChrome>{children}</SiteChrome>;
}
