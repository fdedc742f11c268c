'use client';

import { AdminProduct, AdminProductList } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';

/**
 * A product's quick actions in the list: move it up or down in the shop's order (the whole order
 * is sent, as the api wants it), and take it out of the shop or offer it again.
 */
export function ProductControls({
  productId,
  name,
  active,
  order,
}: {
  productId: number;
  name: string;
  active: boolean;
  /** Every product id of the brand, in the shop's order. */
  order: readonly number[];
}) {
  const t = useTranslations('Shop');
  const router = useRouter();
  const { busy, error, run: act } = useAdminAction();
  const index = order.indexOf(productId);

  async function run(call: () => Promise<unknown>) {
    await act(async () => {
      await call();
      router.refresh();
    });
  }

  const move = (by: -1 | 1) =>
    run(() => {
      const next = [...order];
      const other = next[index + by];
      if (other === undefined) return Promise.resolve();
      next[index + by] = productId;
      next[index] = other;
      return callAdmin('shop/products/order', AdminProductList, { method: 'PUT', body: { productIds: next } });
    });

  return (
    <div>
      <div className={ui.actions}>
        <button
          type="button"
          className={ui.secondary}
          disabled={busy || index <= 0}
          onClick={() => move(-1)}
          aria-label={t('products.moveUp', { name })}
        >
          ↑
        </button>
        <button
          type="button"
          className={ui.secondary}
          disabled={busy || index < 0 || index >= order.length - 1}
          onClick={() => move(1)}
          aria-label={t('products.moveDown', { name })}
        >
          ↓
        </button>
        <button
          type="button"
          className={active ? ui.danger : ui.secondary}
          disabled={busy}
          onClick={() =>
            run(() =>
              callAdmin(`shop/products/${productId}/active`, AdminProduct, {
                method: 'PUT',
                body: { active: !active },
              }),
            )
          }
        >
          {active ? t('products.deactivate') : t('products.activate')}
        </button>
      </div>
      {error ? <ErrorText code={error} /> : null}
    </div>
  );
}
