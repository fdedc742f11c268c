'use client';

import { TOAST_MS } from '@balcony/contracts/constants';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { LAYERS, SHELL_LAYER_PROPS } from '@/lib/shell/layers';
import styles from './Toast.module.css';

type ToastApi = { show(text: string): void };

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Spec §9: a toast shows one message for TOAST_MS; a new message replaces the current one and
 * restarts the timer. The polite live region is always in the page so screen readers announce it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);

  const show = useCallback((text: string) => {
    setToast((current) => ({ id: (current?.id ?? 0) + 1, text }));
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className={styles.region}
        style={{ zIndex: LAYERS.toast }}
        {...SHELL_LAYER_PROPS}
      >
        {toast && (
          <div key={toast.id} className={styles.toast} data-testid="toast">
            {toast.text}
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it (mounted in the root layout).');
  return api;
}
