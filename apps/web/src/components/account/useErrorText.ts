'use client';

import { useCallback } from 'react';
import { useTranslations } from 'use-intl';
import { FrontError } from '@/components/session/client';
import { type AccountErrorCode, accountErrorKey } from '@/lib/account/errors';

/** The code of a failed front-proxy call, or CLIENT_FETCH_ERROR for anything else thrown. */
export function codeOf(error: unknown): AccountErrorCode {
  return error instanceof FrontError ? accountErrorKey(error.code) : 'CLIENT_FETCH_ERROR';
}

/** Translates an account error code (AccountErrors); unknown codes read as INTERNAL_ERROR. */
export function useErrorText(): (code: string) => string {
  const t = useTranslations('AccountErrors');
  return useCallback((code: string) => t(accountErrorKey(code)), [t]);
}
