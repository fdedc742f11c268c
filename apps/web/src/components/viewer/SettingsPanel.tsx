'use client';

import type { ViewerMode } from '@balcony/contracts';
import { useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useScreenSize } from '@/components/shell/useScreenSize';
import { Modal } from '@/components/ui/Modal';
import { FONT_CHOICES, offeredFont, type Script } from '@/lib/viewer/fonts';
import { FONT_SIZE_STEPS, type FontStyle, type PageLayout } from '@/lib/viewer/settings';
import { SettingsIcon } from './icons';
import { updateViewerSettings, useViewerSettings } from './settings-store';
import styles from './Viewer.module.css';

const MODE_LABEL = { SCROLL: 'modeScroll', PAPER: 'modePaper' } as const satisfies Record<ViewerMode, string>;
const LAYOUT_LABEL = { SINGLE: 'layoutSingle', DOUBLE: 'layoutDouble' } as const satisfies Record<PageLayout, string>;
const FONT_LABEL = {
  sans: 'fontSans',
  serif: 'fontSerif',
  rounded: 'fontRounded',
  looped: 'fontLooped',
} as const satisfies Record<FontStyle, string>;

/**
 * The top bar's settings button and its dialog (spec §2 viewer): scroll or paper mode, one or two
 * pages (two only on a desktop-wide screen), and for text episodes the typeface and text size.
 * Every change applies at once behind the dialog and is remembered on the device.
 */
export function SettingsPanel({ script, textEpisode }: { script: Script; textEpisode: boolean }) {
  const t = useTranslations('Viewer');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('settings')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="viewer-settings-open"
      >
        <SettingsIcon />
      </button>
      {open && <SettingsDialog script={script} textEpisode={textEpisode} onClose={() => setOpen(false)} />}
    </>
  );
}

function SettingsDialog({ script, textEpisode, onClose }: { script: Script; textEpisode: boolean; onClose(): void }) {
  const t = useTranslations('Viewer');
  const settings = useViewerSettings();
  const { isDesktop } = useScreenSize();
  const titleId = useId();
  const sizeId = useId();
  const font = offeredFont(script, settings.font).style;

  return (
    <Modal labelledBy={titleId} onClose={onClose} testId="viewer-settings">
      <div className={styles.dialogBody}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {t('settings')}
        </h2>
        <Choices
          legend={t('mode')}
          name="viewer-mode"
          options={(['SCROLL', 'PAPER'] as const).map((mode) => ({ value: mode, label: t(MODE_LABEL[mode]) }))}
          value={settings.mode}
          onChange={(mode) => updateViewerSettings({ mode })}
        />
        {settings.mode === 'PAPER' && (
          <Choices
            legend={t('layout')}
            name="viewer-layout"
            options={(['SINGLE', 'DOUBLE'] as const).map((layout) => ({
              value: layout,
              label: t(LAYOUT_LABEL[layout]),
              disabled: layout === 'DOUBLE' && !isDesktop,
            }))}
            value={isDesktop ? settings.layout : 'SINGLE'}
            onChange={(layout) => updateViewerSettings({ layout })}
            hint={isDesktop ? undefined : t('layoutDesktopOnly')}
          />
        )}
        {textEpisode && (
          <Choices
            legend={t('font')}
            name="viewer-font"
            options={FONT_CHOICES[script].map((choice) => ({
              value: choice.style,
              label: t(FONT_LABEL[choice.style]),
              family: choice.family,
            }))}
            value={font}
            onChange={(style) => updateViewerSettings({ font: style })}
          />
        )}
        {textEpisode && (
          <div className={styles.sizeField}>
            <label htmlFor={sizeId}>{t('fontSize')}</label>
            <input
              id={sizeId}
              type="range"
              min={0}
              max={FONT_SIZE_STEPS.length - 1}
              step={1}
              value={settings.size}
              aria-valuetext={t('fontSizeValue', { step: settings.size + 1, count: FONT_SIZE_STEPS.length })}
              onChange={(event) => updateViewerSettings({ size: Number(event.currentTarget.value) })}
              data-testid="viewer-font-size"
            />
          </div>
        )}
        <div className={styles.dialogActions}>
          <button type="button" className="button" onClick={onClose} data-testid="viewer-settings-close">
            {t('close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

interface Choice<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
  /** Shows the label in this typeface (the font choice). */
  family?: string;
}

/** A group of radio buttons drawn as a row of options. */
function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
}: {
  legend: string;
  name: string;
  options: readonly Choice<T>[];
  value: T;
  onChange(value: T): void;
  hint?: string | undefined;
}) {
  const hintId = useId();
  return (
    <fieldset className={styles.choices} aria-describedby={hint ? hintId : undefined}>
      <legend>{legend}</legend>
      <div className={styles.choiceRow}>
        {options.map((option) => (
          <label
            key={option.value}
            className={styles.choice}
            style={option.family ? { fontFamily: option.family } : undefined}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              data-testid={`${name}-${option.value}`}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </fieldset>
  );
}
