'use client';

import '@fontsource/huninn/400.css';
import '@fontsource/noto-sans-tc/400.css';
import '@fontsource/noto-serif-tc/400.css';

/** Typefaces of Traditional Chinese text episodes: Noto Sans TC, Noto Serif TC and Huninn. */
export default function ChineseFonts() {
  return null;
}
