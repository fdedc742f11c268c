'use client';

import {
  type BrandConfig,
  formatDate,
  isOfAge,
  NOT_LOGGED_IN_ADULT_YES,
  shortMonthNames,
  shortWeekdayNames,
  User,
  validateBirthday,
} from '@balcony/contracts';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'use-intl';
import { broadcastSessionChange, logAuthEvent } from '@/components/session/client';
import { frontErrorCode } from '@/components/session/front-error';
import { frontFetch } from '@/components/session/front-fetch';
import { Modal } from '@/components/ui/Modal';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import { birthdayPickerYears, clampDay, daysInMonth, monthWeeks, toIsoDate } from '@/lib/account/birthday';
import { cookieAssignment } from '@/lib/account/client-cookies';
import { UserUpdated } from '@/lib/api/front-answers';
import type { MessageCode } from '@/lib/errors/error-codes';
import { COOKIES } from '@/lib/session/cookies';
import styles from './AdultPopup.module.css';

/** What the server knows when it offers the popup. */
export interface AdultPopupMode {
  /** The brand's adult check (spec §2): a birthday entry or a yes/no question. */
  check: BrandConfig['adultCheck'];
  /** null for a visitor; for a member, whether they are adult with a birth date already (spec §4). */
  member: { alreadyAdult: boolean } | null;
  /** Where a visitor logs in first (BIRTHDAY mode), coming back here. */
  loginHref: string;
}

type Step = 'question' | 'birthday' | 'login';

const MONDAY_FIRST = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;

/** Writes a cookie page scripts may set (it holds an answer, never a secret). */
function setAnswerCookie(name: string, value: string, maxAge: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older browsers; cookieAssignment builds and escapes the value
  document.cookie = cookieAssignment(name, value, maxAge, window.location.protocol === 'https:');
}

/** Spec §9: the popup's answer is remembered for a day. */
export function rememberAnswer(answer: 'Y' | 'N'): void {
  setAnswerCookie(COOKIES.adultPopup.name, answer, COOKIES.adultPopup.maxAge);
}

/** Spec §4 adult toggle; a failure is logged only, never shown (spec §8). */
export async function setAdultDisplay(value: boolean): Promise<boolean> {
  try {
    await frontFetch(`/user/adult/toggle/${value}`, User, { method: 'PUT' });
    return true;
  } catch (error) {
    logAuthEvent('warn', frontErrorCode(error), `adult toggle ${value}`);
    return false;
  }
}

function done(): void {
  rememberAnswer('Y');
  broadcastSessionChange();
  window.location.reload();
}

/**
 * The adult popup of spec §2/§4. Birthday mode: a member picks a date (year over the last 100
 * years plus the next, month, day grid); under the brand's adult age an info message asks to
 * check it, else it is sent (PUT /user ADULT), adult display is switched on unless the member was
 * adult already, and the page reloads. Yes/no mode: yes confirms (a visitor on the brand that
 * allows it gets the not-logged-in-adult cookie), no closes. A visitor in birthday mode logs in first.
 */
