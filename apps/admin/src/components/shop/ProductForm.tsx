'use client';

import {
  type AdminProduct,
  AdminProductInput,
  AdminProduct as AdminProductSchema,
  DisplayChannel,
  Layout,
  ProductMark,
} from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import { SelectField } from '@/components/ui/SelectField';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { saveAdmin } from '@/lib/client-api';
import { toMajorText, toMinor } from './money';

interface Props {
  /** The product to edit; a new one without it. */
  product?: AdminProduct;
  currency: string;
  minorUnits: number;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const count = (value: string) => (value === '' ? 0 : Number(value));
const optional = (value: string) => (value === '' ? null : Number(value));

/**
 * A coin product's every setting: where it is offered, what it gives, its price and sale, its
 * limits, whether it is a first-purchase offer, and how the shop shows it. Checked by the api's
 * own schema before it is sent; the api checks again and audits the change.
 */
export function ProductForm({ product, currency, minorUnits }: Props) {
  const t = useTranslations('Shop');
  const router = useRouter();
  const id = useId();
  const { busy, error, run, setError } = useAdminAction();
  const [saved, setSaved] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = AdminProductInput.safeParse({
      name: text(form, 'name'),
      channels: form.getAll('channels').map(String),
      coins: count(text(form, 'coins')),
      bonusCoins: count(text(form, 'bonusCoins')),
      freeCoins: count(text(form, 'freeCoins')),
      price: toMinor(text(form, 'price'), minorUnits),
      salePrice: text(form, 'salePrice') === '' ? null : toMinor(text(form, 'salePrice'), minorUnits),
      percent: optional(text(form, 'percent')),
      marks: form.getAll('marks').map(String),
      layout: text(form, 'layout'),
      firstPurchaseOnly: form.get('firstPurchaseOnly') === 'on',
      limitTotal: optional(text(form, 'limitTotal')),
      limitPerUser: optional(text(form, 'limitPerUser')),
      active: form.get('active') === 'on',
    });
    if (!input.success) {
      setError('INVALID_PARAMETER');
      return;
    }
    setSaved(null);
    await run(async () => {
      const answer = await saveAdmin(
        product && `shop/products/${product.id}`,
        'shop/products',
        AdminProductSchema,
        input.data,
      );
      setSaved(t(product ? 'products.saved' : 'products.created', { name: answer.name }));
      if (!product) formElement.reset();
      router.refresh();
    });
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
      <label className={ui.field}>
        <span>{t('products.name')}</span>
        <input name="name" required maxLength={80} defaultValue={product?.name} />
      </label>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('products.channels')}</legend>
        <div className={ui.checks}>
          {DisplayChannel.options.map((channel) => (
            <label key={channel} className={ui.check}>
              <input
                type="checkbox"
                name="channels"
                value={channel}
                defaultChecked={product ? product.channels.includes(channel) : channel === 'WEB'}
              />
              {t(`channels.${channel}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={ui.row}>
        <label className={ui.field}>
          <span>{t('products.coins')}</span>
          <input name="coins" type="number" min={1} step={1} required defaultValue={product?.coins} />
        </label>
        <label className={ui.field}>
          <span>{t('products.bonusCoins')}</span>
          <input name="bonusCoins" type="number" min={0} step={1} defaultValue={product?.bonusCoins ?? 0} />
        </label>
        <label className={ui.field}>
          <span>{t('products.freeCoins')}</span>
          <input name="freeCoins" type="number" min={0} step={1} defaultValue={product?.freeCoins ?? 0} />
        </label>
      </div>
      <div className={ui.row}>
        <label className={ui.field}>
          <span>{t('products.price', { currency })}</span>
          <input
            name="price"
            inputMode="decimal"
            required
            defaultValue={product ? toMajorText(product.price, minorUnits) : ''}
          />
        </label>
        <label className={ui.field}>
          <span>{t('products.salePrice', { currency })}</span>
          <input
            name="salePrice"
            inputMode="decimal"
            aria-describedby={field('sale-hint')}
            defaultValue={product ? toMajorText(product.salePrice, minorUnits) : ''}
          />
          <small id={field('sale-hint')} className={ui.hint}>
            {t('products.salePriceHint')}
          </small>
        </label>
        <label className={ui.field}>
          <span>{t('products.percent')}</span>
          <input name="percent" type="number" min={1} max={100} step={1} defaultValue={product?.percent ?? ''} />
        </label>
      </div>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('products.marks')}</legend>
        <div className={ui.checks}>
          {ProductMark.options.map((mark) => (
            <label key={mark} className={ui.check}>
              <input type="checkbox" name="marks" value={mark} defaultChecked={product?.marks.includes(mark)} />
              {t(`marks.${mark}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={ui.row}>
        <SelectField
          label={t('products.layout')}
          name="layout"
          options={Layout.options}
          labelOf={(layout) => t(`layouts.${layout}`)}
          defaultValue={product?.layout ?? 'ICON_TEXT'}
        />
        <label className={ui.field}>
          <span>{t('products.limitTotal')}</span>
          <input name="limitTotal" type="number" min={1} step={1} defaultValue={product?.limitTotal ?? ''} />
        </label>
        <label className={ui.field}>
          <span>{t('products.limitPerUser')}</span>
          <input name="limitPerUser" type="number" min={1} step={1} defaultValue={product?.limitPerUser ?? ''} />
        </label>
      </div>
      <small className={ui.hint}>{t('products.limitsHint')}</small>
      <div className={ui.checks}>
        <label className={ui.check}>
          <input type="checkbox" name="firstPurchaseOnly" defaultChecked={product?.firstPurchaseOnly} />
          {t('products.firstPurchaseOnly')}
        </label>
        <label className={ui.check}>
          <input type="checkbox" name="active" defaultChecked={product?.active ?? true} />
          {t('products.active')}
        </label>
      </div>
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={busy}>
          {product ? t('products.save') : t('products.create')}
        </button>
      </div>
      <p role="status" className={ui.success}>
        {saved}
      </p>
      {error ? <ErrorText code={error} /> : null}
    </form>
  );
}
