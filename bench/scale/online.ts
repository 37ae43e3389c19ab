/**
 * The online moves of votes written by seedVotes, made as the vote route makes them (DESIGN §5):
 * in vote order, each vote moves both photos' μ and σ² by the online update, and their rows carry
 * the result (μ, σ², score against the category's reference set, provisional state), with
 * `updated_at` moved so every process's pairing index follows them. seedVotes writes the votes
 * alone: an incremental refit compares its fit with what the photos show (ADR 0029), and without
 * these moves every photo the votes name would look moved.
 */
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.js';
import { jsonRows } from '../../apps/server/src/db/json-rows.js';
import {
  isProvisional,
  replayNewerVotes,
  scoreOf,
  type RatingParams,
  type RatingState,
} from '../../apps/server/src/domain/rating/index.js';

const PAGE = 100_000;
const WRITE_CHUNK = 5000;

/** The id of the category's newest vote (0: none). */
export async function newestVoteId(db: Db, categoryId: number): Promise<number> {
  const { rows } = await sql<{
    id: number | string | null;
  }>`select max(id) as id from votes where category_id = ${categoryId}`.execute(db);
  return Number(rows[0]?.id ?? 0);
}

/**
 * Moves the photos the category's votes after `afterVoteId` name, as those votes would have
 * moved them one by one; answers their new beliefs by photo id.
 */
export async function applyOnlineMoves(
  db: Db,
  categoryId: number,
  afterVoteId: number,
  params: RatingParams,
  now: number,
): Promise<Map<number, RatingState>> {
  const votes: { winner: number; loser: number; weight: number }[] = [];
  for (let after = afterVoteId; ;) {
    const { rows } = await sql<{
      id: number;
      winner_photo_id: number;
      loser_photo_id: number;
      weight: number;
    }>`select id, winner_photo_id, loser_photo_id, weight from votes
      where category_id = ${categoryId} and id > ${after} order by id limit ${PAGE}`.execute(db);
    for (const row of rows) {
      votes.push({ winner: row.winner_photo_id, loser: row.loser_photo_id, weight: row.weight });
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < PAGE) break;
    after = last.id;
  }
  const named = [...new Set(votes.flatMap((vote) => [vote.winner, vote.loser]))].sort(
    (a, b) => a - b,
  );
  const stored = new Map<number, RatingState>();
  for (let from = 0; from < named.length; from += WRITE_CHUNK) {
    const { rows } = await sql<{ id: number; mu: number; sigma2: number }>`
      select id, mu, sigma2 from photos
      where id in (${sql.join(named.slice(from, from + WRITE_CHUNK))})`.execute(db);
    for (const row of rows) stored.set(row.id, { mu: row.mu, sigma2: row.sigma2 });
  }
  // The votes one by one from what the rows hold, as the refit writers replay newer votes.
  const beliefs = replayNewerVotes((id) => stored.get(id), votes, params);

  const references = await sql<{ fit_mu: number }>`
    select f.fit_mu from category_references r join photo_fits f on f.photo_id = r.photo_id
    where r.category_id = ${categoryId}`.execute(db);
  const referenceMus = references.rows.map((row) => row.fit_mu);
  const ids = [...beliefs.keys()];
  for (let from = 0; from < ids.length; from += WRITE_CHUNK) {
    const rows = ids.slice(from, from + WRITE_CHUNK).map((id) => {
      const { mu, sigma2 } = beliefs.get(id) as RatingState;
      return [
        id,
        mu,
        sigma2,
        scoreOf(mu, referenceMus, params),
        isProvisional(sigma2, params) ? 1 : 0,
      ];
    });
    const source = jsonRows(
      db,
      [
        ['id', 'integer'],
        ['mu', 'real'],
        ['sigma2', 'real'],
        ['current_score', 'integer'],
        ['provisional', 'integer'],
      ],
      rows,
      'r',
    );
    await sql`update photos set mu = r.mu, sigma2 = r.sigma2, current_score = r.current_score,
        provisional = r.provisional, updated_at = ${now}
      from ${source} where photos.id = r.id`.execute(db);
  }
  return beliefs;
}
