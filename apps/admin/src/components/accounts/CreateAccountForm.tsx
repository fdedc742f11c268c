'use client';

import {
  ADMIN_ROLES,
  AdminAccountInput,
  type AdminCredentials,
  AdminCredentials as Credentials,
} from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { FormFooter } from '@/components/ui/FormFooter';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';

/**
 * A new admin: e-mail, name, roles, and the brands they may act in (none checked: all). The api
 * answers their first password and TOTP secret, shown here once: nothing stores them in clear.
 */
export function CreateAccountForm({ brandIds }: { brandIds: readonly string[] }) {
  const t = useTranslations('Accounts');
  const roles = useTranslations('Roles');
  const router = useRouter();
  const { busy, error, run, setError } = useAdminAction();
  const [created, setCreated] = useState<AdminCredentials | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = AdminAccountInput.safeParse({
      email: form.get('email'),
      name: form.get('name'),
      roles: form.getAll('roles'),
      brandIds: form.getAll('brandIds'),
    });
    if (!input.success) {
      setError('INVALID_PARAMETER');
      return;
    }
    await run(async () => {
      setCreated(await callAdmin('accounts', Credentials, { method: 'POST', body: input.data }));
      formElement.reset();
      router.refresh();
    });
  }

  return (
    <>
      {created ? (
        <section className={ui.warning} aria-labelledby="created-title">
          <h3 id="created-title">{t('createdTitle', { email: created.account.email })}</h3>
          <p>{t('createdWarning')}</p>
          <dl>
            <dt>{t('password')}</dt>
            <dd className={ui.mono}>{created.password}</dd>
            <dt>{t('totpSecret')}</dt>
            <dd className={ui.mono}>{created.totpSecret}</dd>
            <dt>{t('totpUri')}</dt>
            <dd className={ui.mono}>{created.totpUri}</dd>
          </dl>
          <button type="button" className={ui.secondary} onClick={() => setCreated(null)}>
            {t('createdDone')}
          </button>
        </section>
      ) : null}
      <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
        <div className={ui.row}>
          <label className={ui.field}>
            <span>{t('email')}</span>
            <input name="email" type="email" required maxLength={254} autoComplete="off" />
          </label>
          <label className={ui.field}>
            <span>{t('name')}</span>
            <input name="name" required maxLength={100} autoComplete="off" />
          </label>
        </div>
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('roles')}</legend>
          <div className={ui.checks}>
            {ADMIN_ROLES.map((role) => (
              <label key={role} className={ui.check}>
                <input type="checkbox" name="roles" value={role} />
                {roles(role)}
              </label>
            ))}
          </div>
          <small className={ui.hint}>{t('rolesHint')}</small>
        </fieldset>
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('brands')}</legend>
          <div className={ui.checks}>
            {brandIds.map((id) => (
              <label key={id} className={ui.check}>
                <input type="checkbox" name="brandIds" value={id} />
                {id}
              </label>
            ))}
          </div>
          <small className={ui.hint}>{t('brandsHint')}</small>
        </fieldset>
        <FormFooter error={error} label={t('create')} disabled={busy} />
      </form>
    </>
  );
}
