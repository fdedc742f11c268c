// Builds contracts, api and web when the build is missing or older than their sources (npm start,
// npm run scale). SKIP_BUILD=1 uses the build as it is.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time under a folder, skipping build output and dependencies. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', '.next', 'dist', 'test-results'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function buildIsStale(root) {
  const marker = join(root, 'apps/web/.next/BUILD_ID');
  const apiEntry = join(root, 'apps/api/dist/server.js');
  if (!existsSync(marker) || !existsSync(apiEntry)) return true;
  const built = Math.min(statSync(marker).mtimeMs, statSync(apiEntry).mtimeMs);
  return ['packages/contracts', 'apps/api/src', 'apps/web'].some((d) => newest(join(root, d)) > built);
}

/** Exits with the build's status when it fails. */
export function ensureBuild(root) {
  if (process.env.SKIP_BUILD === '1' || !buildIsStale(root)) return;
  console.log('› building contracts, api and web…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
