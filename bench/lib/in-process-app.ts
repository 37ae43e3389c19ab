/**
 * The server's services wired as `npm start` wires them, on a bench's database, in the bench's
 * own process: the app is built and never listens. For benches that time one service call
 * (a refit, a freeze) and watch this process's event loop while it runs.
 */
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.js';
import { systemClock } from '../../apps/server/src/domain/clock.js';

export interface InProcessApp {
  config: ReturnType<typeof loadConfig>;
  database: DatabaseHandle;
  services: Awaited<ReturnType<typeof buildApp>>['services'];
  close: () => Promise<void>;
}

/** Builds the app on the database `env` names (DATA_DIR, DATABASE_URL), no demo data. */
export async function inProcessApp(env: Record<string, string>): Promise<InProcessApp> {
  const config = loadConfig({ ...env, SEED_DEMO: '0', LOG_LEVEL: 'warn' });
  const database = openDatabase(config.database);
  const { server, services } = await buildApp({
    config,
    db: database.db,
    durable: database.durable,
    settle: database.settle,
    reader: database.address,
    clock: systemClock,
    hostTokenSecret: 'bench',
  });
  return {
    config,
    database,
    services,
    close: async () => {
      await server.close();
      await database.close();
    },
  };
}
