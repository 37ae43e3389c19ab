import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The network neighbourhood a vote came from (a 32-bit hash of its IPv4 /24 or IPv6 /64, ADR
  // 0022): the refit counts one neighbourhood's votes on one photo as one voice unless they agree
  // with everyone else. Null on votes cast before it (and on demo votes): each voter is then its
  // own neighbourhood.
  await db.schema.alterTable('votes').addColumn('net', 'integer').execute();
  // The trust a voter has earned (agreement with everyone else and gold pairs), set by the refit;
  // null until its first refit (the prior, near zero, applies).
  await db.schema.alterTable('voters').addColumn('trust', 'real').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('voters').dropColumn('trust').execute();
  await db.schema.alterTable('votes').dropColumn('net').execute();
}
