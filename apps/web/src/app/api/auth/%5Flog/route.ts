import { receiveBeacon } from '@/lib/session/beacon';

/** Spec §7 POST _log: client-side auth failures reach the server log (lib/session/beacon.ts). */
export const POST = receiveBeacon;
