import 'server-only';
import { type AdminProfile, type AdminRole, adminMay, type BrandConfig, type Locale } from '@balcony/contracts';
import { getLocale } from '@/i18n/server';
import { currentAdmin, getConsoleSession } from './api';

// What every console screen starts from: who the admin is, the brand in scope and the language.

export interface Console {
  admin: AdminProfile;
  brand: BrandConfig;
  locale: Locale;
}

export async function getConsole(): Promise<Console> {
  const { brand } = await getConsoleSession();
  const [admin, locale] = await Promise.all([currentAdmin(), getLocale()]);
  return { admin, brand, locale };
}

/** Whether this admin may open a screen meant for `roles` (OWNER may open all). */
export function may(admin: AdminProfile, roles: readonly AdminRole[]): boolean {
  return adminMay(admin.roles, roles);
}
