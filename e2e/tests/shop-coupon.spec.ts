import { expect, test } from '@playwright/test';
import type { Product } from './support/coins';
import { api, createMember, logIn } from './support/member';
import { collectConsoleErrors, screenshot } from './support/page';

// A discount coupon in the coin shop (issue 12 item 3, decision 0159): the member registers the
// demo seed's discount code, picks it in the shop, sees the reduced price on the pay button, pays
// that price in the sandbox checkout, and finds the coupon used by that charge. A product below
// the coupon's minimum cannot take it. Elements are found by role or data-testid, never by words.

/** The demo seed's 20 % discount code for delitoonb-fr (api/src/db/seed/coupons.ts). */
const DISCOUNT_CODE = 'SAVE20-DELITOONBFR';

interface ShopProduct extends Product {
  price: number;
  salePrice: number | null;
}

interface MemberCoupon {
  id: number;
  kind: string;
  status: string;
  minimumAmount: number | null;
  orderId: number | null;
}

interface Order {
  id: number;
  status: string;
  amount: number;
  discount: number;
  couponId: number | null;
}

const payPrice = (product: ShopProduct) => product.salePrice ?? product.price;

test('a member applies a discount coupon in the shop and pays the reduced price', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'discount' });
  const token = member.accessToken;
  await api('POST', '/coupons', { token, body: { code: DISCOUNT_CODE } });
  const usable = await api<{ items: MemberCoupon[] }>('GET', '/coupons?tab=usable', { token });
  const coupon = usable.items.find((c) => c.kind === 'DISCOUNT');
  if (!coupon) throw new Error('the demo discount coupon was not registered');
  const minimum = coupon.minimumAmount ?? 0;
  const shop = await api<{ products: ShopProduct[] }>('GET', '/shop/products?channel=WEB', { token });
  const open = shop.products.filter((p) => !p.soldOut && (p.remainingForMe === null || p.remainingForMe > 0));
  const eligible = open.find((p) => payPrice(p) >= minimum);
  const below = open.find((p) => payPrice(p) < minimum);
  if (!eligible) throw new Error('the seeded shop has no product the demo discount applies to');

  await logIn(page, member);
  await page.goto('/shop');
  const picker = page.getByTestId('shop-coupon');
  const option = picker.locator(`option[value="${coupon.id}"]`);
  const pay = page.getByTestId('shop-pay');

  if (below) {
    // Under the minimum the coupon cannot be chosen (INVALID_MINIMUM_AMOUNT_COUPON never reaches the api).
    await page.locator(`[data-testid="shop-product"][data-product-id="${below.id}"]`).click();
    await expect(option).toBeDisabled();
  }

  await page.locator(`[data-testid="shop-product"][data-product-id="${eligible.id}"]`).click();
  await expect(option).toBeEnabled();
  const fullPrice = await pay.textContent();
  await picker.selectOption(String(coupon.id));
  await expect(pay).not.toHaveText(fullPrice ?? '');
  await page.getByTestId('shop-method-SANDBOX').check();
  for (const box of await page.locator('[data-testid^="shop-agreement-"]').all()) await box.check();
  await screenshot(page, testInfo, 'shop-coupon-chosen');
  await pay.click();

  // The checkout asks for the reduced amount, and the order says what the coupon took off.
  await page.waitForURL((url) => /^\/shop\/checkout\/\d+$/.test(url.pathname));
  const orderId = Number(new URL(page.url()).pathname.split('/').at(-1));
  const order = await api<Order>('GET', `/shop/orders/${orderId}`, { token });
  expect(order.couponId).toBe(coupon.id);
  expect(order.discount).toBeGreaterThan(0);
  expect(order.amount).toBe(payPrice(eligible) - order.discount);
  await expect(page.getByTestId('checkout-amount')).not.toBeEmpty();
  await page.getByTestId('sandbox-success').click();
  await page.waitForURL((url) => /^\/shop\/complete\/\d+$/.test(url.pathname));
  await expect(page.getByTestId('order-paid')).toBeVisible();

  // The coupon is used by that charge, and no longer offered in the shop.
  const used = await api<{ items: MemberCoupon[] }>('GET', '/coupons?tab=used', { token });
  expect(used.items.find((c) => c.id === coupon.id)).toMatchObject({ status: 'USED', orderId });
  await page.goto('/shop');
  await expect(page.getByTestId('shop-form')).toBeVisible();
  await expect(page.locator(`[data-testid="shop-coupon"] option[value="${coupon.id}"]`)).toHaveCount(0);
  expect(errors).toEqual([]);
});
