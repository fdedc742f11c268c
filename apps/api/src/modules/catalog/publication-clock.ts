import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { CacheTags, SharedCache } from '../../shared-cache.js';
import * as repo from './repo.js';
import { catalogTags } from './service.js';

// Scheduled publication (decision 0287): the api's own shared answers end at the brand's next
// publication by themselves, but the web's kept pages and data cache, and the other replicas'
// answers, would show the catalogue as it was for up to a minute more. At the moment an episode
// or a series becomes public, a banner or a pick starts or ends, or a series notice comes out, this drops what shows it, with the tags
// of a console change, so the web drops its pages too (decision 0231). Every replica runs one; a
// drop told twice is harmless.

/** Longest sleep: a schedule set on another replica is seen within this. */
const MAX_WAIT_MS = 60_000;
/** How often a replica that is not ready yet asks again. */
const NOT_READY_WAIT_MS = 1_000;

/** The tags a publication touches: the series page, the brand's lists, the new episode and the one before it. */
export function publicationTags(publications: readonly repo.Publication[]): string[] {
  const tags = new Set<string>();
  for (const p of publications) {
    tags.add(catalogTags.series(p.seriesId));
    tags.add(catalogTags.lists(p.brandId));
    for (const id of [p.episodeId, p.previousEpisodeId]) if (id !== null) tags.add(`episode:${id}`);
  }
  return [...tags];
}

/** The tags of banners and picks that started or ended, and of series whose notice came out. */
export function scheduledTags(changes: readonly repo.ScheduledChange[]): string[] {
  return changes.map(({ kind, brandId, seriesId }) =>
    kind === 'notice' && seriesId !== null
      ? catalogTags.series(seriesId)
      : catalogTags[kind === 'picks' ? 'picks' : 'banners'](brandId),
  );
}

export interface PublicationClock {
  /** Starts watching from now; resolves once it has looked for the first time. */
  start(): Promise<void>;
  /** Looks again at once: a change may have scheduled something sooner than the clock waits for. */
  rearm(): void;
  /** Stops, and waits for a look in progress. */
  stop(): Promise<void>;
}

export function createPublicationClock(opts: {
  db: Db;
  cache: Pick<SharedCache, 'invalidate'>;
  log: FastifyBaseLogger;
  now?: () => Date;
  maxWaitMs?: number;
  /** Whether the replica takes work: not before its database is migrated, nor while it drains. */
  ready?: () => boolean;
}): PublicationClock {
  const now = opts.now ?? (() => new Date());
  const maxWait = opts.maxWaitMs ?? MAX_WAIT_MS;
  let active = false;
  let checkedUntil = now();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const arm = (delayMs: number) => {
    clearTimeout(timer);
    if (!active) return;
    timer = setTimeout(look, Math.max(0, Math.min(delayMs, maxWait)));
    timer.unref();
  };

  async function check(): Promise<number> {
    const from = checkedUntil;
    const to = now();
    const tags: CacheTags = [
      ...publicationTags(await repo.publishedBetween(opts.db, from, to)),
      ...scheduledTags(await repo.scheduledChangesBetween(opts.db, from, to)),
    ];
    checkedUntil = to;
    if (tags.length > 0) {
      opts.log.info({ tags }, 'scheduled publication: shared answers and pages dropped');
      opts.cache.invalidate(tags);
    }
    const next = await repo.nextChangeAt(opts.db, to);
    return next ? next.getTime() - now().getTime() : maxWait;
  }

  function look() {
    if (opts.ready && !opts.ready()) {
      arm(NOT_READY_WAIT_MS);
      return;
    }
    if (running) {
      again = true;
      return;
    }
    running = check()
      .then(
        (delay) => (again ? 0 : delay),
        (err: unknown) => {
          opts.log.error({ err }, 'publication clock failed');
          return maxWait;
        },
      )
      .then((delay) => {
        running = null;
        again = false;
        arm(delay);
      });
  }

  return {
    async start() {
      active = true;
      checkedUntil = now();
      look();
      await running;
    },
    rearm() {
      arm(0);
    },
    async stop() {
      active = false;
      clearTimeout(timer);
      await running;
    },
  };
}
