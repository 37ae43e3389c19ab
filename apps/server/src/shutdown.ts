import type { FastifyInstance } from 'fastify';

/** Where a background job reports a failed run. */
export interface JobLog {
  error: (fields: { err: unknown }, message: string) => void;
}

/**
 * Periodic work of the server (the refit, the expired-pair sweep, the boards' freeze) that never
 * overlaps itself and can be waited for. A failed run is logged as `failure` with its error, and
 * the next run starts as usual: the periodic work never stops on one bad run.
 */
export class BackgroundJob {
  private running: Promise<void> | null = null;

  constructor(
    private readonly log: JobLog,
    private readonly failure: string,
    private readonly task: () => Promise<void>,
  ) {}

  /** Starts a run unless one is in progress; resolves when that run ends, failed or not. */
  run(): Promise<void> {
    this.running ??= this.task()
      .catch((error: unknown) => {
        this.log.error({ err: error }, this.failure);
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Resolves when the run in progress, if any, has ended. */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}

export interface ShutdownPlan {
  server: FastifyInstance;
  graceMs: number;
  jobs: BackgroundJob[];
  closeDatabase: () => Promise<void>;
}

const sleep = (ms: number) =>
  new Promise<'timeout'>((resolve) => {
    setTimeout(() => {
      resolve('timeout');
    }, ms).unref();
  });

/**
 * Stops the server (README: Operations): no new connections, in-flight requests and running jobs
 * may finish within the grace time, then the remaining connections are cut and the database is
 * closed. A job cut short is safe to abandon: a refit writes its results a chunk at a time and
 * its stamp last (ADR 0017), so one cut short leaves rows that the next refit rewrites, and no
 * process reloads the category for it.
 */
export async function shutDown(plan: ShutdownPlan): Promise<'drained' | 'forced'> {
  const { server } = plan;
  const closed = server.close();
  const drained = Promise.all([closed, ...plan.jobs.map((job) => job.settled())]).then(
    () => 'drained' as const,
  );
  const outcome = await Promise.race([drained, sleep(plan.graceMs)]);
  if (outcome === 'timeout') {
    server.log.warn({ graceMs: plan.graceMs }, 'grace time over: closing open connections');
    server.server.closeAllConnections();
    await Promise.race([closed, sleep(1000)]);
  }
  await plan.closeDatabase();
  return outcome === 'timeout' ? 'forced' : 'drained';
}
