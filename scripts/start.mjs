#!/usr/bin/env node
// Runs the whole service on one machine: builds what is missing or stale, then starts the api
// (which migrates and seeds an empty database) and, once it is ready, the web and the admin console.
// Env: API_PORT (4000), WEB_PORT (3000), ADMIN_PORT (3001), DATA_DIR (./data), SKIP_BUILD=1 to
// use the existing build.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './lib/build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.WEB_PORT ?? '3000';
const adminPort = process.env.ADMIN_PORT ?? '3001';
const apiUrl = `http://127.0.0.1:${apiPort}`;

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node ${process.versions.node} is too old: install Node 20.19 or newer.`);
  process.exit(1);
}
if (!existsSync(join(root, 'node_modules'))) {
  console.error('Dependencies are missing: run `npm install` first (the README quick start does).');
  process.exit(1);
}

ensureBuild(root);

const children = [];
function run(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.error(`› ${name} exited with code ${code}`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

function stop(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000} s`);
}

console.log(`› starting api on ${apiUrl}`);
run('api', process.execPath, ['apps/api/dist/server.js'], {
  API_PORT: apiPort,
  WEB_ORIGIN: process.env.WEB_ORIGIN ?? `http://localhost:${webPort},http://127.0.0.1:${webPort}`,
});
try {
  // Ready, not only alive: the api listens while it migrates and seeds (decision 0214).
  await waitForHealth(`${apiUrl}/_/ready`, 120_000);
} catch (error) {
  console.error(`› ${error.message}`);
  stop(1);
}
console.log(`› starting web on http://localhost:${webPort}`);
// The web's own server (not `next start`): it finds each reader's address from the socket.
run('web', process.execPath, [join(root, 'apps/web/server.mjs')], {
  API_URL: apiUrl,
  WEB_PORT: webPort,
});
// The console has an origin of its own, never linked from the reader web (issue 15).
console.log(`› starting the admin console on http://localhost:${adminPort}`);
run('admin', process.execPath, [join(root, 'apps/admin/server.mjs')], {
  API_URL: apiUrl,
  ADMIN_PORT: adminPort,
});
