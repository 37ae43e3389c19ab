import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { loadOrCreateSecrets } from './repositories/secret.repository.js';

export interface Prepared {
  database: DatabaseHandle;
  hostTokenSecret: string;
}

/** Opens and migrates the database and settles the secrets: what every entry point needs. */
export async function prepare(config: Config): Promise<Prepared> {
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const hostTokenSecret =
    config.hostTokenSecret ?? loadOrCreateSecrets(config.dataDir).host_token_secret;
  return { database, hostTokenSecret };
}
