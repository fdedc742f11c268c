#!/usr/bin/env node
// `npm run scale`: the service scaled out on this machine (issue 14, docs/operations.md): N api
// and M web replicas on the local PostgreSQL and Redis, images on a local S3 server, nginx in
// front with ops/nginx/balcony.conf. The processes run in the background; `npm run scale -- --stop`
// stops them.
//
// Options: --api N (2), --web M (2), --fresh (drop and re-create the database first), --stop.
// Env: SCALE_DATABASE_URL (postgres://postgres@127.0.0.1:5432/balcony_scale), REDIS_URL
// (redis://127.0.0.1:6379), SCALE_DIR (./data/scale), SCALE_WEB_PORT (8080), SCALE_API_PORT (8081).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureBuild } from './lib/build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = resolve(process.env.SCALE_DIR ?? join(root, 'data/scale'));
const stateFile = join(dir, 'processes.json');
export const databaseUrl = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/balcony_scale';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const webPort = Number(process.env.SCALE_WEB_PORT ?? 8080);
const apiPort = Number(process.env.SCALE_API_PORT ?? 8081);
const s3Port = 9100;
const bucket = 'balcony-media';

/** Every process started, by name, so that --stop (and the scale-out test) can find them. */
function readState() {
  return existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : { processes: [] };
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopAll() {
  const { processes } = readState();
  // The front first, so no request reaches a replica on its way out; then the replicas (SIGTERM
  // lets them finish what is in flight), then the storage.
  const order = ['nginx', 'web', 'api', 's3'];
  for (const kind of order) {
    const group = processes.filter((p) => p.kind === kind && alive(p.pid));
    for (const p of group) process.kill(p.pid, 'SIGTERM');
    const deadline = Date.now() + 15_000;
    while (group.some((p) => alive(p.pid)) && Date.now() < deadline) await sleep(100);
    for (const p of group) if (alive(p.pid)) process.kill(p.pid, 'SIGKILL');
  }
  rmSync(stateFile, { force: true });
  console.log(`› stopped ${processes.length} processes`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

/** The replicas share these secrets; they are made once and kept in the scale folder. */
let secrets;
function sharedSecrets() {
  if (secrets) return secrets;
  const file = join(dir, 'secrets.json');
  if (!existsSync(file)) {
    const secret = () => randomBytes(32).toString('base64url');
    writeFileSync(
      file,
      JSON.stringify({ AUTH_SECRET: secret(), WEB_RELAY_SECRET: secret(), WEB_SESSION_SECRET: secret() }),
      { mode: 0o600 },
    );
  }
  secrets = JSON.parse(readFileSync(file, 'utf8'));
  return secrets;
}

async function prepareDatabase(fresh) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    if (fresh) await admin.query(`drop database if exists "${name}" with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

function start(state, kind, name, command, args, env, port) {
  const log = openSync(join(dir, 'logs', `${name}.log`), 'a');
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env },
  });
  child.unref();
  state.processes.push({ kind, name, pid: child.pid, port });
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  return child;
}

export function apiReplica(index) {
  return { name: `api-${index}`, port: 4600 + index };
}
export function webReplica(index) {
  return { name: `web-${index}`, port: 3600 + index };
}

/** The environment of api replica `index` (the scale-out test restarts replicas with it). */
export function apiEnv(index, webs = 2) {
  const secrets = sharedSecrets();
  return {
    API_PORT: String(apiReplica(index).port),
    DATA_DIR: join(dir, apiReplica(index).name),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    AUTH_SECRET: secrets.AUTH_SECRET,
    WEB_RELAY_SECRET: secrets.WEB_RELAY_SECRET,
    WEB_ORIGIN: `http://localhost:${webPort},http://127.0.0.1:${webPort}`,
    // Each web replica keeps its own visitor pages: a catalog change is told to every one (decision 0231).
    WEB_PAGE_DROP_URLS: Array.from({ length: webs }, (_, i) => `http://127.0.0.1:${webReplica(i + 1).port}`).join(','),
    TRUST_PROXY: '127.0.0.1',
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

/** The environment of web replica `index`. */
export function webEnv(index) {
  const secrets = sharedSecrets();
  return {
    WEB_PORT: String(webReplica(index).port),
    DATA_DIR: join(dir, webReplica(index).name),
    API_URL: `http://127.0.0.1:${apiPort}`,
    WEB_RELAY_SECRET: secrets.WEB_RELAY_SECRET,
    WEB_SESSION_SECRET: secrets.WEB_SESSION_SECRET,
    TRUST_PROXY: '127.0.0.1',
  };
}

export function startApi(state, index) {
  const { name, port } = apiReplica(index);
  return start(state, 'api', name, process.execPath, ['apps/api/dist/server.js'], apiEnv(index, state.webs), port);
}
export function startWeb(state, index) {
  const { name, port } = webReplica(index);
  return start(state, 'web', name, process.execPath, ['apps/web/server.mjs'], webEnv(index), port);
}

/** Brings the system up; answers the state (processes and addresses). */
export async function scaleUp({ apis, webs, fresh }) {
  if (readState().processes.some((p) => alive(p.pid))) await stopAll();
  mkdirSync(join(dir, 'logs'), { recursive: true });
  mkdirSync(join(dir, 'nginx', 'logs'), { recursive: true });
  for (const tmp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, 'nginx', 'tmp', tmp), { recursive: true });

  const nginxCheck = spawnSync('bash', [join(root, 'scripts/ensure-nginx.sh')], { stdio: 'inherit' });
  if (nginxCheck.status !== 0) process.exit(1);
  ensureBuild(root);
  await prepareDatabase(fresh);

  const state = { processes: [], webs, web: `http://127.0.0.1:${webPort}`, api: `http://127.0.0.1:${apiPort}` };
  start(
    state,
    's3',
    's3',
    process.execPath,
    [join(root, 'scripts/s3-server.mjs')],
    {
      S3_PORT: String(s3Port),
      S3_DIR: join(dir, 's3'),
      S3_BUCKET: bucket,
    },
    s3Port,
  );
  await waitFor(`http://127.0.0.1:${s3Port}/${bucket}`, 15_000).catch(() => undefined);

  // Every api replica at once, on an empty database too: the migrations' lock lets one migrate
  // and seed while the others wait (decision 0213).
  console.log(`› starting ${apis} api and ${webs} web replicas`);
  for (let i = 1; i <= apis; i++) startApi(state, i);
  await Promise.all(
    Array.from({ length: apis }, (_, i) => waitFor(`http://127.0.0.1:${apiReplica(i + 1).port}/_/ready`, 180_000)),
  );

  const servers = (replica, count) =>
    Array.from(
      { length: count },
      (_, i) => `    server 127.0.0.1:${replica(i + 1).port} max_fails=1 fail_timeout=5s;`,
    ).join('\n');
  const conf = readFileSync(join(root, 'ops/nginx/balcony.conf'), 'utf8')
    .replaceAll('{{PREFIX}}', join(dir, 'nginx'))
    .replace('{{API_SERVERS}}', servers(apiReplica, apis))
    .replace('{{WEB_SERVERS}}', servers(webReplica, webs))
    .replace('{{API_PORT}}', String(apiPort))
    .replace('{{WEB_PORT}}', String(webPort));
  const confFile = join(dir, 'nginx', 'nginx.conf');
  writeFileSync(confFile, conf);
  start(
    state,
    'nginx',
    'nginx',
    process.env.NGINX_PATH ?? '/usr/sbin/nginx',
    ['-p', join(dir, 'nginx'), '-c', confFile, '-g', 'daemon off;'],
    {},
    apiPort,
  );

  for (let i = 1; i <= webs; i++) startWeb(state, i);
  await Promise.all(
    Array.from({ length: webs }, (_, i) => waitFor(`http://127.0.0.1:${webReplica(i + 1).port}/_/health`, 120_000)),
  );
  await waitFor(`${state.api}/_/ready`, 15_000);
  await waitFor(`${state.web}/_/health`, 15_000);
  return state;
}

export { stopAll };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: options } = parseArgs({
    options: {
      api: { type: 'string', default: '2' },
      web: { type: 'string', default: '2' },
      fresh: { type: 'boolean', default: false },
      stop: { type: 'boolean', default: false },
    },
  });
  if (options.stop) {
    await stopAll();
  } else {
    try {
      const state = await scaleUp({ apis: Number(options.api), webs: Number(options.web), fresh: options.fresh });
      console.log(
        `› up: web ${state.web}, api ${state.api} (logs in ${join(dir, 'logs')}); stop with npm run scale -- --stop`,
      );
    } catch (error) {
      console.error(`› ${error.message}; logs in ${join(dir, 'logs')}`);
      await stopAll();
      process.exit(1);
    }
  }
}
