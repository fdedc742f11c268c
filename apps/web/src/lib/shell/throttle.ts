/**
 * Calls `fn` at most once per `ms`: the first call runs at once, later ones within the window are
 * folded into one trailing call, so the last scroll or resize position is never lost.
 */
export function throttle(fn: () => void, ms: number): { (): void; cancel(): void } {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };

  const throttled = () => {
    const wait = last + ms - Date.now();
    if (wait <= 0) run();
    else timer ??= setTimeout(run, wait);
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
