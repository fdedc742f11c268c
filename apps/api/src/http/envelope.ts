/** Wraps a service result in the success envelope of spec §7. */
export function ok<T>(data: T): { result: 'SUCCESS'; data: T } {
  return { result: 'SUCCESS', data };
}
