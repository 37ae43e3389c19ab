import { buildApp } from './app.js';
import { prepare } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { systemClock } from './domain/clock.js';

/** Starts the server: configuration, database, demo data, then listen; stops cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { database, hostTokenSecret } = await prepare(config);
  const { server, services } = await buildApp({
    config,
    db: database.db,
    clock: systemClock,
    hostTokenSecret,
  });

  await services.categories.applyConfiguration(config.categories);
  const demo = await services.demo.seedIfWanted(config.seedDemo, config.demoPhotosPerCategory);
  if (demo.photosCreated > 0) server.log.info({ photos: demo.photosCreated }, 'demo photos seeded');

  const shutdown = async (signal: string) => {
    server.log.info({ signal }, 'shutting down');
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await server.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Yanzhi Arena failed to start:', error);
  }
  process.exit(1);
});
