'use client';

import { useCallback, useEffect, useState } from 'react';

/**
 * One key per intended submission of a form (the api answers a repeated key with the first
 * result and does nothing again), so a double click or a retry after a timeout is one action.
 * Made in the browser after hydration (a server-made one would differ from the client's); a new
 * one is taken once a submission succeeded.
 */
export function useIdempotencyKey(): [key: string, renew: () => void] {
  const [key, setKey] = useState('');
  useEffect(() => setKey(crypto.randomUUID()), []);
  const renew = useCallback(() => setKey(crypto.randomUUID()), []);
  return [key, renew];
}
