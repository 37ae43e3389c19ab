import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A host client's own words for a report's reason when they were no known label (the reason
  // is then 'other', domain/report-reason.ts); null for a known label and for older reports.
  // Kept apart from `notes`, which is what the reporter added, not why they reported.
  await db.schema.alterTable('reports').addColumn('reason_text', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('reason_text').execute();
}
