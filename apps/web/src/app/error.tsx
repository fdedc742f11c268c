'use client';

import { ErrorPanel } from '@/components/errors/ErrorPanel';

/** Unexpected failures below the root layout (the api down, a bug): the reader can retry. */
export default function RouteError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel error={error} retry={retry} />;
}
