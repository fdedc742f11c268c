import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandHeaders } from './helper.js';

// The real api (src/server.ts) on its own embedded database and a free port: SIGTERM in the middle
// of a request lets that request finish with its real answer, refuses new connections, and the
// process exits 0 (issue 14, decision 0214).

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

let dataDir: string;
let child: ChildProcess | undefined;
/** Log lines (pino JSON) waited for by their message. */
const waiting = new Map<string, (line: Record<string, unknown>) => void>();
const seen: Record<string, unknown>[] = [];
/** Rejects when the process ends before the line it is waited for (with what it said). */
let ended: Promise<never>;

function logged(msg: string | RegExp): Promise<Record<string, unknown>> {
  const matches = (line: Record<string, unknown>) =>
    typeof line.msg === 'string' && (typeof msg === 'string' ? line.msg === msg : msg.test(line.msg));
  const earlier = seen.find(matches);
  if (earlier) return Promise.resolve(earlier);
  const found = new Promise<Record<string, unknown>>((resolve) =>
    waiting.set(String(msg), (line) => matches(line) && resolve(line)),
  );
  return Promise.race([found, ended]);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'balcony-shutdown-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    API_HOST: '127.0.0.1',
    // Port 0: the system picks a free one, read back from the log.
    API_PORT: '0',
    SEED_ON_START: 'never',
    JOBS_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'debug',
  };
  // The embedded database: this test is about the process, not PostgreSQL.
  delete env.DATABASE_URL;
  const started = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  ended = once(started, 'exit').then(() => {
    throw new Error(`the api exited early:\n${seen.map((l) => JSON.stringify(l)).join('\n')}`);
  });
  // Only a test that waits for a line observes an early end.
  ended.catch(() => undefined);
  for (const stream of [started.stdout, started.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (text) => {
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text);
      } catch {
        line = { msg: text };
      }
      seen.push(line);
      for (const listener of waiting.values()) listener(line);
    });
  }
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** Reads one HTTP/1.1 answer from a raw socket, until the server closes it. */
async function answerOf(socket: Socket): Promise<{ status: number; body: unknown }> {
  let raw = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    raw += chunk;
  });
  await once(socket, 'close');
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

describe('SIGTERM', () => {
  it('finishes the request in flight, takes no new one, and exits 0', async () => {
    await logged('ready');
    const listening = await logged(/^Server listening at http:\/\/127\.0\.0\.1:/);
    const port = Number(String(listening.msg).split(':').at(-1));

    // A login whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'Webtoon123' });
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const headers = Object.entries({ ...brandHeaders(), 'content-type': 'application/json' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `POST /api/v1/auth/local/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    const answer = answerOf(socket);
    await logged('incoming request');

    const exited = once(child as ChildProcess, 'exit');
    child?.kill('SIGTERM');
    await logged('shutting down');
    // New work is not taken: refused at the socket once the listener closed, or answered 503
    // (SERVICE_UNAVAILABLE) if it came in the moment before.
    const late = await fetch(`http://127.0.0.1:${port}/api/v1/contents/home/RANKING`, { headers: brandHeaders() }).then(
      (res) => res.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    socket.write(body.slice(10));
    expect(await answer).toEqual({
      status: 404,
      body: { result: 'FAIL', code: 'NOT_REGISTERED_USER', message: expect.any(String) },
    });
    const [code] = await exited;
    expect(code).toBe(0);
  });
});
