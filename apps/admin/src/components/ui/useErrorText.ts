'use client';

import { useTranslations } from 'use-intl';
import { isExplained } from '@/lib/errors';

/** The words for an api error code (messages Errors.<code>), or the generic text with the code. */
export function useErrorText(): (code: string) => string {
  const t = useTranslations('Errors');
  return (code) => (isExplained(code) ? t(code) : t('other', { code }));
}
