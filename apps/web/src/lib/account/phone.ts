import { E164, type Locale } from '@balcony/contracts';

// Phone numbers of the SMS password reset: a country code chosen from a list (spec §3 "phone
// with country code") and the national number as people write it.

/** Country calling codes offered, with the region whose name labels them (Intl.DisplayNames). */
export const COUNTRY_CALLING_CODES: readonly { region: string; code: string }[] = [
  { region: 'FR', code: '33' },
  { region: 'BE', code: '32' },
  { region: 'CH', code: '41' },
  { region: 'LU', code: '352' },
  { region: 'DE', code: '49' },
  { region: 'AT', code: '43' },
  { region: 'GB', code: '44' },
  { region: 'IE', code: '353' },
  { region: 'ES', code: '34' },
  { region: 'IT', code: '39' },
  { region: 'NL', code: '31' },
  { region: 'PT', code: '351' },
  { region: 'PL', code: '48' },
  { region: 'CA', code: '1' },
  { region: 'US', code: '1' },
  { region: 'JP', code: '81' },
  { region: 'KR', code: '82' },
  { region: 'TW', code: '886' },
  { region: 'HK', code: '852' },
  { region: 'TH', code: '66' },
  { region: 'SG', code: '65' },
  { region: 'AE', code: '971' },
];

/** The region preselected for a brand's readers. */
export const DEFAULT_REGION: Readonly<Record<Locale, string>> = {
  fr: 'FR',
  de: 'DE',
  ja: 'JP',
  th: 'TH',
  'zh-TW': 'TW',
  en: 'GB',
};

/**
 * The E.164 form of a number ("+33612345678"), or null when it cannot be one. Spaces, dots,
 * dashes and brackets are ignored; a national trunk "0" is dropped (06 12… in France → +33 6 12…);
 * a number typed with its own "+" or "00" prefix is taken as complete.
 */
export function toE164(countryCode: string, national: string): string | null {
  const typed = national.trim();
  let digits = typed.replace(/[\s.\-()/]/g, '');
  let full: string;
  if (digits.startsWith('+')) full = digits;
  else if (digits.startsWith('00')) full = `+${digits.slice(2)}`;
  else {
    digits = digits.replace(/^0+/, '');
    full = `+${countryCode}${digits}`;
  }
  return E164.test(full) ? full : null;
}
