'use client';

import {
  ADDRESS_COUNTRIES,
  ADDRESS_COUNTRY_CODES,
  ADDRESS_LIMITS,
  type AddressCountry,
  E164_MAX_DIGITS,
  NoData,
  PHONE_NUMBER_DIGITS,
  type UserAddress,
  UserAddressResponse,
  ZIP_CODE,
} from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'use-intl';
import { frontFetch } from '@/components/session/front-fetch';
import formStyles from '@/components/ui/Form.module.css';
import { TextField } from '@/components/ui/TextField';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import { useFieldErrors } from '@/components/ui/useFieldErrors';
import type { MessageCode } from '@/lib/errors/error-codes';
import styles from './Account.module.css';

type Field = 'name' | 'address1' | 'address2' | 'city' | 'zipCode' | 'country' | 'phone';
type Problem = 'required' | 'tooLong' | 'invalidZip' | 'invalidPhone' | 'invalidText';
type Values = Record<Exclude<Field, 'phone'>, string> & { callingCode: string; phone: string };

const CONTROL = /\p{Cc}/u;
const TEXT_FIELDS = ['name', 'address1', 'address2', 'city', 'zipCode'] as const;

function problemsOf(values: Values): Partial<Record<Field, Problem>> {
  const problems: Partial<Record<Field, Problem>> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (CONTROL.test(value)) problems[field] = 'invalidText';
    else if (value.length > ADDRESS_LIMITS[field]) problems[field] = 'tooLong';
    else if (value === '' && field !== 'address2') problems[field] = 'required';
  }
  if (!problems.zipCode && !ZIP_CODE.test(values.zipCode.trim())) problems.zipCode = 'invalidZip';
  if (!values.country) problems.country = 'required';
  const phone = values.phone.replace(/[\s.-]/g, '');
  if (phone === '') problems.phone = 'required';
  else if (!PHONE_NUMBER_DIGITS.test(phone) || values.callingCode.length + phone.length > E164_MAX_DIGITS)
    problems.phone = 'invalidPhone';
  return problems;
}

function valuesOf(address: UserAddress | null): Values {
  return {
    name: address?.name ?? '',
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    zipCode: address?.zipCode ?? '',
    country: address?.country ?? '',
    callingCode: address?.phone.callingCode ?? ADDRESS_COUNTRIES.FR,
    phone: address?.phone.number ?? '',
  };
}

/**
 * The address form of spec §3 (decision 0280): name, two address lines, postcode, city, a European
 * country and a phone number with its calling code; saved with PUT /user/address, deleted with DELETE.
 */
