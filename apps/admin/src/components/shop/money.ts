// Prices typed in the console are in the currency's major unit (9.99), the api's in its minor
// unit (999): the brand's `currencyMinorUnits` says how many digits lie between.

/** A typed price as minor units; NaN for something that is not a price. */
export function toMinor(typed: string, minorUnits: number): number {
  const text = typed.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 10 ** minorUnits);
}

/** Minor units as the value of a price field (999 → "9.99"). */
export function toMajorText(minor: number | null, minorUnits: number): string {
  return minor === null ? '' : (minor / 10 ** minorUnits).toFixed(minorUnits);
}
