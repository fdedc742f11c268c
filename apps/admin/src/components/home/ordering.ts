/** Moves the item at `index` by one place; the same order when it cannot move. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  const item = list[index];
  if (item === undefined || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  next.splice(index, 1);
  next.splice(target, 0, item);
  return next;
}
