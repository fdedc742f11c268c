'use client';

import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { Script } from '@/lib/viewer/fonts';

/**
 * Each script's typefaces in a chunk of their own (stylesheet included): a text episode loads its
 * brand's font faces only, and an image episode none. The server render links the stylesheet of
 * the chunk it used, so the text is laid out in its typeface from the first paint.
 */
const FONT_FACES: Readonly<Record<Script, ComponentType>> = {
  latin: dynamic(() => import('./fonts/LatinFonts')),
  japanese: dynamic(() => import('./fonts/JapaneseFonts')),
  thai: dynamic(() => import('./fonts/ThaiFonts')),
  chinese: dynamic(() => import('./fonts/ChineseFonts')),
};

export function FontFaces({ script }: { script: Script }) {
  const Faces = FONT_FACES[script];
  return <Faces />;
}
