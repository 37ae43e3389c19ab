import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Who reported from where (ADR 0023). The address is personal data: it is kept while the
  // report is open and 30 days after its review, then set to null; the neighbourhood (an IPv4
  // /24, an IPv6 /64) stays. Reports made before this migration have neither.
  await db.schema.alterTable('reports').addColumn('reporter_address', 'text').execute();
  await db.schema.alterTable('reports').addColumn('reporter_neighbourhood', 'text').execute();
  await db.schema.alterTable('reports').addColumn('reporter_anonymous_id', 'text').execute();
  // 1 when the reporter had standing when the report was made (domain/standing.ts).
  await db.schema
    .alterTable('reports')
    .addColumn('with_standing', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('with_standing').execute();
  await db.schema.alterTable('reports').dropColumn('reporter_anonymous_id').execute();
  await db.schema.alterTable('reports').dropColumn('reporter_neighbourhood').execute();
  await db.schema.alterTable('reports').dropColumn('reporter_address').execute();
}
