import { MaintenanceSwitches, TransferAdminView } from '@balcony/contracts';
import type { Metadata } from 'next';
import { MaintenanceForm } from '@/components/operations/MaintenanceForm';
import { TransferPeriodForm } from '@/components/operations/TransferPeriodForm';
import { Forbidden } from '@/components/ui/Forbidden';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { getConsole, may } from '@/lib/console';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Operations'))('title') };
}

// Operations (issue 16): the maintenance switch of spec §2 /prepare (owners switch it) and the
// account transfer's period (finance moves it). Every change is audited by the api.
export default async function OperationsPage() {
  const { admin, brand, locale } = await getConsole();
  if (!may(admin, ['FINANCE'])) return <Forbidden />;
  const t = await getT('Operations');
  const [switches, transfer] = await Promise.all([
    api('/admin/maintenance', MaintenanceSwitches),
    api('/admin/transfer', TransferAdminView),
  ]);
  const owner = admin.roles.includes('OWNER');
  return (
    <>
      <h1>{t('title')}</h1>
      <MaintenanceForm
        switches={switches}
        brandId={brand.id}
        timeZone={brand.timeZone}
        locale={locale}
        canSwitch={owner}
        canSwitchAll={owner && admin.brandIds.length === 0}
      />
      <TransferPeriodForm view={transfer} timeZone={brand.timeZone} locale={locale} canMove />
    </>
  );
}
