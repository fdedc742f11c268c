import 'server-only';
import { GiftBox } from '@balcony/contracts';
import { memberGet } from '../api/member-get';
import { GIFT_PATH } from './gifts';

/** The member's gift box (GET /gift); login required (spec §2, §6). */
export function loadGiftBox(searchParams: Readonly<Record<string, string | string[] | undefined>>): Promise<GiftBox> {
  return memberGet({ pathname: GIFT_PATH, searchParams, path: '/gift', schema: GiftBox });
}
