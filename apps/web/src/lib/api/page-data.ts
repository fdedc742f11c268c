import 'server-only';
import { notFound } from 'next/navigation';
import type { CatalogueMessageCode } from '../errors/error-codes';
import { ApiError } from './api-client';

export type PageData<T> = { ok: true; data: T } | { ok: false; code: CatalogueMessageCode };

/**
 * Awaits a page's api call. A missing series or episode shows the 404 screen; the failures the
 * page lists in `explained` come back for it to explain with their follow-up; anything else
 * reaches the error boundary.
 */
export async function loadPageData<T>(
  call: Promise<T>,
  explained: readonly CatalogueMessageCode[],
): Promise<PageData<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'NOT_EXIST' || error.code === 'NOT_FOUND_EPISODE') notFound();
    const code = explained.find((c) => c === error.code);
    if (code) return { ok: false, code };
    throw error;
  }
}
