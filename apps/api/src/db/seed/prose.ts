import { type Random, seededRandom } from './random.js';
import { PROSE_NAMES, PROSE_PLACES, PROSE_SENTENCES, PROSE_THINGS } from './words.js';

// Text of the demo novels (TEXT series): English paragraphs assembled from sentence templates.
// The cast, place and object stay the same across a series; the sentences change per episode.

interface Cast {
  a: string;
  b: string;
  place: string;
  thing: string;
}

function castOf(slug: string): Cast {
  const rng = seededRandom(`cast:${slug}`);
  const [a, b] = rng.shuffle(PROSE_NAMES) as [string, string];
  return { a, b, place: rng.pick(PROSE_PLACES), thing: rng.pick(PROSE_THINGS) };
}

function fill(template: string, cast: Cast): string {
  return template.replace(/\{(a|b|place|thing)\}/g, (_, slot: keyof Cast) => cast[slot]);
}

function paragraph(rng: Random, cast: Cast): string {
  return rng
    .shuffle(PROSE_SENTENCES)
    .slice(0, rng.int(3, 5))
    .map((s) => fill(s, cast))
    .join(' ');
}

/** 3 to 6 paragraphs of one episode, fixed by slug and episode number. */
export function episodeParagraphs(slug: string, episode: number): string[] {
  const cast = castOf(slug);
  const rng = seededRandom(`prose:${slug}/${episode}`);
  return Array.from({ length: rng.int(3, 6) }, () => paragraph(rng, cast));
}
