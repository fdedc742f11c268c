import { describe, expect, it } from 'vitest';
import { AdminProductInput, daysBetween, ReportQuery, reportDays } from './admin-business.js';

describe('report ranges', () => {
  it('counts both ends and lists every day, across a month and a leap day', () => {
    expect(reportDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(daysBetween('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('takes at most 366 days, the start not after the end, and `all` or known-looking brand ids', () => {
    expect(ReportQuery.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(ReportQuery.safeParse({ from: '2024-01-01', to: '2025-01-01' }).success).toBe(false);
    expect(ReportQuery.safeParse({ from: '2024-02-01', to: '2024-01-31' }).success).toBe(false);
    expect(ReportQuery.safeParse({ from: '2024-01-01', to: '2024-01-02', brands: 'all' }).success).toBe(true);
    expect(ReportQuery.safeParse({ from: '2024-01-01', to: '2024-01-02', brands: 'bom-tw,bom-th' }).success).toBe(true);
    expect(ReportQuery.safeParse({ from: '2024-01-01', to: '2024-01-02', brands: "bom-tw';--" }).success).toBe(false);
  });
});

describe('coin product input', () => {
  const product = { name: 'Pack', channels: ['WEB'], coins: 10, price: 500 };

  it('fills the defaults and refuses a sale price at or above the price', () => {
    expect(AdminProductInput.parse(product)).toMatchObject({ bonusCoins: 0, salePrice: null, marks: [], active: true });
    expect(AdminProductInput.safeParse({ ...product, salePrice: 499 }).success).toBe(true);
    expect(AdminProductInput.safeParse({ ...product, salePrice: 500 }).success).toBe(false);
  });
});
