/**
 * Ten million votes written by the database itself (a recursive CTE on SQLite, generate_series on
 * PostgreSQL), in chunks of a million. Voter v judges the pairs {a, b} with
 * a = (104729v + 5003j) mod P, j < 200, and b = a + 1 + r mod P, r a hash of the vote below
 * P/2 − 1: every photo is judged, against opponents from the whole category as the arena's first
 * pairs are, and a voter never judges a pair twice, as the unique index wants.
 *
 * Photo index is a hidden strength, stronger the lower it is, spread evenly over 6 logits: the
 * higher index wins with the Bradley-Terry probability 1 / (1 + e^(6·gap/P)), the engine's own
 * model, so a refit of these votes is a well-posed fit (a pair is an upset about one time in
 * nine). Photo index order is arbitrary against the seeded scores: the refit has real work
 * to do.
 *
 * Earlier worlds, and what they measured instead:
 * - until 2026-11-28 the lower index won seven times in ten whatever the gap: a crowd the engine
 *   found no voter reliable in, whose fit moved by whole points for ten more votes;
 * - then (stop 26) a voter judged pairs at one gap below P/20, and the strengths spanned 40
 *   logits: the full refit's voter weights did not settle in 40 rounds (a voter who only ever
 *   judged coin flips looks like a random one), and a full refit with 1% more votes had τ 0.52
 *   against the one before. In this world the fit settles in a few rounds (ADR 0029).
 */
import { sql } from 'kysely';
import type { DatabaseKind, Db } from '../../apps/server/src/db/database.js';

const VOTES_PER_VOTER = 200;
/** The hidden strengths' spread, strongest to weakest, in logits. */
const SPAN_LOGITS = 6.0;
const CHUNK = 1_000_000;

/**
 * Writes votes number `start` to `start + votes − 1` of the sequence (0 on the first call; a later
 * call, the incremental refit's new votes, continues it with new voters), each with the online
 * weight `weight`. Answers how many voters it added.
 */
export async function seedVotes(
  db: Db,
  kind: DatabaseKind,
  categoryId: number,
  photos: number,
  votes: number,
  now: number,
  start = 0,
  weight = 1,
): Promise<number> {
  if (start % VOTES_PER_VOTER !== 0) throw new RangeError('seedVotes: start at a new voter');
  const firstVoter = start / VOTES_PER_VOTER;
  const voters = Math.ceil(votes / VOTES_PER_VOTER);
  // Inlined, not bound: SQLite binds a JavaScript number as a REAL, and i / 200.0 is no integer
  // division. Bound, every vote of the SQLite seed had a voter id of its own, like 2.505.
  const perVoter = sql.lit(VOTES_PER_VOTER);
  const half = Math.floor(photos / 2) - 1;
  const series = (from: number, to: number) =>
    kind === 'sqlite'
      ? sql`(with recursive s(i) as (select ${sql.lit(from)} union all select i + 1 from s where i < ${sql.lit(to - 1)}) select i from s)`
      : sql`(select i::bigint as i from generate_series(${from}::bigint, ${to - 1}::bigint) as g(i))`;

  const first = await sql<{
    id: number | string;
  }>`select coalesce(max(id), 0) + 1 as id from voters`
    .execute(db)
    .then((result) => Number(result.rows[0]?.id ?? 1));
  for (let from = firstVoter; from < firstVoter + voters; from += CHUNK) {
    const to = Math.min(firstVoter + voters, from + CHUNK);
    await sql`insert into voters (voter_key, total_votes, created_at, updated_at)
      select 'a:scale-' || i, ${VOTES_PER_VOTER}, ${now}, ${now} from ${series(from, to)} as v`.execute(
      db,
    );
  }

  for (let from = start; from < start + votes; from += CHUNK) {
    const to = Math.min(start + votes, from + CHUNK);
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      await sql`insert into votes (pair_id, category_id, voter_id, winner_photo_id, loser_photo_id,
          photo_lo, photo_hi, side, kind, dwell_ms, weight, fuel_earned, winner_score_before,
          winner_score_after, loser_score_before, loser_score_after, created_at)
        select 'scale-' || i, ${categoryId}, ${first - firstVoter} + v, w + 1, l + 1, lo + 1, hi + 1, 'left',
          'random', 1500, ${weight}, 0, 550, 550, 550, 550, ${now}
        from (
          select i, v, lo, hi,
            case when upset = 0 then lo else hi end as w,
            case when upset = 0 then hi else lo end as l
          from (
            select i, v,
              case when a < b then a else b end as lo,
              case when a < b then b else a end as hi,
              case when (i * 2654435761) % 1000003 % 1000 <
                1000.0 / (1 + exp(${sql.lit(SPAN_LOGITS)} * abs(b - a) / ${sql.lit(photos)}.0))
                then 1 else 0 end as upset
            from (
              select i, v, a, (a + 1 + (i * 40503 + 7) % ${sql.lit(half)}) % ${sql.lit(photos)} as b
              from (
                select i, i / ${perVoter} as v,
                  ((i / ${perVoter}) * 104729 + (i % ${perVoter}) * 5003) % ${sql.lit(photos)} as a
                from ${series(from, to)} as s
              ) as x
            ) as y
          ) as z
        ) as pairs`.execute(trx);
    });
    process.stdout.write(
      `    votes ${(to - start).toLocaleString('en-US')} / ${votes.toLocaleString('en-US')} ` +
        `(${Math.round((to - from) / ((performance.now() - started) / 1000)).toLocaleString('en-US')}/s)\n`,
    );
  }
  if (kind === 'postgres') await sql`vacuum analyze votes, voters`.execute(db);
  return voters;
}
