import { AdminAccount, PlatformId } from '@balcony/contracts';
import type { Metadata } from 'next';
import { z } from 'zod';
import { AccountStatusButton } from '@/components/accounts/AccountStatusButton';
import { CreateAccountForm } from '@/components/accounts/CreateAccountForm';
import { DataTable } from '@/components/ui/DataTable';
import { Forbidden } from '@/components/ui/Forbidden';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { getConsole, may } from '@/lib/console';
import { formatInstant } from '@/lib/format';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Accounts'))('title') };
}

// Admins (OWNER): every console account, a new one (its first password and TOTP secret shown
// once), and disabling or enabling one. Every change is in the audit log.
export default async function AccountsPage() {
  const { admin, brand, locale } = await getConsole();
  if (!may(admin, ['OWNER'])) return <Forbidden />;
  const [t, roles] = await Promise.all([getT('Accounts'), getT('Roles')]);
  const accounts = await api('/admin/accounts', z.array(AdminAccount));
  return (
    <>
      <h1>{t('title')}</h1>
      <DataTable
        caption={t('listCaption')}
        columns={[
          t('name'),
          t('email'),
          t('roles'),
          t('brands'),
          t('status'),
          t('lastLogin'),
          { hidden: t('actions') },
        ]}
      >
        {accounts.map((account) => (
          <tr key={account.id}>
            <td>{account.name}</td>
            <td className={ui.mono}>{account.email}</td>
            <td>
              {account.roles.map((role) => (
                <span key={role} className={ui.badge}>
                  {roles(role)}
                </span>
              ))}
            </td>
            <td>{account.brandIds.length === 0 ? t('allBrands') : account.brandIds.join(', ')}</td>
            <td>{account.status === 'ACTIVE' ? t('active') : t('disabled')}</td>
            <td>{formatInstant(account.lastLoginAt, locale, brand.timeZone) || t('never')}</td>
            <td>
              {account.id === admin.id ? null : (
                <AccountStatusButton id={account.id} name={account.name} status={account.status} />
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <h2>{t('createTitle')}</h2>
      <CreateAccountForm brandIds={PlatformId.options} />
    </>
  );
}
