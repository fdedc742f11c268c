import { AttendanceResult, type Emoticon, EmoticonResult, SpinResult } from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

// The browser's event calls through the front proxy, answers checked against their contracts.
// Loaded with import() when a member acts, so visitors' pages never load this file.

export function stampAttendance(eventId: number): Promise<AttendanceResult> {
  return frontFetch(`/events/${eventId}/attendance`, AttendanceResult, { method: 'POST', body: {} });
}

export function spinRoulette(eventId: number, key: string): Promise<SpinResult> {
  return frontFetch(`/events/${eventId}/roulette/spin`, SpinResult, { method: 'POST', body: { key } });
}

export function reactToEvent(eventId: number, emoticon: Emoticon): Promise<EmoticonResult> {
  return frontFetch(`/events/${eventId}/emoticon`, EmoticonResult, { method: 'POST', body: { emoticon } });
}
