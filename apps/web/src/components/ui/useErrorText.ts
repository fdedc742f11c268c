'use client';

import { useCallback } from 'react';
import { useTranslations } from 'use-intl';
import { frontErrorCode } from '@/components/session/front-error';
import { type MessageCode, messageCode } from '@/lib/errors/error-codes';

/**
 * The message code of what a front-proxy call threw: the code it answered (`fallback` for one
 * without a message), or CLIENT_FETCH_ERROR when the web could not be reached at all.
 */
export function codeOf(error: unknown, fallback?: MessageCode): MessageCode {
  return messageCode(frontErrorCode(error), fallback);
}

/** Translates an error code (messages `Errors`); a code without a message reads as INTERNAL_ERROR. */
export function useErrorText(): (code: string) => string {
  const t = useTranslations('Errors');
  return useCallback((code: string) => t(messageCode(code)), [t]);
}
