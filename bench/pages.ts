// Page benchmark: the home page, a series detail page and the viewer of a free episode, each for a
// visitor and for a logged-in member:
// - load: requests/s and p99 with autocannon (BENCH_PAGE_CONNECTIONS, default 20), beside a
//   `/_next/static` chunk served by the same web server in the same run, and the ratio to it;
// - Lighthouse (performance category only) in the form factors of BENCH_FORM_FACTORS, driving
//   Debian's Chromium: score, LCP, total blocking time and the script bytes transferred.
// It starts the built system itself (scripts/start.mjs, SKIP_BUILD=1, ports 3200/4200, a fresh
// data folder), signs a member up through the api (the code read from the mail outbox) and logs
// them in through the web's auth base, as a browser would, for the session cookie. Given
// BENCH_WEB_URL and BENCH_API_URL it measures that running system instead, and the member rows
// need BENCH_MEMBER_EMAIL and BENCH_MEMBER_PASSWORD.
// Env: CHROME_PATH (/usr/bin/chromium), BENCH_FORM_FACTORS (mobile,desktop), BENCH_PAGE_SECONDS (10),
// BENCH_LIGHTHOUSE_RUNS (3: Lighthouse's figures are its median run's).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { API_HEADERS, findTargets } from './catalog.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_PORT = '3200';
const API_PORT = '4200';
const START_TIMEOUT_MS = 180_000;

const CONNECTIONS = Number(process.env.BENCH_PAGE_CONNECTIONS ?? 20);
const LOAD_SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

type FormFactor = 'mobile' | 'desktop';
type Caller = 'visitor' | 'member';

export interface LoadRow {
  page: string;
  caller: Caller | '';
  rps: number;
  p99: number;
  errors: number;
}

export interface PageRow {
  page: string;
  caller: Caller;
  formFactor: FormFactor;
  /** The median run's score, and the lowest and highest of all runs. */
  score: number;
  scores: [number, number];
  lcpMs: number;
  tbtMs: number;
  /**
   * When this host's browser really presented the first frame. Lantern's simulated LCP counts
   * what loaded and ran before the observed paint, so a late frame here makes a late LCP there.
   */
  observedFcpMs: number;
  jsBytes: number;
  /**
   * Lighthouse's measure of the host's CPU in that run. Its 4× slowdown assumes about 1,000 or
   * more (a mid-tier host); below that it warns that the score suffers from the host.
   */
  benchmarkIndex: number;
}

