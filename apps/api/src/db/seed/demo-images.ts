import sharp from 'sharp';
import { type DemoSeries, demoPageCount, findDemoSeries } from './catalog-data.js';
import { hashString, type Random, seededRandom } from './random.js';

// Demo images drawn from their key alone, so the media service can make them on first request
// and seeding writes only rows. Each is an SVG (gradient, panels, shapes, ASCII text) rendered
// by sharp; colours come from the slug and shapes from the whole key, so no two look alike.

export const DEMO_PAGE_WIDTH = 800;

/** Size of a demo webtoon page: 800 px wide, 1100 to 1700 px high, fixed by slug, episode and page. */
export function demoPageSize(slug: string, episode: number, page: number): { width: number; height: number } {
  return { width: DEMO_PAGE_WIDTH, height: 1100 + (hashString(`page-size:${slug}/${episode}/${page}`) % 601) };
}

const SLUG = '([a-z0-9]+(?:-[a-z0-9]+)*)';
const NUMBER = '([1-9][0-9]{0,2})';
const THUMB = new RegExp(`^demo/thumbs/${SLUG}\\.png$`);
const COVER = new RegExp(`^demo/covers/${SLUG}\\.png$`);
const BANNER = new RegExp(`^demo/banners/${SLUG}\\.png$`);
const EPISODE = new RegExp(`^demo/episodes/${SLUG}/${NUMBER}\\.png$`);
const PAGE = new RegExp(`^demo/pages/${SLUG}/${NUMBER}/${NUMBER}\\.png$`);

/**
 * A PNG for a demo key (`demo/thumbs|covers|banners/{slug}.png`, `demo/episodes/{slug}/{n}.png`,
 * `demo/pages/{slug}/{n}/{k}.png`) of a demo series, or null for any other key, including
 * episodes and pages the series does not have.
 */
export async function renderDemoImage(key: string): Promise<Buffer | null> {
  const svg = demoSvg(key);
  return svg === null ? null : sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

function demoSvg(key: string): string | null {
  let m = THUMB.exec(key);
  if (m) return withSeries(m[1], (s) => thumbnailSvg(s));
  m = COVER.exec(key);
  if (m) return withSeries(m[1], (s) => coverSvg(s));
  m = BANNER.exec(key);
  if (m) return withSeries(m[1], (s) => bannerSvg(s));
  m = EPISODE.exec(key);
  if (m) {
    const n = Number(m[2]);
    return withSeries(m[1], (s) => (n <= s.episodeCount ? episodeSvg(s, n) : null));
  }
  m = PAGE.exec(key);
  if (m) {
    const n = Number(m[2]);
    const k = Number(m[3]);
    return withSeries(m[1], (s) =>
      s.contentKind === 'IMAGE' && n <= s.episodeCount && k <= demoPageCount(s.slug, n) ? pageSvg(s, n, k) : null,
    );
  }
  return null;
}

function withSeries(slug: string | undefined, draw: (s: DemoSeries) => string | null): string | null {
  const series = slug === undefined ? undefined : findDemoSeries(slug);
  return series ? draw(series) : null;
}

// --- drawing helpers ---------------------------------------------------------------------

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const INK = '#141414';

interface Palette {
  top: string;
  bottom: string;
  accent: string;
  shade: string;
  hue: number;
}

function palette(slug: string, shift = 0): Palette {
  const hue = (hashString(`hue:${slug}`) % 360) + shift;
  return {
    top: hsl(hue, 55, 42),
    bottom: hsl(hue + 45, 60, 16),
    accent: hsl(hue + 180, 70, 64),
    shade: hsl(hue + 20, 35, 12),
    hue,
  };
}

function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = x < 1 / 6 ? p + (q - p) * 6 * x : x < 1 / 2 ? q : x < 2 / 3 ? p + (q - p) * (2 / 3 - x) * 6 : p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface TextOptions {
  size: number;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
  bold?: boolean;
}

function text(x: number, y: number, content: string, o: TextOptions): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${o.size}" fill="${o.fill ?? '#ffffff'}" text-anchor="${o.anchor ?? 'start'}"${o.bold ? ' font-weight="bold"' : ''}>${escapeXml(content)}</text>`;
}

