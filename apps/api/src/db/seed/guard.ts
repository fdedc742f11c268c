// Demo data must never land in a real database by accident: seeding a PostgreSQL server that
// is not on this machine needs an explicit SEED_ALLOW_REMOTE=1.

const LOCAL_HOSTS = new Set(['', 'localhost', '127.0.0.1', '::1', '[::1]']);

/** The host a PostgreSQL URL connects to (the `host` query parameter wins, as in libpq), or null for anything else. */
export function databaseHost(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') return null;
  return parsed.searchParams.get('host') ?? parsed.hostname;
}

/** True for a URL on this machine: loopback, or a Unix socket (an empty host or a socket path). */
export function isLocalDatabaseUrl(url: string): boolean {
  const host = databaseHost(url);
  return host !== null && (LOCAL_HOSTS.has(host) || host.startsWith('/'));
}