interface System {
  webUrl: string;
  apiUrl: string;
  /** The data folder of a system this bench started (its mail outbox signs the member up). */
  dataDir?: string;
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
const SHARED_SECRETS = ['AUTH_SECRET', 'WEB_SESSION_SECRET', 'WEB_RELAY_SECRET'];

async function startSystem(): Promise<System> {
  for (const built of ['apps/web/.next/BUILD_ID', 'apps/api/dist/server.js']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'balcony-bench-pages-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    // An access token that outlives the run: the proxy would otherwise renew it mid-run while the
    // load generator keeps sending the old cookie, and a reused refresh token ends the session.
    env: {
      // Secrets of their own, which api and web must be given when DATABASE_URL is set (decision 0217).
      ...Object.fromEntries(SHARED_SECRETS.map((name) => [name, randomBytes(32).toString('base64url')])),
      ...process.env,
      WEB_PORT,
      API_PORT,
      DATA_DIR: dataDir,
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_TTL: '7200',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    // The api may still be flushing its database files as its process ends: retried, not failed.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  const webUrl = `http://127.0.0.1:${WEB_PORT}`;
  try {
    await waitForHealth(`${webUrl}/_/health`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { webUrl, apiUrl: `http://127.0.0.1:${API_PORT}`, dataDir, stop };
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

/** One Lighthouse run of `url` (performance only); throws when Lighthouse could not measure the page. */
async function lighthouseRun(url: string, port: number, formFactor: FormFactor, cookie: string | undefined) {
  const result = await lighthouse(
    url,
    {
      port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      ...(cookie && { extraHeaders: { Cookie: cookie } }),
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

const scoreOf = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

/**
 * The page's Lighthouse figures: the median of LIGHTHOUSE_RUNS runs, chosen as Lighthouse itself
 * chooses it (the run nearest the median first paint and time to interactive), since one run on
 * a shared host can be many points off.
 */
async function audit(
  url: string,
  port: number,
  formFactor: FormFactor,
  cookie: string | undefined,
): Promise<Omit<PageRow, 'page' | 'caller'>> {
  const runs: Result[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRun(url, port, formFactor, cookie));
  const valid = filterToValidRuns(runs);
  if (valid.length === 0) throw new Error(`Lighthouse measured no first paint on ${url}`);
  const lhr = computeMedianRun(valid);
  const scores = runs.map(scoreOf);
  return {
    formFactor,
    score: scoreOf(lhr),
    scores: [Math.min(...scores), Math.max(...scores)],
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    observedFcpMs: observedFirstPaint(lhr),
    jsBytes: scriptBytes(lhr),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/** The observed first contentful paint of a run (the `metrics` audit's trace reading). */
function observedFirstPaint(lhr: Result): number {
  const items = lhr.audits.metrics?.details?.type === 'debugdata' ? lhr.audits.metrics.details.items : [];
  const value = (items[0] as { observedFirstContentfulPaint?: number } | undefined)?.observedFirstContentfulPaint;
  return Math.round(value ?? 0);
}

/** The `name=value` pairs of a response's Set-Cookie headers (an empty value clears the cookie). */
function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';', 1)[0] ?? '';
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const value = pair.slice(at + 1);
    if (value) jar.set(pair.slice(0, at), value);
    else jar.delete(pair.slice(0, at));
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** The 6-digit code of the newest mail to `email` in the api's outbox (embedded mail mode). */
async function mailedCode(dataDir: string, email: string): Promise<string> {
  const folder = join(dataDir, 'outbox');
  const suffix = `-${email.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = (await readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith(suffix));
    for (const file of files) {
      const raw = (await readFile(join(folder, file), 'utf8')).replace(/=\r?\n/g, '');
      const body = /content-transfer-encoding:\s*base64/i.test(raw)
        ? Buffer.from(raw.slice(raw.search(/\r?\n\r?\n/)).replace(/\s+/g, ''), 'base64').toString('utf8')
        : raw;
      const code = /\b(\d{6})\b/.exec(body.slice(body.search(/\r?\n\r?\n/)))?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no sign-up code for ${email} in ${folder}`);
}

async function apiPost<T>(apiUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { ...API_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { result: string; data?: T; code?: string };
  if (envelope.result !== 'SUCCESS' || envelope.data === undefined) {
    throw new Error(`POST ${path} answered ${response.status} ${envelope.code ?? ''}`);
  }
  return envelope.data;
}

/** A new member of the bench's own system, signed up and verified through the api. */
async function signUpMember(system: System & { dataDir: string }): Promise<{ email: string; password: string }> {
  const email = `bench-pages-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
  const password = `Webtoon-${randomBytes(3).toString('hex')}1`;
  const started = await apiPost<{ userId: number; signUpId: number }>(system.apiUrl, '/auth/local/signup', {
    email,
    password,
    passwordConfirm: password,
    agreeTerms: true,
  });
  const code = await mailedCode(system.dataDir, email);
  await apiPost(system.apiUrl, '/auth/local/signup/verify', {
    userId: started.userId,
    signUpId: started.signUpId,
    code,
  });
  return { email, password };
}

/**
 * The Cookie header of a member logged in through the web's auth base (GET csrf, then POST
 * callback/credentials), as a browser holds it; null when there is no member to log in.
 */
async function memberCookie(system: System): Promise<string | null> {
  const given =
    process.env.BENCH_MEMBER_EMAIL && process.env.BENCH_MEMBER_PASSWORD
      ? { email: process.env.BENCH_MEMBER_EMAIL, password: process.env.BENCH_MEMBER_PASSWORD }
      : null;
  const { dataDir } = system;
  const member = given ?? (dataDir ? await signUpMember({ ...system, dataDir }) : null);
  if (!member) return null;
  const jar = new Map<string, string>();
  const csrf = await fetch(`${system.webUrl}/api/auth/csrf`);
  cookiesOf(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const login = await fetch(`${system.webUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, ...member, callbackUrl: '/', json: 'true' }),
    redirect: 'manual',
  });
  cookiesOf(login, jar);
  const { url } = (await login.json()) as { url: string };
  const error = new URL(url, system.webUrl).searchParams.get('error');
  if (error || !jar.has('balcony_session'))
    throw new Error(`the bench member could not log in: ${error ?? 'no cookie'}`);
  // One page first, so the cookies the proxy adds on a first visit (device id, pages) are held too.
  cookiesOf(await fetch(`${system.webUrl}/`, { headers: { cookie: cookieHeader(jar) } }), jar);
  return cookieHeader(jar);
}

/** What Chromium accepts for an image: the api makes one rendition per width and format it picks. */
const BROWSER_IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/**
 * Fetches a page and every `/media/…` address in its HTML (all the widths of each srcset), asking
 * for images as the browser does, so that Lighthouse's first page finds the renditions it will get.
 */
async function warmUp(webUrl: string, path: string): Promise<void> {
  const html = await (await fetch(`${webUrl}${path}`)).text();
  const images = new Set(html.match(/\/media\/[^"'\s,]+/g)?.map((address) => address.replaceAll('&amp;', '&')));
  for (const image of images) {
    await fetch(`${webUrl}${image}`, { headers: { accept: BROWSER_IMAGE_ACCEPT } }).then((response) =>
      response.arrayBuffer(),
    );
  }
}

/** A JavaScript chunk the home page loads, as the static baseline of the same server. */
async function staticChunk(webUrl: string): Promise<string> {
  const html = await (await fetch(`${webUrl}/`)).text();
  const chunk = /\/_next\/static\/chunks\/[\w.~-]+\.js/.exec(html)?.[0];
  if (!chunk) throw new Error('the home page names no /_next/static chunk');
  return chunk;
}

async function load(page: string, caller: LoadRow['caller'], url: string, cookie?: string): Promise<LoadRow> {
  const headers = cookie ? { cookie } : {};
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: LOAD_SECONDS });
  return {
    page,
    caller,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** Measures the pages; the load table is printed as soon as it is known, before Lighthouse runs. */
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
    // One request each first, with every image the page names, so the figures do not include the
    // server's first-hit work (image renditions are made once, then kept on disk).
    for (const { path } of pages) await warmUp(system.webUrl, path);
    const member = await memberCookie(system);
    const callers: [Caller, string | undefined][] = [['visitor', undefined]];
    if (member) callers.push(['member', member]);
    else console.warn('no member: set BENCH_MEMBER_EMAIL and BENCH_MEMBER_PASSWORD to measure a member');

    const chunk = await staticChunk(system.webUrl);
    const loadRows = [await load(`static ${chunk}`, '', `${system.webUrl}${chunk}`)];
    for (const [caller, cookie] of callers) {
      for (const { page, path } of pages) loadRows.push(await load(page, caller, `${system.webUrl}${path}`, cookie));
    }
    printLoadRows(loadRows);

    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const rows: PageRow[] = [];
      for (const formFactor of factors) {
        for (const [caller, cookie] of callers) {
          for (const { page, path } of pages) {
            // As under readers' traffic, the page is kept when Lighthouse asks for it: the load
            // above may be longer ago than a kept page is answered (decisions 0146, 0303).
            await (await fetch(`${system.webUrl}${path}`, { headers: cookie ? { cookie } : {} })).arrayBuffer();
            rows.push({ page, caller, ...(await audit(`${system.webUrl}${path}`, chrome.port, formFactor, cookie)) });
          }
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

function printLoadRows(loadRows: LoadRow[]): void {
  const baseline = loadRows[0]?.rps ?? 0;
  console.log(
    `\nPages — load: ${LOAD_SECONDS} s per page, ${CONNECTIONS} connections, beside a static chunk of the same web server`,
  );
  console.table(
    loadRows.map((row) => ({
      page: row.page,
      caller: row.caller,
      'requests/s': row.rps,
      'p99 ms': row.p99,
      '× chunk': baseline ? Number((row.rps / baseline).toFixed(3)) : 0,
      'non-2xx/errors': row.errors,
    })),
  );
}

export function printPageRows(rows: PageRow[]): void {
  console.log(
    `\nPages — Lighthouse performance, median of ${LIGHTHOUSE_RUNS} runs (mobile: simulated slow 4G and 4× CPU; desktop preset)`,
  );
  console.table(
    rows.map((row) => ({
      page: row.page,
      caller: row.caller,
      form: row.formFactor,
      score: row.score,
      [`scores of ${LIGHTHOUSE_RUNS} runs`]: `${row.scores[0]}–${row.scores[1]}`,
      'LCP ms': row.lcpMs,
      'TBT ms': row.tbtMs,
      'first frame ms (observed)': row.observedFcpMs,
      'JS kB gzip (transferred)': Math.round(row.jsBytes / 1024),
      'host CPU index': row.benchmarkIndex,
    })),
  );
}
