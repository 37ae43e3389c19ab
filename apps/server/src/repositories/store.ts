import { pingDatabase, type Db } from '../db/database.js';
import { hasRowLocks, inTransaction } from '../db/transaction.js';

/** A unique-constraint violation on either dialect (another writer got there first). */
export { isUniqueViolation } from '../db/transaction.js';
import { bindRepositories, type RepositoryName, type Repositories } from './index.js';

/**
 * The one way a service reaches the database: `repos` outside a transaction, `transaction`
 * for work that must commit or fail together. The type parameter names the repositories a
 * service uses, so its constructor says what it touches.
 */
export interface Store<K extends RepositoryName = RepositoryName> {
  readonly repos: Pick<Repositories, K>;
  /**
   * Whether the database locks rows (`select … for update`): PostgreSQL does; SQLite
   * serialises its writers instead. Sizes batches that would otherwise hold locks too long.
   */
  readonly rowLocks: boolean;
  /** Resolves when the database answers (the health probe); rejects when it cannot. */
  ping(): Promise<void>;
  /**
   * Commits what was written so far, outside any transaction, without waiting for the disk, and
   * resolves when the writer may write on, with the milliseconds the commit held the event loop
   * (DatabaseHandle.settle): a refit's writes call it after each chunk, so SQLite's commit of the
   * chunk's pages is paid and timed there, not by the next request (issue 19).
   */
  settle(): Promise<number>;
  /**
   * Runs `work` with repositories bound to one transaction, joining the enclosing one when the
   * store was itself made inside a transaction.
   */
  transaction<T>(work: (repos: Pick<Repositories, K>) => Promise<T>): Promise<T>;
}

/**
 * The store on a database handle (or on an open transaction, which its `transaction` joins);
 * `settle` is the handle's (absent: nothing to commit ahead of time).
 */
export function createStore(
  db: Db,
  settle: () => Promise<number> = () => Promise.resolve(0),
): Store {
  return {
    repos: bindRepositories(db),
    rowLocks: hasRowLocks(db),
    ping: () => pingDatabase(db),
    settle,
    transaction: (work) => inTransaction(db, (trx) => work(bindRepositories(trx))),
  };
}
