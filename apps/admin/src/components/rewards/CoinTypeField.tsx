'use client';

import { CoinType } from '@balcony/contracts';
import { useTranslations } from 'use-intl';
import { SelectField } from '@/components/ui/SelectField';

/** The coin type a reward gives (BONUS unless chosen otherwise), as the form field `coinType`. */
export function CoinTypeField() {
  const t = useTranslations('Rewards');
  const coinTypes = useTranslations('CoinTypes');
  return (
    <SelectField
      label={t('coinType')}
      name="coinType"
      options={CoinType.options}
      labelOf={(option) => coinTypes(option)}
      defaultValue="BONUS"
    />
  );
}