export function AdultPopup({ mode, brand, onClose }: { mode: AdultPopupMode; brand: BrandConfig; onClose(): void }) {
  const t = useTranslations('AdultPopup');
  const id = useId();
  const initial: Step = mode.check === 'YES_NO' ? 'question' : mode.member ? 'birthday' : 'login';
  const [step, setStep] = useState<Step>(initial);
  const titleId = `${id}-title`;
  const introId = `${id}-intro`;

  const cancel = () => {
    rememberAnswer('N');
    onClose();
  };

  async function yes() {
    if (!mode.member) {
      if (brand.visitorAdultCookie) {
        setAnswerCookie(COOKIES.notLoggedInAdult.name, NOT_LOGGED_IN_ADULT_YES, COOKIES.notLoggedInAdult.maxAge);
        done();
      } else setStep('login');
      return;
    }
    if (mode.member.alreadyAdult) {
      await setAdultDisplay(true);
      done();
      return;
    }
    // A member not yet verified gives a birth date: the api makes adults only from one.
    setStep('birthday');
  }

  return (
    <Modal labelledBy={titleId} describedBy={introId} onClose={cancel} testId="adult-popup">
      {step === 'question' && (
        <div className={styles.body}>
          <h2 id={titleId} className={styles.title}>
            {t('question', { age: brand.adultAge })}
          </h2>
          <p id={introId}>{t('questionIntro')}</p>
          <div className={styles.actions}>
            <button type="button" className="button" onClick={() => void yes()} data-testid="adult-yes" data-autofocus>
              {t('yes', { age: brand.adultAge })}
            </button>
            <button type="button" className="button button-secondary" onClick={cancel} data-testid="adult-no">
              {t('no')}
            </button>
          </div>
        </div>
      )}
      {step === 'login' && (
        <div className={styles.body}>
          <h2 id={titleId} className={styles.title}>
            {t('birthdayTitle')}
          </h2>
          <p id={introId}>{t('loginFirst')}</p>
          <div className={styles.actions}>
            <a href={mode.loginHref} className="button" data-testid="adult-login" data-autofocus>
              {t('gateLogin')}
            </a>
            <button type="button" className="button button-secondary" onClick={cancel}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
      {step === 'birthday' && (
        <BirthdayStep
          brand={brand}
          alreadyAdult={mode.member?.alreadyAdult ?? false}
          titleId={titleId}
          introId={introId}
          onCancel={cancel}
        />
      )}
    </Modal>
  );
}

function BirthdayStep({
  brand,
  alreadyAdult,
  titleId,
  introId,
  onCancel,
}: {
  brand: BrandConfig;
  alreadyAdult: boolean;
  titleId: string;
  introId: string;
  onCancel(): void;
}) {
  const t = useTranslations('AdultPopup');
  const errorText = useErrorText();
  const locale = useLocale();
  const [now] = useState(() => new Date());
  const years = useMemo(() => birthdayPickerYears(now, brand.timeZone), [now, brand.timeZone]);
  const months = useMemo(() => shortMonthNames(locale), [locale]);
  const weekdays = useMemo(() => {
    const short = shortWeekdayNames(locale);
    const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    // 2023-01-02 was a Monday.
    return MONDAY_FIRST.map((day, i) => ({
      day,
      short: short[day],
      long: long.format(new Date(Date.UTC(2023, 0, 2 + i))),
    }));
  }, [locale]);
  const [year, setYear] = useState<number | null>(null);
  const [month, setMonth] = useState<number | null>(null);
  const [day, setDay] = useState<number | null>(null);
  const [focusDay, setFocusDay] = useState(1);
  const [message, setMessage] = useState<
    { kind: 'underAge' | 'noDate' | 'invalidDate' } | { kind: 'error'; code: MessageCode } | null
  >(null);
  const [pending, setPending] = useState(false);
  const gridRef = useRef<HTMLTableElement>(null);

  const chosen = year && month && day ? { year, month, day } : null;

  const changeDate = (next: { year?: number | null; month?: number | null; day?: number | null }) => {
    const y = next.year !== undefined ? next.year : year;
    const m = next.month !== undefined ? next.month : month;
    let d = next.day !== undefined ? next.day : day;
    if (y && m && d) d = clampDay(y, m, d);
    setYear(y);
    setMonth(m);
    setDay(d);
    if (d) setFocusDay(d);
    else if (y && m) setFocusDay((f) => clampDay(y, m, f));
    setMessage(null);
  };

  function onDayKey(event: KeyboardEvent<HTMLButtonElement>, current: number) {
    if (!year || !month) return;
    const last = daysInMonth(year, month);
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    let target: number | undefined;
    if (event.key in moves) target = current + (moves[event.key] ?? 0);
    else if (event.key === 'Home') target = 1;
    else if (event.key === 'End') target = last;
    if (target === undefined) return;
    event.preventDefault();
    const next = Math.min(last, Math.max(1, target));
    setFocusDay(next);
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${next}"]`)?.focus();
  }

  async function confirm() {
    if (pending) return;
    if (!chosen) return setMessage({ kind: 'noDate' });
    const birthedAt = toIsoDate(chosen);
    const today = new Date();
    if (!validateBirthday(birthedAt, today, brand.timeZone).ok) return setMessage({ kind: 'invalidDate' });
    // Spec §4: under the limit, an info message asks to check the date; nothing is sent.
    if (!isOfAge(birthedAt, brand.adultAge, today, brand.timeZone)) return setMessage({ kind: 'underAge' });
    setPending(true);
    setMessage(null);
    try {
      await frontFetch('/user', UserUpdated, {
        method: 'PUT',
        body: { action: 'ADULT', verifyAdultRequest: { birthedAt } },
      });
    } catch (error) {
      const code = codeOf(error);
      setMessage(code === 'INVALID_PARAMETER' ? { kind: 'invalidDate' } : { kind: 'error', code });
      setPending(false);
      return;
    }
    // Spec §4 adult auth: unless already adult with a birth date, switch adult display on.
    if (!alreadyAdult) await setAdultDisplay(true);
    done();
  }

  const weeks = year && month ? monthWeeks(year, month) : [];
  const monthName = month ? months[month - 1] : '';
  return (
    <div className={styles.body}>
      <h2 id={titleId} className={styles.title}>
        {t('birthdayTitle')}
      </h2>
      <p id={introId}>{t('birthdayIntro', { age: brand.adultAge })}</p>
      <div className={styles.selects}>
        <label>
          <span>{t('year')}</span>
          <select
            value={year ?? ''}
            onChange={(event) => changeDate({ year: event.target.value ? Number(event.target.value) : null })}
            data-testid="adult-year"
            data-autofocus
          >
            <option value="">{t('choose')}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('month')}</span>
          <select
            value={month ?? ''}
            onChange={(event) => changeDate({ month: event.target.value ? Number(event.target.value) : null })}
            data-testid="adult-month"
          >
            <option value="">{t('choose')}</option>
            {months.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {year && month ? (
        <table ref={gridRef} className={styles.calendar} data-testid="adult-days">
          <caption className="visually-hidden">{t('daysLabel', { month: monthName ?? '', year })}</caption>
          <thead>
            <tr>
              {weekdays.map((w) => (
                <th key={w.day} scope="col">
                  <abbr title={w.long}>{w.short}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find((d) => d !== null)}>
                {week.map((d, i) => (
                  <td key={d ?? `pad-${i}`}>
                    {d !== null && (
                      <button
                        type="button"
                        data-day={d}
                        data-testid={`adult-day-${d}`}
                        tabIndex={d === focusDay ? 0 : -1}
                        aria-pressed={d === day}
                        onClick={() => changeDate({ day: d })}
                        onKeyDown={(event) => onDayKey(event, d)}
                      >
                        {d}
                      </button>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.hint}>{t('chooseYearMonth')}</p>
      )}
      <p className={styles.chosen} aria-live="polite" data-testid="adult-chosen">
        {chosen ? t('chosen', { date: formatDate(brand, toIsoDate(chosen)) }) : ''}
      </p>
      {message && (
        <p
          role="alert"
          className={message.kind === 'underAge' ? styles.info : styles.error}
          data-testid={`adult-${message.kind}`}
        >
          {message.kind === 'error' ? errorText(message.code) : t(message.kind, { age: brand.adultAge })}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          onClick={() => void confirm()}
          disabled={pending}
          data-testid="adult-confirm"
        >
          {pending ? t('sending') : t('confirm')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} data-testid="adult-cancel">
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
