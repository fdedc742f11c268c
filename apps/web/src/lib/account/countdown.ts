// The validity timer of a texted code (spec §2/§4: SMS code valid 10 minutes).

/** Milliseconds left until `deadline`, never below zero. */
export function remainingMs(deadline: number, now: number): number {
  return Math.max(0, deadline - now);
}

/** "mm:ss", rounding up so the timer shows 10:00 at the start and reaches 00:00 only at the end. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whole minutes and seconds left, for a spoken label ("9 minutes 5 seconds"). */
export function countdownParts(ms: number): { minutes: number; seconds: number } {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return { minutes: Math.floor(seconds / 60), seconds: seconds % 60 };
}