/** Greedy word wrap by an average glyph width (about 0.62 em for bold DejaVu Sans). */
function wrap(content: string, width: number, size: number): string[] {
  const maxChars = Math.max(4, Math.floor(width / (size * 0.62)));
  const lines: string[] = [];
  let line = '';
  for (const word of content.split(' ')) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function lines(x: number, y: number, content: string[], o: TextOptions): string {
  return content.map((line, i) => text(x, y + i * o.size * 1.15, line, o)).join('');
}

function svg(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

function gradient(id: string, from: string, to: string, horizontal = false): string {
  const end = horizontal ? 'x2="1" y2="0"' : 'x2="0.3" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Soft light spots scattered over an area. */
function bokeh(rng: Random, width: number, height: number, count: number): string {
  return Array.from({ length: count }, () => {
    const r = rng.int(8, Math.round(Math.min(width, height) / 12));
    return `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, height)}" r="${r}" fill="#ffffff" opacity="${(0.08 + rng.next() * 0.17).toFixed(2)}"/>`;
  }).join('');
}

/** A simple character: a round head over a rounded body. */
function figure(x: number, groundY: number, scale: number, fill: string): string {
  const head = 38 * scale;
  const bodyW = 110 * scale;
  const bodyH = 170 * scale;
  const bodyTop = groundY - bodyH;
  return (
    `<rect x="${x - bodyW / 2}" y="${bodyTop}" width="${bodyW}" height="${bodyH + 40}" rx="${bodyW / 2.4}" fill="${fill}"/>` +
    `<circle cx="${x}" cy="${bodyTop - head * 0.9}" r="${head}" fill="${fill}"/>`
  );
}

function genreLine(series: DemoSeries): string {
  return series.genres.join(' / ');
}

// --- the five image kinds ----------------------------------------------------------------

function thumbnailSvg(series: DemoSeries): string {
  const p = palette(series.slug);
  const rng = seededRandom(`thumb:${series.slug}`);
  const title = wrap(series.title.en, 520, 58);
  const titleTop = 1000 - 130 - (title.length - 1) * 66;
  return svg(
    600,
    1000,
    gradient('bg', p.top, p.bottom),
    `<rect width="600" height="1000" fill="url(#bg)"/>` +
      `<circle cx="${rng.int(160, 440)}" cy="${rng.int(200, 360)}" r="${rng.int(120, 180)}" fill="${p.accent}" opacity="0.85"/>` +
      bokeh(rng, 600, 700, 10) +
      figure(rng.int(220, 380), 760, 1.6, p.shade) +
      `<rect y="${titleTop - 80}" width="600" height="${1000 - titleTop + 80}" fill="#000000" opacity="0.55"/>` +
      lines(40, titleTop, title, { size: 58, bold: true }) +
      text(40, 950, genreLine(series), { size: 24, fill: p.accent }) +
      `<rect x="24" y="24" width="${series.contentKind === 'TEXT' ? 120 : 170}" height="44" rx="22" fill="#000000" opacity="0.6"/>` +
      text(44, 55, series.contentKind === 'TEXT' ? 'NOVEL' : 'WEBTOON', { size: 22, bold: true }),
  );
}

function coverSvg(series: DemoSeries): string {
  const p = palette(series.slug, 20);
  const rng = seededRandom(`cover:${series.slug}`);
  const title = wrap(series.title.en, 900, 96);
  return svg(
    1080,
    1080,
    gradient('bg', p.top, p.bottom, true),
    `<rect width="1080" height="1080" fill="url(#bg)"/>` +
      `<circle cx="${rng.int(300, 780)}" cy="${rng.int(300, 460)}" r="${rng.int(220, 300)}" fill="${p.accent}" opacity="0.8"/>` +
      bokeh(rng, 1080, 1080, 14) +
      figure(rng.int(300, 420), 900, 2.2, p.shade) +
      figure(rng.int(640, 780), 900, 2, hsl(p.hue + 200, 30, 20)) +
      `<rect y="720" width="1080" height="360" fill="#000000" opacity="0.5"/>` +
      lines(540, 830, title, { size: 96, bold: true, anchor: 'middle' }) +
      text(540, 1040, genreLine(series), { size: 32, fill: p.accent, anchor: 'middle' }),
  );
}

function bannerSvg(series: DemoSeries): string {
  const p = palette(series.slug, 40);
  const rng = seededRandom(`banner:${series.slug}`);
  const title = wrap(series.title.en, 640, 72);
  return svg(
    1200,
    500,
    gradient('bg', p.bottom, p.top, true),
    `<rect width="1200" height="500" fill="url(#bg)"/>` +
      `<circle cx="${rng.int(880, 1000)}" cy="${rng.int(180, 260)}" r="${rng.int(150, 200)}" fill="${p.accent}" opacity="0.85"/>` +
      bokeh(rng, 1200, 500, 12) +
      figure(rng.int(860, 1060), 480, 1.3, p.shade) +
      lines(70, 190, title, { size: 72, bold: true }) +
      text(70, 190 + title.length * 83, genreLine(series), { size: 28, fill: p.accent }) +
      `<rect x="70" y="380" width="220" height="64" rx="32" fill="${p.accent}"/>` +
      text(180, 423, 'Read now', { size: 28, bold: true, fill: INK, anchor: 'middle' }),
  );
}

function episodeSvg(series: DemoSeries, episode: number): string {
  const p = palette(series.slug, episode * 23);
  const rng = seededRandom(`episode:${series.slug}/${episode}`);
  return svg(
    400,
    400,
    gradient('bg', p.top, p.bottom),
    `<rect width="400" height="400" fill="url(#bg)"/>` +
      `<circle cx="${rng.int(80, 320)}" cy="${rng.int(80, 200)}" r="${rng.int(60, 100)}" fill="${p.accent}" opacity="0.8"/>` +
      bokeh(rng, 400, 400, 6) +
      `<rect x="12" y="12" width="376" height="376" fill="none" stroke="#ffffff" stroke-width="6"/>` +
      `<rect x="12" y="250" width="376" height="138" fill="#000000" opacity="0.55"/>` +
      text(200, 312, `Episode ${episode}`, { size: 46, bold: true, anchor: 'middle' }) +
      lines(200, 352, wrap(series.title.en, 340, 22).slice(0, 1), { size: 22, fill: p.accent, anchor: 'middle' }),
  );
}

const BUBBLE_LINES = [
  'Wait!',
  '...',
  'Really?',
  'Hm.',
  "Let's go!",
  'Why now?',
  'I knew it.',
  'Hey!',
  'Not again...',
  'Look!',
  'Run!',
  'Stay.',
];

/** A webtoon page: a strip cut into 2 or 3 bordered panels with characters and speech bubbles. */
function pageSvg(series: DemoSeries, episode: number, page: number): string {
  const { width, height } = demoPageSize(series.slug, episode, page);
  const p = palette(series.slug);
  const rng = seededRandom(`page:${series.slug}/${episode}/${page}`);
  const margin = 28;
  const gutter = 36;
  const count = rng.int(2, 3);
  const weights = Array.from({ length: count }, () => 0.7 + rng.next() * 0.6);
  const total = weights.reduce((a, b) => a + b, 0);
  const usable = height - 2 * margin - gutter * (count - 1);
  const panelW = width - 2 * margin;

  let defs = gradient('paper', hsl(p.hue, 30, 94), hsl(p.hue + 30, 35, 82));
  let body = `<rect width="${width}" height="${height}" fill="url(#paper)"/>`;
  let y = margin;
  weights.forEach((weight, j) => {
    const h = Math.round((usable * weight) / total);
    const sky = hsl(p.hue + ((episode * 37 + page * 53 + j * 71) % 360), 50, 68);
    defs +=
      gradient(`sky${j}`, sky, hsl(p.hue + j * 40 + 30, 55, 38)) +
      `<clipPath id="clip${j}"><rect x="${margin}" y="${y}" width="${panelW}" height="${h}"/></clipPath>`;
    body += `<g clip-path="url(#clip${j})">${panelScene(rng, { x: margin, y, w: panelW, h }, j === 0 ? CAPTION_HEIGHT + 18 : 0, `url(#sky${j})`, p)}</g>`;
    body += `<rect x="${margin}" y="${y}" width="${panelW}" height="${h}" fill="none" stroke="${INK}" stroke-width="6"/>`;
    if (j === 0) body += caption(margin + 18, y + 18, [series.title.en, `Episode ${episode}`]);
    if (j === count - 1) body += caption(width - margin - 170, y + h - 74, [`Page ${page}`], 152);
    y += h + gutter;
  });
  return svg(width, height, defs, body);
}

/**
 * The inside of one panel: sky, ground, a sun or moon, one or two characters and a speech
 * bubble beside the speaker's head. `reserved` keeps the bubble below a caption at the top.
 */
function panelScene(
  rng: Random,
  box: { x: number; y: number; w: number; h: number },
  reserved: number,
  sky: string,
  p: Palette,
): string {
  const { x, y, w, h } = box;
  const groundY = y + Math.round(h * (0.74 + rng.next() * 0.1));
  const people = rng.int(1, 2);
  const heads: { cx: number; top: number }[] = [];
  let scene = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${sky}"/>`;
  scene += `<circle cx="${x + rng.int(60, w - 60)}" cy="${y + rng.int(50, Math.round(h / 3))}" r="${rng.int(30, 70)}" fill="${p.accent}" opacity="0.9"/>`;
  scene += `<rect x="${x}" y="${groundY}" width="${w}" height="${y + h - groundY}" fill="${p.shade}" opacity="0.85"/>`;
  for (let i = 0; i < people; i++) {
    const cx = x + Math.round(((i + 1) * w) / (people + 1)) + rng.int(-50, 50);
    const scale = Math.min(1.3, Math.max(0.45, (h / 760) * (0.8 + rng.next() * 0.35)));
    scene += figure(cx, groundY, scale, hsl(p.hue + 160 + i * 90, 35, 25 + i * 10));
    heads.push({ cx, top: groundY - 242 * scale });
  }
  const speaker = rng.pick(heads);
  const bubbleW = 230;
  const bubbleH = 100;
  // Above the speaker's head, nudged toward the panel's edge, so it hides no other face.
  const side = speaker.cx < x + w / 2 ? -1 : 1;
  const bx = Math.min(Math.max(speaker.cx + side * 50, x + bubbleW / 2 + 14), x + w - bubbleW / 2 - 14);
  const by = Math.max(speaker.top - bubbleH / 2 - 36, y + reserved + bubbleH / 2 + 14);
  scene += `<path d="M ${bx - 22} ${by + 30} L ${speaker.cx} ${speaker.top + 6} L ${bx + 22} ${by + 30} Z" fill="#ffffff" stroke="${INK}" stroke-width="4"/>`;
  scene += `<ellipse cx="${bx}" cy="${by}" rx="${bubbleW / 2}" ry="${bubbleH / 2}" fill="#ffffff" stroke="${INK}" stroke-width="4"/>`;
  scene += text(bx, by + 11, rng.pick(BUBBLE_LINES), { size: 32, bold: true, fill: INK, anchor: 'middle' });
  return scene;
}

const CAPTION_HEIGHT = 90;

/** A boxed caption of one or two lines: the first bold. */
function caption(x: number, y: number, content: string[], width = 460): string {
  const height = content.length === 1 ? CAPTION_HEIGHT - 34 : CAPTION_HEIGHT;
  return (
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#ffffff" stroke="${INK}" stroke-width="4"/>` +
    content
      .map((line, i) => text(x + 16, y + 44 + i * 34, line, { size: i === 0 ? 28 : 24, bold: i === 0, fill: INK }))
      .join('')
  );
}
