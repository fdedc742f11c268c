// Builds contracts, api, web and the admin console when the build is missing or older than their
// sources (npm start, npm run scale). SKIP_BUILD=1 uses the build as it is.
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
  const outputs = ['apps/web/.next/BUILD_ID', 'apps/admin/.next/BUILD_ID', 'apps/api/dist/server.js'].map((f) =>
    join(root, f),
  );
  if (!outputs.every((f) => existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  return ['packages/contracts', 'apps/api/src', 'apps/web', 'apps/admin'].some((d) => newest(join(root, d)) > built);
}

/** Exits with the build's status when it fails. */
export function ensureBuild(root) {
  if (process.env.SKIP_BUILD === '1' || !buildIsStale(root)) return;
  console.log('› building contracts, api, web and the admin console…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
