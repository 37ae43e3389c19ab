import { sql, type Kysely } from 'kysely';
import { createTableWithId, isPostgres } from './helpers.js';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  const real = isPostgres(db) ? 'double precision' : 'real';

  // Beliefs of the rating engine (DESIGN §5) and boosted exposures still owed (DESIGN §6).
  await db.schema
    .alterTable('photos')
    .addColumn('mu', sql.raw(real), (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('photos')
    .addColumn('sigma2', sql.raw(real), (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('photos')
    .addColumn('boost_remaining', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('photos')
    .addColumn('win_streak', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  // A voter is a person: `a:<anonymous id>` until they sign in, then `u:<user id>`.
  await createTableWithId(db, 'voters')
    .addColumn('voter_key', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('merged_into', 'integer')
    .addColumn('fuel_balance', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_votes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('left_votes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('right_votes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('fast_votes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('gold_passed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('gold_failed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refit_weight', sql.raw(real))
    .addColumn('reliability', sql.raw(real))
    .addColumn('day', 'text')
    .addColumn('day_votes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('day_fuel', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('streak_days', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('voters_user_idx').on('voters').column('user_id').execute();

  await db.schema
    .createTable('served_pairs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('voter_id', 'integer', (col) => col.notNull())
    .addColumn('anonymous_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('category_id', 'integer', (col) => col.notNull())
    .addColumn('left_photo_id', 'integer', (col) => col.notNull())
    .addColumn('right_photo_id', 'integer', (col) => col.notNull())
    .addColumn('photo_lo', 'integer', (col) => col.notNull())
    .addColumn('photo_hi', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('boosted_photo_id', 'integer')
    .addColumn('gold_expected_winner_id', 'integer')
    .addColumn('served_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('vote_id', 'integer')
    .execute();
  await db.schema
    .createIndex('served_pairs_voter_idx')
    .on('served_pairs')
    .columns(['voter_id', 'category_id', 'served_at'])
    .execute();
  await db.schema
    .createIndex('served_pairs_expiry_idx')
    .on('served_pairs')
    .column('expires_at')
    .execute();

  // Votes reference photos without a foreign key: a deleted photo's votes stay counted.
  await createTableWithId(db, 'votes')
    .addColumn('pair_id', 'text', (col) => col.notNull().unique())
    .addColumn('category_id', 'integer', (col) => col.notNull())
    .addColumn('voter_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('winner_photo_id', 'integer', (col) => col.notNull())
    .addColumn('loser_photo_id', 'integer', (col) => col.notNull())
    .addColumn('photo_lo', 'integer', (col) => col.notNull())
    .addColumn('photo_hi', 'integer', (col) => col.notNull())
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('dwell_ms', 'integer', (col) => col.notNull())
    .addColumn('weight', sql.raw(real), (col) => col.notNull())
    .addColumn('gold', 'text')
    .addColumn('fuel_earned', 'integer', (col) => col.notNull())
    .addColumn('winner_score_before', 'integer', (col) => col.notNull())
    .addColumn('winner_score_after', 'integer', (col) => col.notNull())
    .addColumn('loser_score_before', 'integer', (col) => col.notNull())
    .addColumn('loser_score_after', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('votes_voter_pair_uq')
    .on('votes')
    .columns(['voter_id', 'photo_lo', 'photo_hi'])
    .unique()
    .execute();
  await db.schema
    .createIndex('votes_category_idx')
    .on('votes')
    .columns(['category_id', 'id'])
    .execute();

  // Every fuel change is a ledger row: balance = sum of the ledger, never negative.
  await createTableWithId(db, 'fuel_ledger')
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('voter_id', 'integer')
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('ref', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('fuel_ledger_user_idx').on('fuel_ledger').column('user_id').execute();
  await db.schema
    .createIndex('fuel_ledger_voter_idx')
    .on('fuel_ledger')
    .column('voter_id')
    .execute();
  await sql`
    insert into fuel_ledger (user_id, voter_id, amount, reason, ref, created_at)
    select id, null, fuel_balance, 'welcome', null, created_at from users where fuel_balance <> 0
  `.execute(db);

  await db.schema
    .createTable('voter_achievements')
    .addColumn('voter_id', 'integer', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('unlocked_at', 'bigint', (col) => col.notNull())
    .addColumn('announced_at', 'bigint')
    .addPrimaryKeyConstraint('voter_achievements_pk', ['voter_id', 'key'])
    .execute();

  await db.schema
    .createTable('category_references')
    .addColumn('category_id', 'integer', (col) => col.notNull())
    .addColumn('photo_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('category_references_pk', ['category_id', 'photo_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'category_references',
    'voter_achievements',
    'fuel_ledger',
    'votes',
    'served_pairs',
    'voters',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['win_streak', 'boost_remaining', 'sigma2', 'mu']) {
    await db.schema.alterTable('photos').dropColumn(column).execute();
  }
}
