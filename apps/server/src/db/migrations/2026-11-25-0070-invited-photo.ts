import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // "来比一比" is honoured once per photo per voter per day. An invited pair holds two photos, and
  // only one of them was asked for: without this column the photo drawn as its opponent counted
  // as invited too, and the voter's own invitation of that photo was refused for the day. Pairs
  // served before it keep null: they count for no photo (at most one more invitation that day).
  await db.schema.alterTable('served_pairs').addColumn('invited_photo_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('served_pairs').dropColumn('invited_photo_id').execute();
}
