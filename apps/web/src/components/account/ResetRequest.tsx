'use client';

import { NoData, SMS_CODE_TTL_MS, SmsCodeSent, SmsResetVerified, validateEmailFormat } from '@balcony/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontFetch } from '@/components/session/front-fetch';
import formStyles from '@/components/ui/Form.module.css';
import { TextField } from '@/components/ui/TextField';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import { countdownParts, formatCountdown, remainingMs } from '@/lib/account/countdown';
import { toE164 } from '@/lib/account/phone';
import type { MessageCode } from '@/lib/errors/error-codes';
import styles from './Account.module.css';
import { NewPasswordForm } from './NewPasswordForm';

export interface CountryOption {
  region: string;
  code: string;
  /** "France (+33)", named on the server in the brand's language. */
  label: string;
}

type Mode = 'email' | 'sms';

/** /mail/resetPassword without a link: ask for a reset by e-mail or by SMS (spec §2, §4, §5). */
export function ResetRequest({
  countries,
  defaultRegion,
}: {
  countries: readonly CountryOption[];
  defaultRegion: string;
}) {
  const t = useTranslations('Password');
  const [mode, setMode] = useState<Mode>('email');
  return (
    <div className={styles.form}>
      <fieldset className={styles.modes}>
        <legend>{t('modeLabel')}</legend>
        <div className={styles.modeOptions}>
          {(['email', 'sms'] as const).map((m) => (
            <label key={m} data-testid={`reset-mode-${m}`}>
              <input type="radio" name="reset-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              {m === 'email' ? t('modeEmail') : t('modeSms')}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'email' ? <EmailReset /> : <SmsReset countries={countries} defaultRegion={defaultRegion} />}
    </div>
  );
}

function EmailReset() {
  const t = useTranslations('Password');
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<MessageCode | null>(null);
  const [formError, setFormError] = useState<MessageCode | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    setSentTo(null);
    const address = email.trim();
    const format = validateEmailFormat(address);
    if (!format.ok) {
      setFieldError(format.code === 'EMPTY_EMAIL' ? 'EMPTY_EMAIL' : 'INVALID_MAIL_FORM');
      emailRef.current?.focus();
      return;
    }
    setFieldError(null);
    setPending(true);
    try {
      await frontFetch('/auth/local/reset/mail', NoData, { method: 'POST', body: { email: address } });
      setSentTo(address);
    } catch (error) {
      const code = codeOf(error);
      if (code === 'NOT_FOUND_USER' || code === 'INVALID_MAIL_FORM' || code === 'INVALID_PARAMETER') {
        setFieldError(code);
        emailRef.current?.focus();
      } else setFormError(code);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="reset-mail-form">
      <TextField
        id="reset-email"
        inputRef={emailRef}
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValueChange={setEmail}
        hint={t('emailHint')}
        error={fieldError ? errorText(fieldError) : undefined}
        required
      />
      {formError && (
        <p role="alert" className={formStyles.error} data-testid="form-error" data-code={formError}>
          {errorText(formError)}
        </p>
      )}
      <div role="status">
        {sentTo && (
          <p className={formStyles.success} data-testid="mail-sent">
            {t('mailSent', { email: sentTo })}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={pending}>
          {pending ? t('sending') : t('sendLink')}
        </button>
      </div>
    </form>
  );
}

type SmsStep =
  | { step: 'phone' }
  | { step: 'code'; phone: string; deadline: number }
  | { step: 'verified'; userId: number; uuid: string };

function SmsReset({ countries, defaultRegion }: { countries: readonly CountryOption[]; defaultRegion: string }) {
  const t = useTranslations('Password');
  const errorText = useErrorText();
  const [region, setRegion] = useState(defaultRegion);
  const [national, setNational] = useState('');
  const [code, setCode] = useState('');
  const [state, setState] = useState<SmsStep>({ step: 'phone' });
  const [phoneError, setPhoneError] = useState<MessageCode | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ code: MessageCode; sending: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // A field to focus once the render that shows it is committed.
  const focusNext = useRef<'phone' | 'code' | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    (target === 'code' ? codeRef : phoneRef).current?.focus();
  });

  const deadline = state.step === 'code' ? state.deadline : 0;
  const left = state.step === 'code' ? remainingMs(deadline, now) : 0;
  const expired = state.step === 'code' && left === 0;

  // The timer ticks while a code is waiting; it stops by itself at 00:00.
  useEffect(() => {
    if (!deadline) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  async function sendCode(phone: string) {
    setPending(true);
    setFormError(null);
    try {
      await frontFetch('/auth/local/reset/sms', SmsCodeSent, { method: 'POST', body: { phone } });
      setCode('');
      setCodeError(null);
      setState({ step: 'code', phone, deadline: Date.now() + SMS_CODE_TTL_MS });
      focusNext.current = 'code';
    } catch (error) {
      const failure = codeOf(error);
      if (failure === 'NOT_FOUND_SMS_USER' || failure === 'INVALID_PARAMETER') {
        setState({ step: 'phone' });
        setPhoneError(failure === 'INVALID_PARAMETER' ? 'INVALID_PHONE' : failure);
        focusNext.current = 'phone';
      } else setFormError({ code: failure, sending: true });
    } finally {
      setPending(false);
    }
  }

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const phone = toE164(countries.find((c) => c.region === region)?.code ?? '', national);
    if (!phone) {
      setPhoneError('INVALID_PHONE');
      phoneRef.current?.focus();
      return;
    }
    setPhoneError(null);
    await sendCode(phone);
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (pending || state.step !== 'code') return;
    if (expired) return sendCode(state.phone);
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setCodeError(errorText('INVALID_CODE'));
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    setFormError(null);
    setPending(true);
    try {
      const pair = await frontFetch('/auth/local/reset/sms/verify', SmsResetVerified, {
        method: 'POST',
        body: { phone: state.phone, code: typed },
      });
      setState({ step: 'verified', userId: pair.userId, uuid: pair.uuid });
    } catch (error) {
      const failure = codeOf(error);
      if (failure === 'INVALID_PARAMETER') {
        setCodeError(t('wrongCode'));
        codeRef.current?.focus();
      } else if (failure === 'EXPIRED_OTP') {
        // The server's clock decides: show the expired state with "send again".
        setState({ ...state, deadline: Date.now() });
      } else setFormError({ code: failure, sending: false });
    } finally {
      setPending(false);
    }
  }

  if (state.step === 'verified') {
    return (
      <div className={styles.form}>
        <p className={formStyles.success} role="status" data-testid="sms-verified">
          {t('verified')}
        </p>
        <NewPasswordForm userId={state.userId} uuid={state.uuid} focusOnMount />
      </div>
    );
  }

  const parts = countdownParts(left);
  return (
    <div className={styles.form}>
      <form className={styles.form} onSubmit={requestCode} noValidate data-testid="reset-sms-form">
        <div className={formStyles.inline}>
          <div className={`${formStyles.field} ${formStyles.fieldNarrow}`}>
            <label htmlFor="reset-country" className={formStyles.label}>
              {t('country')}
            </label>
            <select
              id="reset-country"
              className={formStyles.select}
              value={region}
              onChange={(event) => setRegion(event.target.value)}
              disabled={state.step === 'code'}
            >
              {countries.map((c) => (
                <option key={c.region} value={c.region}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id="reset-phone"
            inputRef={phoneRef}
            label={t('phone')}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            value={national}
            onValueChange={setNational}
            readOnly={state.step === 'code'}
            error={phoneError ? errorText(phoneError) : undefined}
            required
          />
        </div>
        <p className={formStyles.hint}>{t('phoneHint')}</p>
        {state.step === 'phone' && (
          <div className={styles.actions}>
            <button type="submit" className="button" disabled={pending}>
              {pending ? t('sending') : t('sendCode')}
            </button>
          </div>
        )}
      </form>

      {state.step === 'code' && (
        <form className={styles.form} onSubmit={verify} noValidate data-testid="reset-code-form">
          <p className={formStyles.info} role="status">
            {t('codeSent', { phone: state.phone })}
          </p>
          <p className={formStyles.inline}>
            <span id="sms-timer-label">{t('timeLeft')}</span>
            <span
              role="timer"
              aria-labelledby="sms-timer-label"
              aria-describedby="sms-timer-spoken"
              className={styles.timer}
              data-testid="sms-timer"
            >
              {formatCountdown(left)}
            </span>
            <span id="sms-timer-spoken" className="visually-hidden">
              {t('timeLeftSpoken', parts)}
            </span>
          </p>
          <TextField
            id="reset-code"
            inputRef={codeRef}
            label={t('code')}
            type="text"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
            disabled={expired}
            error={codeError ?? undefined}
            required
          />
          {expired && (
            <p role="alert" className={formStyles.error} data-testid="sms-expired">
              {t('expired')}
            </p>
          )}
          <div className={styles.actions}>
            {/* Spec §4: once the time is over, verifying is replaced by sending a new code. */}
            {expired ? (
              <button type="submit" className="button" disabled={pending} data-testid="sms-send-again">
                {pending ? t('sending') : t('sendAgain')}
              </button>
            ) : (
              <button type="submit" className="button" disabled={pending} data-testid="sms-verify">
                {pending ? t('verifying') : t('verify')}
              </button>
            )}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setState({ step: 'phone' });
                setFormError(null);
                focusNext.current = 'phone';
              }}
            >
              {t('changeNumber')}
            </button>
          </div>
        </form>
      )}

      {formError && (
        <div role="alert" className={formStyles.error} data-testid="form-error" data-code={formError.code}>
          {formError.sending && <p>{t('sendFailed')}</p>}
          <p>{errorText(formError.code)}</p>
        </div>
      )}
    </div>
  );
}
