'use client';

import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useBackLayer } from '@/components/shell/useBackLayer';
import { LAYERS, SHELL_LAYER_ATTRIBUTE } from '@/lib/shell/layers';
import styles from './Modal.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: rendered over the page in a portal, the rest of the page inert (but the shell's
 * live layers such as the toast), focus kept inside (Tab cycles) and given back to where it was on
 * close; Escape closes, and so does the app's back event (it is on the back-stack while open).
 */
export function Modal({
  labelledBy,
  describedBy,
  onClose,
  testId,
  children,
}: {
  labelledBy: string;
  describedBy?: string | undefined;
  onClose(): void;
  testId?: string;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  useBackLayer('modal', onClose);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const layer = layerRef.current;
    const others = Array.from(document.body.children).filter(
      (element) => element !== layer && !element.hasAttribute('inert') && !element.hasAttribute(SHELL_LAYER_ATTRIBUTE),
    );
    for (const element of others) element.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const dialog = dialogRef.current;
    const first =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    return () => {
      for (const element of others) element.removeAttribute('inert');
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div ref={layerRef} className={styles.layer} style={{ zIndex: LAYERS.modal }}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={styles.dialog}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
