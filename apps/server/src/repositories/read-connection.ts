import { openReadConnection, type DatabaseAddress } from '../db/database.js';
import { bindRepositories, type Repositories } from './index.js';

export type { DatabaseAddress } from '../db/database.js';

/**
 * Repositories over a connection of their own that only reads, for the refit's worker thread
 * (ADR 0029, stop 42): what it reads costs the serving thread neither time nor SQLite's one
 * connection. It sees committed rows only.
 */
export type ReadRepositories = Pick<Repositories, 'ratings' | 'references' | 'votes' | 'voters'>;

export function openReadRepositories(address: DatabaseAddress): ReadRepositories {
  return bindRepositories(openReadConnection(address));
}
