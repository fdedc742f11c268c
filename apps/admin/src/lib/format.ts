// Dates in the console: shown in the brand's time zone (the one readers live in), and the
// datetime-local inputs of forms read as wall-clock times of that zone.

/** An instant as a date and time in `timeZone`, with the zone's short name; empty for null. */
export function formatInstant(iso: string | null | undefined, locale: string, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // Fields rather than dateStyle/timeStyle: those cannot be combined with the zone's name.
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}

/** Milliseconds `timeZone` is ahead of UTC at the instant `utcMs`. */
function offsetAt(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(utcMs / 1000) * 1000;
}

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, '0');
}

/**
 * A datetime-local value (`2026-03-01T09:30`) read in `timeZone`, as an ISO instant with that
 * zone's offset (`2026-03-01T09:30:00+01:00`), which the api's schemas take; null when empty or
 * malformed.
 */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  // The offset at the guessed instant, checked once more, so a time next to a DST change settles.
  let offset = offsetAt(wall, timeZone);
  offset = offsetAt(wall - offset, timeZone);
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const stamp = `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(Number.isNaN(s) ? 0 : s)}`;
  return `${stamp}${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** An instant as the datetime-local value of `timeZone` (for a form's initial value); empty for null. */
export function isoToZonedLocal(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const wall = new Date(ms + offsetAt(ms, timeZone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}
