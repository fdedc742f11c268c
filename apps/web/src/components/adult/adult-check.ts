import 'server-only';
import { hasBirthDate, isAdult, showAdult } from '@balcony/contracts';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { getServerSession } from '@/lib/session/server';
import type { AdultPopupMode } from './AdultPopup';

/**
 * Which adult check fits the reader of this request (spec §4): a visitor on a birthday brand logs
 * in first (`needsLogin`); a verified adult who hid adult content can show it again
 * (`hiddenBySettings`); a member connecting from Korea who has not passed the carrier identity
 * check takes that check (`needsCarrierCheck`, spec §4/§6: for them only isAdultKr counts); anyone
 * else gets the adult popup in `mode`.
 */
export async function adultCheckFor(returnPath: string) {
  const brand = await getRequestBrand();
  const user = (await getServerSession())?.user ?? null;
  const loginHref = routes.login(returnPath);
  const verified = user !== null && isAdult(user) && hasBirthDate(brand, user);
  const mode: AdultPopupMode = { check: brand.adultCheck, member: user && { alreadyAdult: verified }, loginHref };
  return {
    brand,
    user,
    loginHref,
    mode,
    needsLogin: !user && brand.adultCheck === 'BIRTHDAY',
    needsCarrierCheck: user?.isKrIpUser === true && !user.isAdultKr,
    hiddenBySettings: verified && !showAdult({ brand, platform: 'WEB', user }),
  };
}
