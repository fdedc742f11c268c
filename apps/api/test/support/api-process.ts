import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The real api (src/server.ts, run with tsx) in a child process on a PostgreSQL database, for
// tests that kill it: started, SIGKILLed and started again on the same database and port.

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER = join(REPO, 'apps/api/src/server.ts');
const READY_TIMEOUT_MS = 45_000;

export interface ApiProcess {
  url: string;
  /** The running child, or null between a kill and the next start. */
  readonly child: ChildProcess | null;
  /** Starts the api and resolves once GET /_/ready answers 200 (migrated, taking traffic). */
  start(): Promise<void>;
  /** SIGKILL now (no shutdown hook runs), resolved when the process has exited. */
  kill(): Promise<void>;
  /** The last lines the process wrote (for a failure message). */
  output(): string;
  /** Kills the process if running and removes its data folder. */
  dispose(): Promise<void>;
}

export async function apiProcess(opts: {
  databaseUrl: string;
  port: number;
  authSecret: string;
  env?: Record<string, string>;
}): Promise<ApiProcess> {
  const url = `http://127.0.0.1:${opts.port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'balcony-api-process-'));
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  // A worker that dies without afterAll must not leave the api behind.
  const onExit = () => child?.kill('SIGKILL');
  process.once('exit', onExit);

  const answers = async () => {
    try {
      return (await fetch(`${url}/_/ready`, { signal: AbortSignal.timeout(1000) })).status === 200;
    } catch {
      return false;
    }
  };

  const api: ApiProcess = {
    url,
    get child() {
      return child;
    },
    async start() {
      if (child) throw new Error('the api process is already running');
      if (await answers()) throw new Error(`port ${opts.port} is taken by another server`);
      const started = spawn(process.execPath, ['--import', 'tsx', SERVER], {
        cwd: REPO,
        env: {
          ...process.env,
          DATABASE_URL: opts.databaseUrl,
          API_HOST: '127.0.0.1',
          API_PORT: String(opts.port),
          DATA_DIR: dataDir,
          AUTH_SECRET: opts.authSecret,
          WEB_RELAY_SECRET: opts.authSecret,
          SEED_ON_START: 'never',
          LOG_LEVEL: 'warn',
          ...opts.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      let gone = false;
      void exited.then(() => {
        gone = true;
        if (child === started) child = null;
      });
      const deadline = Date.now() + READY_TIMEOUT_MS;
      while (!(await answers())) {
        if (gone) throw new Error(`the api process exited before it was ready:\n${tail}`);
        if (Date.now() > deadline) throw new Error(`the api process was not ready in time:\n${tail}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited;
      child = null;
    },
    output: () => tail,
    async dispose() {
      await api.kill();
      process.off('exit', onExit);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return api;
}
