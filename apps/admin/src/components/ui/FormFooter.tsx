'use client';

import type { ReactNode } from 'react';
import { ErrorText } from './ErrorText';
import ui from './ui.module.css';

/**
 * What worked, announced as it appears: the message alone, or the message with what follows it
 * (the stored text, the list of gifts) inside the same status region.
 */
export function SuccessStatus({ message, details }: { message: ReactNode; details?: ReactNode }) {
  if (details === undefined) {
    return (
      <p className={ui.success} role="status">
        {message}
      </p>
    );
  }
  return (
    <div role="status">
      <p className={ui.success}>{message}</p>
      {details}
    </div>
  );
}

interface Props {
  error: string | null;
  /** The submit button's words. */
  label: string;
  disabled?: boolean;
  /** The success message, once there is one (null: nothing shown). */
  success?: ReactNode;
  /** Shown under the success message, in its status region. */
  successDetails?: ReactNode;
  /** The success status under the button rather than above it. */
  successLast?: boolean;
  /** More controls beside the submit button; given (even null), the buttons sit in an actions row. */
  actions?: ReactNode;
}

/** The end of a console form: the failure, the success status and the submit button. */
export function FormFooter({ error, label, disabled, success, successDetails, successLast, actions }: Props) {
  const status =
    success === null || success === undefined ? null : <SuccessStatus message={success} details={successDetails} />;
  return (
    <>
      <ErrorText code={error} />
      {successLast ? null : status}
      <div className={actions === undefined ? undefined : ui.actions}>
        <button type="submit" className={ui.button} disabled={disabled}>
          {label}
        </button>
        {actions}
      </div>
      {successLast ? status : null}
    </>
  );
}
