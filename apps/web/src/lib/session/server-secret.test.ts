import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

const { envOrLocalSecret } = await import('./server-secret');

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'web-secret-'));
  vi.stubEnv('DATA_DIR', dataDir);
  delete process.env.TEST_SECRET;
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a secret from the environment or the data folder', () => {
  it('takes the environment variable when set', () => {
    vi.stubEnv('TEST_SECRET', 'x'.repeat(32));
    expect(envOrLocalSecret('TEST_SECRET', 'test-secret')).toBe('x'.repeat(32));
  });

  it('creates the file once, private to its owner, and reads it back after', () => {
    const first = envOrLocalSecret('TEST_SECRET', 'test-secret');
    const file = join(dataDir, 'test-secret');
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(envOrLocalSecret('TEST_SECRET', 'test-secret')).toBe(first);
    expect(readFileSync(file, 'utf8')).toBe(first);
  });

  it('reads a file another process wrote first, trimmed', () => {
    writeFileSync(join(dataDir, 'relay-secret'), `${'k'.repeat(40)}\n`);
    expect(envOrLocalSecret('TEST_SECRET', 'relay-secret')).toBe('k'.repeat(40));
  });

  it('refuses a short secret, naming where it came from', () => {
    vi.stubEnv('TEST_SECRET', 'short');
    expect(() => envOrLocalSecret('TEST_SECRET', 'test-secret')).toThrow(/^TEST_SECRET must hold at least 32/);
    delete process.env.TEST_SECRET;
    writeFileSync(join(dataDir, 'short-secret'), 'short');
    expect(() => envOrLocalSecret('TEST_SECRET', 'short-secret')).toThrow(/short-secret\) must hold at least 32/);
  });
});
