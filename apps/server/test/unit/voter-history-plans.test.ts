import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { ServedPairRepository } from '../../src/repositories/served-pair.repository.js';
import { createStore } from '../../src/repositories/store.js';
import { UserRepository } from '../../src/repositories/user.repository.js';
import { IdentityService } from '../../src/services/identity.service.js';
import { createTestDatabase, makeTempDir, type TestDatabase } from '../support/database.js';

/**
 * What a pair fetch and a vote read of a voter's pairs must not grow with the voter's history
 * (issue 19): every such statement is an index search whose rows are the voter's unanswered
 * pairs, their newest few, or one pair, never a walk over every pair they were served. SQLite's
 * own plans say so; an engaged voter's pair fetch cost 5.0 ms against 1.3 ms when they walked.
 * Nor may one account's deletion walk every vote ever cast, or any other table (ADR 0032).
 */
describe('the statements that read a voter’s history on SQLite', () => {
  let database: TestDatabase;
  let sqlite: SQLite.Database;
  let db: Kysely<Database>;
  const statements: CompiledQuery[] = [];

  beforeAll(async () => {
    const dir = makeTempDir();
    database = await createTestDatabase('sqlite', dir);
    await migrateToLatest(database.handle.db);
    // Writes reach the file in batches (ADR 0020): this second connection reads it.
    await database.handle.durable();
    const file = fs.readdirSync(dir).find((name) => name.endsWith('.db'));
    if (file === undefined) throw new Error('no database file');
    sqlite = new SQLite(path.join(dir, file));
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query);
      },
    });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  /** The plan of each statement `read` runs, one line per step. */
  async function plans(read: (pairs: ServedPairRepository) => Promise<unknown>) {
    return plansOf(await ran(() => read(new ServedPairRepository(db))));
  }

  /** The statements `run` ran. */
  async function ran(run: () => Promise<unknown>): Promise<CompiledQuery[]> {
    statements.length = 0;
    await run();
    return [...statements];
  }

  async function plansOf(ran: readonly CompiledQuery[]) {
    const result: string[] = [];
    for (const statement of ran) {
      const { rows } = await db.executeQuery<{ detail: string }>({
        ...statement,
        sql: `explain query plan ${statement.sql}`,
      });
      result.push(rows.map((row) => row.detail).join(' | '));
    }
    return result;
  }

  it('reads unanswered pairs from the index that holds only those', async () => {
    expect(await plans((pairs) => pairs.pendingPairs(1, 2, 1_000, 600))).toEqual([
      expect.stringMatching(/^SEARCH served_pairs USING INDEX served_pairs_pending_idx/),
    ]);
  });

  it('reads the newest few pairs in the index’s order, with no sort of the voter’s pairs', async () => {
    const [plan] = await plans((pairs) => pairs.recentServed(1, 5));
    expect(plan).toMatch(/^SEARCH served_pairs USING INDEX served_pairs_voter_time_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('finds the pair a vote without pair_id answers by index look-ups alone', async () => {
    const found = await plans((pairs) => pairs.latestServedPairId(1, 3, 4));
    expect(found).toEqual([
      expect.stringMatching(/^SEARCH served_pairs USING INDEX served_pairs_pending_idx/),
      expect.stringMatching(/^SEARCH votes USING INDEX votes_voter_pair_uq/),
    ]);
    expect(found.join(' ')).not.toMatch(/TEMP B-TREE|SCAN/);
    expect(await plans((pairs) => pairs.hasJudged(1, 3, 4))).toEqual([
      expect.stringMatching(/^SEARCH votes USING INDEX votes_voter_pair_uq/),
    ]);
  });

  it('finds an invitation honoured today among today’s pairs', async () => {
    const [plan] = await plans((pairs) => pairs.invitedSince(1, 2, 3, 1_000));
    expect(plan).toMatch(
      /USING INDEX served_pairs_voter_time_idx \(voter_id=\? AND served_at>\?\)/,
    );
  });

  it('deletes an account without walking any table, cascades included', async () => {
    const identity = new IdentityService(createStore(database.handle.db));
    const user = await identity.findOrCreateHostUser('plans-host', 'P', 1_000);
    await identity.resolveVoter('plans-device', user.id, 1_000);
    await database.handle.durable();
    const statements = await ran(() => new UserRepository(db).deleteWithPersonalData(user.id));
    const history = statements.filter((statement) =>
      /^update "(votes|served_pairs)"/.test(statement.sql),
    );
    expect(await plansOf(history)).toEqual([
      expect.stringMatching(/^SEARCH votes USING INDEX votes_voter_\w+ \(voter_id=\?\)/),
      expect.stringMatching(/^SEARCH served_pairs USING INDEX served_pairs_voter_time_idx/),
    ]);
    // Its reports and, through the cascades of the user's row, everything else it owned.
    const plans = await plansOf(statements);
    expect(plans.filter((plan) => /\bSCAN\b/.test(plan))).toEqual([]);
    expect(plans.join(' | ')).toMatch(/SEARCH reports USING INDEX reports_reporter_user_idx/);
  });

  it('forgets expired pairs among the unanswered ones only', async () => {
    expect(await plans((pairs) => pairs.deleteExpiredPairs(1_000, 10))).toEqual([
      expect.stringMatching(
        /SEARCH served_pairs USING INDEX served_pairs_unanswered_expiry_idx \(expires_at<\?\)/,
      ),
    ]);
  });

  it('keeps the plans honest: a statement that walks the table is seen', async () => {
    const [plan] = await plans(() =>
      sql`select id from served_pairs where kind = ${'info'}`.execute(db),
    );
    expect(plan).toMatch(/^SCAN served_pairs/);
  });
});
