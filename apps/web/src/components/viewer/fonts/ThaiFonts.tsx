'use client';

import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-serif-thai/400.css';
import '@fontsource/sarabun/400.css';

/** Typefaces of Thai text episodes: Noto Sans Thai, Sarabun and Noto Serif Thai. */
export default function ThaiFonts() {
  return null;
}
