import type { FastifyBaseLogger } from 'fastify';
import type { JobMetrics } from './metrics.js';

// Background jobs (DESIGN §12) run in-process on a timer, on every replica: each job is
// idempotent and safe to run on several replicas at once (docs/decisions/0143-coin-ledger.md).
// A run never overlaps the previous one of the same job.

export interface Job {
  name: string;
  run(now: Date): Promise<number>;
}

/** Starts the jobs every `intervalMs`; answers the function that stops them and waits for a run in progress. */
export function startJobs(
  jobs: readonly Job[],
  intervalMs: number,
  log: FastifyBaseLogger,
  metrics: JobMetrics,
  /** Whether the replica takes work: not while it migrates or drains (decision 0214). */
  active: () => boolean,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || !active()) return;
    running = (async () => {
      for (const job of jobs) {
        try {
          const done = await job.run(new Date());
          metrics.jobRan(job.name, 'ok');
          if (done > 0) log.info({ job: job.name, done }, 'job ran');
        } catch (err) {
          metrics.jobRan(job.name, 'failed');
          log.error({ err, job: job.name }, 'job failed');
        }
      }
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
