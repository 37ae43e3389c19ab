import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A pair fetch read a voter's unanswered pairs and last few pairs through
  // (voter_id, category_id, served_at), and a vote sent without its pair_id looked the pair up
  // there too: each walked every pair the voter was ever served, so an engaged voter's requests
  // cost more with every vote they had cast (issue 19). Unanswered pairs now have an index of
  // their own, which a vote empties of its pair, and a voter's pairs are found by time across
  // categories.
  await db.schema
    .createIndex('served_pairs_pending_idx')
    .on('served_pairs')
    .columns(['voter_id', 'category_id', 'served_at'])
    .where(sql.ref('vote_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('served_pairs_voter_time_idx')
    .on('served_pairs')
    .columns(['voter_id', 'served_at'])
    .execute();
  await db.schema.dropIndex('served_pairs_voter_idx').execute();
  // Pairs that expired unanswered are forgotten an hour at a time (ArenaService.forgetExpiredPairs):
  // found among the unanswered ones, not among every pair ever judged.
  await db.schema
    .createIndex('served_pairs_unanswered_expiry_idx')
    .on('served_pairs')
    .column('expires_at')
    .where(sql.ref('vote_id'), 'is', null)
    .execute();
  await db.schema.dropIndex('served_pairs_expiry_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('served_pairs_expiry_idx')
    .on('served_pairs')
    .column('expires_at')
    .execute();
  await db.schema.dropIndex('served_pairs_unanswered_expiry_idx').execute();
  await db.schema
    .createIndex('served_pairs_voter_idx')
    .on('served_pairs')
    .columns(['voter_id', 'category_id', 'served_at'])
    .execute();
  await db.schema.dropIndex('served_pairs_voter_time_idx').execute();
  await db.schema.dropIndex('served_pairs_pending_idx').execute();
}
