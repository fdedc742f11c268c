import { describe, expect, it } from 'vitest';
import { isLocalDatabaseUrl } from './guard.js';

describe('seed target guard', () => {
  it('accepts loopback hosts and Unix sockets', () => {
    for (const url of [
      'postgres://u:p@localhost:5432/balcony',
      'postgresql://u@127.0.0.1/balcony',
      'postgres://u@[::1]:5432/balcony',
      'postgres:///balcony',
      'postgres:///balcony?host=/var/run/postgresql',
    ]) {
      expect(isLocalDatabaseUrl(url), url).toBe(true);
    }
  });

  it('refuses any other host, including one given by the host parameter, and what it cannot parse', () => {
    for (const url of [
      'db.example.com:5432',
      'postgres://u:p@db.example.com:5432/balcony',
      'postgres://u@10.0.0.5/balcony',
      'postgres://u@localhost/balcony?host=db.example.com',
    ]) {
      expect(isLocalDatabaseUrl(url), url).toBe(false);
    }
  });
});
