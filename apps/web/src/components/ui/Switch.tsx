'use client';

import { LAYOUT } from '@balcony/contracts/constants';
import formStyles from './Form.module.css';
import styles from './Switch.module.css';

interface SwitchProps {
  id: string;
  label: string;
  hint?: string | undefined;
  checked: boolean;
  disabled?: boolean | undefined;
  /** A change is on its way to the server. */
  busy?: boolean | undefined;
  onToggle(): void;
}

// Spec §9: the switch is 50 × 30.
const TRACK = { width: LAYOUT.adultSwitch.w, height: LAYOUT.adultSwitch.h } as const;

/** An on/off setting: a button with role="switch", named by its label and described by its hint. */
export function Switch({ id, label, hint, checked, disabled, busy, onToggle }: SwitchProps) {
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
        {hint && (
          <span id={`${id}-hint`} className={formStyles.hint}>
            {hint}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        id={id}
        data-testid={id}
        className={styles.switch}
        style={TRACK}
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-busy={busy || undefined}
        disabled={disabled}
        onClick={onToggle}
      >
        <span className={styles.thumb} aria-hidden="true" />
      </button>
    </div>
  );
}
