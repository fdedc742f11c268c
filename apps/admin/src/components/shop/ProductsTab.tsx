import { AdminProductList } from '@balcony/contracts';
import { DataTable } from '@/components/ui/DataTable';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { getConsole } from '@/lib/console';
import { ProductControls } from './ProductControls';
import { ProductForm } from './ProductForm';

/**
 * The brand's coin products in the shop's order, on or off, each with its controls and its editor
 * (folded), then a new product. Readers see a change on their next visit to the shop.
 */
export async function ProductsTab() {
  const { brand, locale } = await getConsole();
  const t = await getT('Shop');
  const { products, currency } = await api('/admin/shop/products', AdminProductList);
  const price = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const major = (minor: number) => price.format(minor / 10 ** brand.currencyMinorUnits);
  const n = new Intl.NumberFormat(locale);
  const order = products.map((p) => p.id);
  return (
    <section aria-labelledby="products-title">
      <h2 id="products-title">{t('products.title')}</h2>
      <p className={ui.muted}>{t('products.intro')}</p>
      {products.length === 0 ? (
        <p>{t('products.empty')}</p>
      ) : (
        <DataTable
          caption={t('products.title')}
          columns={[
            t('products.name'),
            t('products.gives'),
            t('products.priceColumn'),
            t('products.limits'),
            t('products.state'),
            t('products.actions'),
          ]}
        >
          {products.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                {p.name} <span className={ui.muted}>#{p.id}</span>
                <div>
                  {p.channels.map((c) => (
                    <span key={c} className={ui.badge}>
                      {t(`channels.${c}`)}
                    </span>
                  ))}
                </div>
              </th>
              <td>
                {t('products.givesText', { coins: p.coins, bonus: p.bonusCoins, free: p.freeCoins })}
                {p.marks.length > 0 ? (
                  <div>
                    {p.marks.map((m) => (
                      <span key={m} className={ui.badge}>
                        {t(`marks.${m}`)}
                      </span>
                    ))}
                  </div>
                ) : null}
              </td>
              <td>
                {p.salePrice !== null ? (
                  <>
                    <del>{major(p.price)}</del> {major(p.salePrice)}
                  </>
                ) : (
                  major(p.price)
                )}
                {p.percent !== null ? (
                  <div className={ui.muted}>{t('products.percentBadge', { percent: p.percent })}</div>
                ) : null}
              </td>
              <td>
                <div>
                  {t('products.sold', { sold: n.format(p.soldCount) })}
                  {p.limitTotal !== null ? ` / ${n.format(p.limitTotal)}` : ''}
                </div>
                {p.limitPerUser !== null ? (
                  <div className={ui.muted}>{t('products.perMember', { limit: p.limitPerUser })}</div>
                ) : null}
                {p.firstPurchaseOnly ? <div className={ui.muted}>{t('products.firstPurchaseOnly')}</div> : null}
              </td>
              <td>{p.active ? t('products.on') : t('products.off')}</td>
              <td>
                <ProductControls productId={p.id} name={p.name} active={p.active} order={order} />
                <details>
                  <summary>{t('products.edit')}</summary>
                  <ProductForm product={p} currency={currency} minorUnits={brand.currencyMinorUnits} />
                </details>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <h2>{t('products.createTitle')}</h2>
      <ProductForm currency={currency} minorUnits={brand.currencyMinorUnits} />
    </section>
  );
}
