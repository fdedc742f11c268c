'use client';

import { TOAST_MS, User } from '@balcony/contracts';
import { useEffect, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontFetch } from '@/components/session/front-fetch';
import { useSession } from '@/components/session/SessionProvider';
import formStyles from '@/components/ui/Form.module.css';
import { Switch } from '@/components/ui/Switch';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import { UserUpdated } from '@/lib/api/front-answers';
import type { MessageCode } from '@/lib/errors/error-codes';
import styles from './Account.module.css';

type PushKey = 'isAgreePush' | 'isAgreePushContents' | 'isAgreePushFreetime' | 'isAgreePushNight';
type SettingKey = PushKey | 'isAgreeMail';
type Values = Record<SettingKey, boolean>;

const PUSH_SWITCHES: readonly { key: PushKey; name: 'events' | 'contents' | 'freetime' | 'night' }[] = [
  { key: 'isAgreePush', name: 'events' },
  { key: 'isAgreePushContents', name: 'contents' },
  { key: 'isAgreePushFreetime', name: 'freetime' },
  { key: 'isAgreePushNight', name: 'night' },
];

function valuesOf(user: User): Values {
  return { ...user.agreePush, isAgreeMail: user.isAgreeMail };
}

/**
 * /setting/push (spec §2 settings, §3 push settings): each switch is saved as soon as it is
 * flipped; a failed save puts it back and says so beside it for a moment (spec §9 toast 3 s).
 */
export function PushSettings({ user, nightStart, nightEnd }: { user: User; nightStart: string; nightEnd: string }) {
  const t = useTranslations('Settings');
  const errorText = useErrorText();
  const session = useSession();
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [pending, setPending] = useState<ReadonlySet<SettingKey>>(new Set());
  const [failure, setFailure] = useState<{ key: SettingKey; code: MessageCode } | null>(null);

  // One message at a time, gone after TOAST_MS.
  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  const mark = (key: SettingKey, busy: boolean) =>
    setPending((previous) => {
      const next = new Set(previous);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });

  async function toggle(key: SettingKey) {
    if (pending.has(key)) return;
    const next = !values[key];
    setValues((v) => ({ ...v, [key]: next }));
    setFailure(null);
    mark(key, true);
    try {
      if (key === 'isAgreeMail') {
        await frontFetch('/user', UserUpdated, {
          method: 'PUT',
          body: { action: 'MAIL', agreeMailRequest: { isAgreeMail: next } },
        });
      } else {
        const saved = await frontFetch('/app/push', User, { method: 'PUT', body: { [key]: next } });
        setValues((v) => ({ ...v, [key]: saved.agreePush[key] }));
      }
      void session.update();
    } catch (error) {
      setValues((v) => ({ ...v, [key]: !next }));
      setFailure({ key, code: codeOf(error) });
    } finally {
      mark(key, false);
    }
  }

  const row = (key: SettingKey, id: string, label: string, hint: string) => (
    <li key={key}>
      <Switch
        id={id}
        label={label}
        hint={hint}
        checked={values[key]}
        busy={pending.has(key)}
        onToggle={() => void toggle(key)}
      />
      {failure?.key === key && (
        <p role="alert" className={styles.toast} data-testid={`${id}-failed`}>
          {t('saveFailed')} {errorText(failure.code)}
        </p>
      )}
    </li>
  );

  return (
    <>
      <section className={styles.section} aria-labelledby="push-heading">
        <h2 id="push-heading">{t('pushHeading')}</h2>
        <p className={formStyles.hint}>{t('pushNote')}</p>
        <ul className={styles.switchList}>
          {PUSH_SWITCHES.map(({ key, name }) =>
            row(
              key,
              `push-${name}`,
              t(name),
              name === 'night' ? t('nightHint', { start: nightStart, end: nightEnd }) : t(`${name}Hint`),
            ),
          )}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="mail-heading">
        <h2 id="mail-heading">{t('mailHeading')}</h2>
        <ul className={styles.switchList}>{row('isAgreeMail', 'agree-mail', t('mail'), t('mailHint'))}</ul>
      </section>
    </>
  );
}
