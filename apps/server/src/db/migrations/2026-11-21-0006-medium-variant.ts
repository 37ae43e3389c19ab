import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The 480x640 variant most phones download (ADR 0018). Null on photos stored before it: they
  // are served their display variant instead, and nothing is re-rendered.
  await db.schema.alterTable('photos').addColumn('medium_key', 'text').execute();
  // The start-up sweep asks which files on disk a photo row still refers to.
  await db.schema.createIndex('photos_medium_key_idx').on('photos').column('medium_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photos_medium_key_idx').execute();
  await db.schema.alterTable('photos').dropColumn('medium_key').execute();
}
