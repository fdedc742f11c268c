'use client';

import type { InputHTMLAttributes, Ref } from 'react';
import styles from './Form.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'aria-invalid'>;

interface TextFieldProps extends InputProps {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** Help shown under the field and read with it. */
  hint?: string | undefined;
  /** The field's error, shown under it, read with it, and marking it invalid. */
  error?: string | undefined;
  /** Other elements that describe the field (live password rules). */
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
}

/** A labelled input whose hint and error are tied to it (aria-describedby, aria-invalid). */
export function TextField({
  id,
  label,
  value,
  onValueChange,
  hint,
  error,
  describedBy,
  inputRef,
  ...input
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [hintId, describedBy, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError} data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
