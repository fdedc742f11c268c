'use client';

import { useCallback, useState } from 'react';

/** The api error code a failed call carries (ClientApiError.code), or INTERNAL_ERROR for anything else. */
export function errorCodeOf(error: unknown): string {
  return (error as { code?: string } | null)?.code ?? 'INTERNAL_ERROR';
}

export interface AdminAction {
  /** True while an action runs: the submit button is disabled meanwhile. */
  busy: boolean;
  /** The last failure's code (shown by ErrorText), or null. */
  error: string | null;
  /** True once an action succeeded. */
  done: boolean;
  /** Runs the action (the api call and what follows its success); false when it failed. */
  run: (action: () => Promise<void>) => Promise<boolean>;
  /** Sets the shown failure directly, e.g. INVALID_PARAMETER before any call, or null to clear it. */
  setError: (code: string | null) => void;
}

/**
 * The state every console form keeps around one api call: busy while it runs, the failure's code,
 * and whether it worked. With `clearDone`, a new run hides the previous success until it succeeds.
 */
export function useAdminAction({ clearDone = false }: { clearDone?: boolean } = {}): AdminAction {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      if (clearDone) setDone(false);
      try {
        await action();
        setDone(true);
        return true;
      } catch (e) {
        setError(errorCodeOf(e));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [clearDone],
  );

  return { busy, error, done, run, setError };
}
