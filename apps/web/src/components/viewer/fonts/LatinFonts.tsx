'use client';

import '@fontsource/literata/400.css';
import '@fontsource/nunito/400.css';

/** Typefaces of Latin-script text episodes: Literata and Nunito (Noto Sans comes with the root layout). */
export default function LatinFonts() {
  return null;
}
