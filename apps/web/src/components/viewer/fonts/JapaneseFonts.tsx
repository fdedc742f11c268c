'use client';

import '@fontsource/noto-sans-jp/400.css';
import '@fontsource/noto-serif-jp/400.css';
import '@fontsource/zen-maru-gothic/400.css';

/** Typefaces of Japanese text episodes: Noto Sans JP, Noto Serif JP and Zen Maru Gothic. */
export default function JapaneseFonts() {
  return null;
}
