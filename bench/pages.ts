// Page benchmark: Lighthouse (performance category only) on the home page, a series detail page and
// the viewer of a free episode, in mobile and desktop form factors, driving Debian's Chromium.
// It starts the built system itself (scripts/start.mjs, SKIP_BUILD=1, ports 3200/4200, a fresh
// data folder) unless BENCH_WEB_URL and BENCH_API_URL name a running one.
// Env: CHROME_PATH (/usr/bin/chromium), BENCH_FORM_FACTORS (mobile,desktop).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { findTargets } from './catalog.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_PORT = '3200';
const API_PORT = '4200';
const START_TIMEOUT_MS = 180_000;

type FormFactor = 'mobile' | 'desktop';

export interface PageRow {
  page: string;
  formFactor: FormFactor;
  score: number;
  lcpMs: number;
  jsBytes: number;
}

interface System {
  webUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`scripts/start.mjs exited with code ${child.exitCode}`);
    const healthy = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} was not healthy within ${START_TIMEOUT_MS / 1000} s`);
}

/** The built system on its own ports and an empty data folder (seeded with the demo catalog on start). */
async function startSystem(): Promise<System> {
  for (const built of ['apps/web/.next/BUILD_ID', 'apps/api/dist/server.js']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'balcony-bench-pages-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, WEB_PORT, API_PORT, DATA_DIR: dataDir, SKIP_BUILD: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const webUrl = `http://127.0.0.1:${WEB_PORT}`;
  try {
    await waitForHealth(`${webUrl}/_/health`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { webUrl, apiUrl: `http://127.0.0.1:${API_PORT}`, stop };
}

function runningSystem(): System | null {
  const webUrl = process.env.BENCH_WEB_URL;
  const apiUrl = process.env.BENCH_API_URL;
  if (!webUrl && !apiUrl) return null;
  if (!webUrl || !apiUrl) throw new Error('set both BENCH_WEB_URL and BENCH_API_URL, or neither');
  return { webUrl: webUrl.replace(/\/$/, ''), apiUrl: apiUrl.replace(/\/$/, ''), stop: async () => {} };
}

function formFactors(): FormFactor[] {
  const wanted = (process.env.BENCH_FORM_FACTORS ?? 'mobile,desktop').split(',').map((f) => f.trim());
  const known = wanted.filter((f): f is FormFactor => f === 'mobile' || f === 'desktop');
  if (known.length !== wanted.length) throw new Error('BENCH_FORM_FACTORS takes mobile and/or desktop');
  return known;
}

/** Bytes of JavaScript over the wire (compressed as served), from Lighthouse's network requests. */
function scriptBytes(lhr: Result): number {
  const details = lhr.audits['network-requests']?.details;
  if (details?.type !== 'table') return 0;
  let total = 0;
  for (const item of details.items) {
    if (item.resourceType === 'Script' && typeof item.transferSize === 'number') total += item.transferSize;
  }
  return total;
}

async function audit(url: string, port: number, formFactor: FormFactor): Promise<Omit<PageRow, 'page'>> {
  const result = await lighthouse(
    url,
    { port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return {
    formFactor,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    jsBytes: scriptBytes(lhr),
  };
}

export async function runPagesBench(): Promise<PageRow[]> {
  const factors = formFactors();
  const system = runningSystem() ?? (await startSystem());
  try {
    const { seriesId, freeEpisodeId } = await findTargets(system.apiUrl);
    const pages = [
      { page: 'home /', path: '/' },
      { page: `detail /detail/${seriesId}`, path: `/detail/${seriesId}` },
      { page: `viewer /viewer/${freeEpisodeId} (free)`, path: `/viewer/${freeEpisodeId}` },
    ];
    // One request each first, so the figures do not include the server's first-hit work (image renditions).
    for (const { path } of pages) await fetch(`${system.webUrl}${path}`).then((response) => response.arrayBuffer());

    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const rows: PageRow[] = [];
      for (const formFactor of factors) {
        for (const { page, path } of pages) {
          rows.push({ page, ...(await audit(`${system.webUrl}${path}`, chrome.port, formFactor)) });
        }
      }
      return rows;
    } finally {
      chrome.kill();
    }
  } finally {
    await system.stop();
  }
}

export function printPageRows(rows: PageRow[]): void {
  console.log('\nPages — Lighthouse performance (mobile: simulated slow 4G and 4× CPU; desktop preset)');
  console.table(
    rows.map((row) => ({
      page: row.page,
      form: row.formFactor,
      score: row.score,
      'LCP ms': row.lcpMs,
      'JS kB (transferred)': Math.round(row.jsBytes / 1024),
    })),
  );
}
