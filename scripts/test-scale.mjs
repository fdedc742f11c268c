#!/usr/bin/env node
// `npm run test:scale` (issue 14 item 6): the scaled-out system started on an empty database with
// every replica at once; reads, and member charges with idempotency keys, through nginx for
// SCALE_TEST_SECONDS (30); one api replica killed with SIGKILL and one web replica stopped with
// SIGTERM in the middle, both started again later. It passes when reads see under 1 % errors,
// every charge took effect exactly once (balances and the ledger check agree), and every replica
// answers again at the end. Loopback only; writes test-results/scale.json for the CI count.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiReplica, databaseUrl, scaleUp, startApi, startWeb, stopAll, webReplica } from './scale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env.SCALE_TEST_SECONDS ?? 30);
const scaleDir = resolve(process.env.SCALE_DIR ?? join(root, 'data/scale'));
const HEADERS = { 'x-balcony-id': 'delitoonb-fr', 'x-balcony-timeZone': 'Europe/Paris', 'x-platform': 'WEB' };
const MEMBERS = 6;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const checks = [];

function check(name, ok, detail) {
  checks.push({ name, ok, detail });
  console.log(`${ok ? '✓' : '✗'} ${name}${detail ? ` (${detail})` : ''}`);
}

async function call(api, method, path, { token, body } = {}) {
  const response = await fetch(`${api}/api/v1${path}`, {
    method,
    headers: {
      ...HEADERS,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const envelope = await response.json().catch(() => ({}));
  if (envelope.result !== 'SUCCESS') throw new Error(`${method} ${path}: ${response.status} ${envelope.code ?? ''}`);
  return envelope.data;
}

/** A mail's text: its body decoded from base64 or quoted-printable. */
function bodyOf(raw) {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
  return body;
}

/** The sign-up code mailed to `email`, from whichever replica sent it. */
async function mailedCode(email) {
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const replica of readdirSync(scaleDir).filter((d) => d.startsWith('api-'))) {
      const outbox = join(scaleDir, replica, 'outbox');
      if (!existsSync(outbox)) continue;
      for (const file of readdirSync(outbox, { withFileTypes: true }).filter((f) => f.isFile())) {
        const text = readFileSync(join(outbox, file.name), 'utf8');
        if (text.includes(`To: ${email}`)) return /\b(\d{6})\b/.exec(bodyOf(text))?.[1];
      }
    }
    await sleep(100);
  }
  throw new Error(`no sign-up mail reached ${email}`);
}

async function newMember(api) {
  const email = `scale-${randomUUID()}@example.com`;
  const password = 'Webtoon-scale1';
  const started = await call(api, 'POST', '/auth/local/signup', {
    body: { email, password, passwordConfirm: password, agreeTerms: true },
  });
  const code = await mailedCode(email);
  const tokens = await call(api, 'POST', '/auth/local/signup/verify', {
    body: { userId: started.userId, signUpId: started.signUpId, code },
  });
  const token = tokens.accessToken.token;
  // The sign-up reward (decision 0164) is the starting balance.
  return { token, charged: (await call(api, 'GET', '/coin', { token })).total };
}

/** One charge, retried with its key until an answer comes: a retry must never charge twice. */
async function charge(api, member, product, stopAt) {
  const key = randomUUID();
  const order = {
    productId: product.id,
    paymentMethod: 'SANDBOX',
    agreements: ['TERMS', 'NO_WITHDRAWAL_RIGHT'],
    idempotencyKey: key,
  };
  let retries = 0;
  while (Date.now() < stopAt + 20_000) {
    try {
      const made = await call(api, 'POST', '/shop/orders', {
        token: member.token,
        body: order,
      });
      // The sandbox's success is idempotent by order: a repeat answers the paid order.
      await call(api, 'POST', `/shop/orders/${made.id}/sandbox`, {
        token: member.token,
        body: { outcome: 'SUCCESS' },
      });
      // A client that lost the answer sends the same key again: it gets the same order.
      const again = await call(api, 'POST', '/shop/orders', {
        token: member.token,
        body: order,
      });
      if (again.id !== made.id) throw new Error(`key ${key} made orders ${made.id} and ${again.id}`);
      member.charged += product.coins + product.bonusCoins + product.freeCoins;
      return retries;
    } catch (error) {
      if (/made orders/.test(error.message)) throw error;
      retries++;
      await sleep(200);
    }
  }
  throw new Error(`a charge with key ${key} never got an answer`);
}

// Every client of this test shares one loopback address: the per-address limits would count
// them as one reader.
process.env.RATE_LIMIT_ACCOUNT = '100000';
process.env.RATE_LIMIT_SENSITIVE = '100000';

let exitCode = 1;
try {
  const state = await scaleUp({ apis: 2, webs: 2, fresh: true });
  check('two api and two web replicas started at once on an empty database', true);
  const { api, web } = state;

  const shop = await call(api, 'GET', '/shop/products');
  const product = shop.products.find((p) => !p.firstPurchaseOnly && p.remainingForMe === null && !p.soldOut);
  if (!product) throw new Error('the demo shop has no unlimited product');
  const members = [];
  for (let i = 0; i < MEMBERS; i++) members.push(await newMember(api));

  const reads = { ok: 0, failed: 0 };
  const started = Date.now();
  const stopAt = started + seconds * 1000;
  async function reader(url) {
    while (Date.now() < stopAt) {
      try {
        const response = await fetch(url, { headers: HEADERS, signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (response.ok) reads.ok++;
        else reads.failed++;
      } catch {
        reads.failed++;
      }
    }
  }
  let writeRetries = 0;
  let writes = 0;
  async function writer(member) {
    while (Date.now() < stopAt) {
      writeRetries += await charge(api, member, product, stopAt);
      writes++;
    }
  }
  async function chaos() {
    await sleep((seconds * 1000) / 3);
    const victimApi = state.processes.find((p) => p.name === apiReplica(1).name);
    const victimWeb = state.processes.find((p) => p.name === webReplica(1).name);
    process.kill(victimApi.pid, 'SIGKILL');
    process.kill(victimWeb.pid, 'SIGTERM');
    console.log(`› killed ${victimApi.name} (SIGKILL) and stopped ${victimWeb.name} (SIGTERM)`);
    await sleep((seconds * 1000) / 3);
    startApi(state, 1);
    startWeb(state, 1);
    console.log('› started them again');
  }
  await Promise.all([
    ...Array.from({ length: 4 }, () => reader(`${api}/api/v1/contents/home/RANKING`)),
    ...Array.from({ length: 2 }, () => reader(`${web}/`)),
    ...members.map((m) => writer(m)),
    chaos(),
  ]);

  const total = reads.ok + reads.failed;
  const errorRate = reads.failed / Math.max(1, total);
  check('reads through nginx see under 1 % errors', errorRate < 0.01, `${reads.failed} of ${total} failed`);
  check('member charges went on through the failures', writes > 0, `${writes} charges, ${writeRetries} retried`);

  // Exactly once: each member holds what their answered charges gave, no more.
  const balances = await Promise.all(members.map((m) => call(api, 'GET', '/coin', { token: m.token })));
  const wrong = balances.filter((b, i) => b.total !== members[i].charged);
  check(
    'every charge with an idempotency key took effect exactly once',
    wrong.length === 0,
    `${members.length} members`,
  );
  const ledger = spawnSync('npm', ['run', '--silent', 'check:ledger'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: join(scaleDir, apiReplica(2).name) },
    encoding: 'utf8',
  });
  check('the ledger check passes', ledger.status === 0, ledger.status === 0 ? '' : ledger.stdout + ledger.stderr);

  // Recovery: the replicas that went down answer again, directly and through nginx.
  const ready = async (url) => {
    for (let i = 0; i < 240; i++) {
      try {
        if ((await fetch(url)).ok) return true;
      } catch {
        // coming back
      }
      await sleep(250);
    }
    return false;
  };
  check(
    'the killed api replica and the stopped web replica recover',
    (await ready(`http://127.0.0.1:${apiReplica(1).port}/_/ready`)) &&
      (await ready(`http://127.0.0.1:${webReplica(1).port}/_/health`)),
  );
  exitCode = checks.every((c) => c.ok) ? 0 : 1;
} catch (error) {
  check('the scale-out test ran', false, error.message);
} finally {
  await stopAll();
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(
    join(root, 'test-results', 'scale.json'),
    // The counts as vitest names them, so scripts/count.mjs reads this report like the others.
    JSON.stringify(
      { numPassedTests: checks.filter((c) => c.ok).length, numFailedTests: checks.filter((c) => !c.ok).length, checks },
      null,
      2,
    ),
  );
}
process.exit(exitCode);