export function AddressForm({ address }: { address: UserAddress | null }) {
  const t = useTranslations('Address');
  const locale = useLocale();
  const errorText = useErrorText();
  const router = useRouter();
  const [values, setValues] = useState<Values>(() => valuesOf(address));
  const [kept, setKept] = useState(address !== null);
  const [errors, setErrors, clearError] = useFieldErrors<Field, Problem>();
  const [formError, setFormError] = useState<MessageCode | null>(null);
  const [status, setStatus] = useState<'saved' | 'deleted' | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Country names in the reader's language, in their alphabetical order.
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return ADDRESS_COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, locale),
    );
  }, [locale]);

  function change(field: keyof Values, value: string) {
    setValues((previous) => {
      const next = { ...previous, [field]: value };
      // A new country brings its calling code while no phone number is typed yet.
      if (field === 'country' && previous.phone === '' && value in ADDRESS_COUNTRIES)
        next.callingCode = ADDRESS_COUNTRIES[value as AddressCountry];
      return next;
    });
    clearError(field === 'callingCode' ? 'phone' : (field as Field));
    setStatus(null);
  }

  function focusFirstError(problems: Partial<Record<Field, Problem>>) {
    const first = (['name', 'address1', 'address2', 'zipCode', 'city', 'country', 'phone'] as const).find(
      (field) => problems[field],
    );
    if (first) formRef.current?.querySelector<HTMLElement>(`#address-${first}`)?.focus();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setStatus(null);
    setFormError(null);
    const problems = problemsOf(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstError(problems);
      return;
    }
    setPending(true);
    try {
      const saved = await frontFetch('/user/address', UserAddressResponse, {
        method: 'PUT',
        body: {
          name: values.name.trim(),
          address1: values.address1.trim(),
          ...(values.address2.trim() ? { address2: values.address2.trim() } : {}),
          city: values.city.trim(),
          zipCode: values.zipCode.trim(),
          country: values.country,
          phone: { callingCode: values.callingCode, number: values.phone.replace(/[\s.-]/g, '') },
        },
      });
      setValues(valuesOf(saved.address));
      setKept(true);
      setStatus('saved');
      router.refresh();
    } catch (error) {
      setFormError(codeOf(error));
    } finally {
      setPending(false);
    }
  }

  async function remove() {
    if (pending) return;
    setStatus(null);
    setFormError(null);
    setPending(true);
    try {
      await frontFetch('/user/address', NoData, { method: 'DELETE' });
      setValues(valuesOf(null));
      setErrors({});
      setKept(false);
      setStatus('deleted');
      router.refresh();
    } catch (error) {
      setFormError(codeOf(error));
    } finally {
      setPending(false);
    }
  }

  const errorOf = (field: Field) => {
    const problem = errors[field];
    if (!problem) return undefined;
    return problem === 'tooLong' && field !== 'country' && field !== 'phone'
      ? t('tooLong', { max: ADDRESS_LIMITS[field] })
      : t(problem);
  };
  const text = (field: (typeof TEXT_FIELDS)[number], autoComplete: string, required = true) => (
    <TextField
      id={`address-${field}`}
      label={t(field)}
      autoComplete={autoComplete}
      value={values[field]}
      onValueChange={(value) => change(field, value)}
      error={errorOf(field)}
      maxLength={ADDRESS_LIMITS[field] + 20}
      required={required}
    />
  );

  return (
    <form ref={formRef} className={styles.form} onSubmit={save} noValidate data-testid="address-form">
      <p className={formStyles.hint}>{kept ? t('kept') : t('none')}</p>
      {text('name', 'name')}
      {text('address1', 'address-line1')}
      {text('address2', 'address-line2', false)}
      <div className={formStyles.inline}>
        <div className={formStyles.fieldNarrow}>{text('zipCode', 'postal-code')}</div>
        {text('city', 'address-level2')}
      </div>
      <div className={formStyles.field}>
        <label htmlFor="address-country" className={formStyles.label}>
          {t('country')}
        </label>
        <select
          id="address-country"
          className={formStyles.select}
          autoComplete="country"
          value={values.country}
          onChange={(event) => change('country', event.target.value)}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? 'address-country-error' : undefined}
          required
        >
          <option value="">{t('chooseCountry')}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {errors.country && (
          <p id="address-country-error" className={formStyles.fieldError} data-testid="address-country-error">
            {errorOf('country')}
          </p>
        )}
      </div>
      <div className={formStyles.inline}>
        <div className={`${formStyles.field} ${formStyles.fieldNarrow}`}>
          <label htmlFor="address-callingCode" className={formStyles.label}>
            {t('callingCode')}
          </label>
          <select
            id="address-callingCode"
            className={formStyles.select}
            autoComplete="tel-country-code"
            value={values.callingCode}
            onChange={(event) => change('callingCode', event.target.value)}
          >
            {countries.map((c) => (
              <option key={c.code} value={ADDRESS_COUNTRIES[c.code]}>
                {`${c.name} +${ADDRESS_COUNTRIES[c.code]}`}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="address-phone"
          label={t('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={values.phone}
          onValueChange={(value) => change('phone', value)}
          hint={t('phoneHint')}
          error={errorOf('phone')}
          maxLength={30}
          required
        />
      </div>
      {formError && (
        <p role="alert" className={formStyles.error} data-testid="form-error">
          {errorText(formError)}
        </p>
      )}
      <div role="status">
        {status && (
          <p className={formStyles.success} data-testid={`address-${status}`}>
            {t(status)}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={pending}>
          {pending ? t('saving') : t('save')}
        </button>
        {kept && (
          <button
            type="button"
            className={`button ${styles.danger}`}
            disabled={pending}
            onClick={remove}
            data-testid="address-delete"
          >
            {t('delete')}
          </button>
        )}
      </div>
    </form>
  );
}
