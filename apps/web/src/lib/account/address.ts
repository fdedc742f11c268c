import 'server-only';
import { UserAddressResponse } from '@balcony/contracts';
import { memberGet } from '../api/member-get';
import { routes } from '../navigation/routes';

/** The member's delivery address (GET /user/address; decision 0280); login required (spec §6). */
export function loadAddress(
  searchParams: Readonly<Record<string, string | string[] | undefined>>,
): Promise<UserAddressResponse> {
  return memberGet({ pathname: routes.address, searchParams, path: '/user/address', schema: UserAddressResponse });
}
