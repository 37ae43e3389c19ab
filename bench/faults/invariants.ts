/** DESIGN §10's invariants, true at every commit, so after any kill (ADR 0011). */
import type Database from 'better-sqlite3';

export function checkInvariants(db: Database.Database, violations: string[]): void {
  const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
  if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok') {
    violations.push(`integrity_check: ${JSON.stringify(integrity.slice(0, 5))}`);
  }
  const foreign = db.pragma('foreign_key_check') as unknown[];
  if (foreign.length > 0) {
    violations.push(`foreign_key_check: ${JSON.stringify(foreign.slice(0, 5))}`);
  }

  // Per category: votes = sum of wins = sum of losses (deleted photos keep their counters).
  const tallies = db
    .prepare(
      `select c.id as category_id,
              (select count(*) from votes v where v.category_id = c.id) as votes,
              coalesce((select sum(wins) from photos p where p.category_id = c.id), 0) as wins,
              coalesce((select sum(comparisons - wins) from photos p where p.category_id = c.id), 0)
                as losses
       from categories c`,
    )
    .all() as { category_id: number; votes: number; wins: number; losses: number }[];
  for (const row of tallies) {
    if (row.votes !== row.wins || row.votes !== row.losses) {
      violations.push(
        `category ${row.category_id}: ${row.votes} votes, ${row.wins} wins, ${row.losses} losses`,
      );
    }
  }

  // Fuel: every wallet's balance is its ledger sum and never negative.
  for (const [table, column] of [
    ['users', 'user_id'],
    ['voters', 'voter_id'],
  ] as const) {
    const wrong = db
      .prepare(
        `select w.id, w.fuel_balance as balance,
                coalesce((select sum(amount) from fuel_ledger l where l.${column} = w.id), 0) as ledger
         from ${table} w
         where w.fuel_balance < 0
            or w.fuel_balance <> coalesce((select sum(amount) from fuel_ledger l where l.${column} = w.id), 0)`,
      )
      .all() as { id: number; balance: number; ledger: number }[];
    for (const row of wrong.slice(0, 10)) {
      violations.push(`${table} ${row.id}: fuel balance ${row.balance}, ledger sum ${row.ledger}`);
    }
  }

  // A voter's counter moves in the vote's transaction.
  const counters = db
    .prepare(
      `select w.id, w.total_votes as counted, (select count(*) from votes v where v.voter_id = w.id) as votes
       from voters w
       where w.voter_key not like 'd:%' and w.merged_into is null
         and w.total_votes <> (select count(*) from votes v where v.voter_id = w.id)`,
    )
    .all() as { id: number; counted: number; votes: number }[];
  for (const row of counters.slice(0, 10)) {
    violations.push(`voter ${row.id}: total_votes ${row.counted}, ${row.votes} votes`);
  }
}
