import { buildApp } from './app.js';
import { prepare } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { systemClock } from './domain/clock.js';
import { BackgroundJob, shutDown } from './shutdown.js';

/** Starts the server: configuration, database, demo data, then listen; stops cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { database, hostTokenSecret } = await prepare(config);
  const { server, services } = await buildApp({
    config,
    db: database.db,
    durable: database.durable,
    epoch: database.epoch,
    settle: database.settle,
    reader: database.address,
    clock: systemClock,
    hostTokenSecret,
  });

  await services.categories.applyConfiguration(config.categories);
  const demo = await services.demo.seedIfWanted(config.seedDemo, config.demoPhotosPerCategory);
  if (demo.photosCreated > 0) {
    await services.refit.refitAll();
    server.log.info({ photos: demo.photosCreated }, 'demo photos seeded and scored');
  }

  // The batch refit is the source of truth for scores (DESIGN §5); one runs at a time. Between
  // the full refits (every ARENA_FULL_REFIT_HOURS) it fits only the votes since the last
  // (ADR 0029).
  const refit = new BackgroundJob(server.log, 'arena refit failed', async () => {
    const summaries = await services.refit.refitPeriodic();
    if (summaries === null) server.log.info('arena refit: another instance is refitting');
    else server.log.info({ summaries }, 'arena refit');
  });
  const refitTimer = setInterval(() => void refit.run(), config.arena.refitSeconds * 1000);
  refitTimer.unref();
  // `kill -USR2 <pid>`: refit now, in this process (the CLI's refit is a second process, which on
  // SQLite competes with the server for the write lock).
  const refitNow = () => {
    server.log.info('arena refit requested by SIGUSR2');
    void refit.run();
  };
  process.on('SIGUSR2', refitNow);

  // Pairs that expired unanswered are forgotten every hour, a day after they expired (ADR 0032).
  const forgetPairs = new BackgroundJob(server.log, 'forgetting expired pairs failed', async () => {
    const forgotten = await services.arena.forgetExpiredPairs();
    if (forgotten > 0) server.log.info({ forgotten }, 'expired pairs forgotten');
  });
  const forgetTimer = setInterval(() => void forgetPairs.run(), 60 * 60 * 1000);
  forgetTimer.unref();

  // Boards of a period that has just ended are frozen right after midnight (and at start-up
  // for a period that ended while the server was down).
  let freezeTimer: NodeJS.Timeout | undefined;
  let stopping = false;
  const freeze = new BackgroundJob(server.log, 'freezing leaderboards failed', async () => {
    const frozen = await services.leaderboards.freezeEndedPeriods();
    if (frozen > 0) server.log.info({ frozen }, 'leaderboards frozen');
  });
  const scheduleFreeze = () => {
    if (stopping) return;
    const wait = services.leaderboards.nextBoundary() - systemClock.now() + 1000;
    freezeTimer = setTimeout(
      () => void freeze.run().finally(scheduleFreeze),
      Math.min(Math.max(wait, 1000), 2 ** 31 - 1),
    );
    freezeTimer.unref();
  };
  void freeze.run().finally(scheduleFreeze);

  // A second signal while stopping kills at once (the handlers are `once`).
  const shutdown = async (signal: string) => {
    stopping = true;
    clearInterval(refitTimer);
    clearInterval(forgetTimer);
    process.off('SIGUSR2', refitNow);
    clearTimeout(freezeTimer);
    server.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    try {
      const outcome = await shutDown({
        server,
        graceMs: config.shutdownGraceMs,
        jobs: [refit, freeze, forgetPairs],
        closeDatabase: () => database.close(),
      });
      server.log.info({ outcome }, 'stopped');
      process.exit(0);
    } catch (error) {
      server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await server.listen({ port: config.port, host: config.host });

  // Staged uploads of this host's processes that ended without closing: unreadable without the
  // key they forgot (ADR 0019, amended).
  void services.uploads
    .sweepStale()
    .then((removed) => {
      if (removed > 0) server.log.info({ removed }, 'stale upload staging folders swept');
    })
    .catch((error: unknown) => {
      server.log.error({ err: error }, 'upload staging sweep failed');
    });
  // Files left by a crash between writing an upload's files and its row (never referenced by a
  // photo) are removed after listening: the walk takes a while on a large media folder.
  void services.photos
    .sweepOrphanFiles(config.orphanGraceMs)
    .then((removed) => {
      server.log.info({ removed: removed.length }, 'orphan media swept');
    })
    .catch((error: unknown) => {
      server.log.error({ err: error }, 'orphan media sweep failed');
    });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Yanzhi Arena failed to start:', error);
  }
  process.exit(1);
});
