import { sql } from 'kysely';
import { jsonRows } from '../../src/db/json-rows.js';
import { dayKey } from '../../src/domain/day.js';
import { currentPeriod, rankInOrder, type Period } from '../../src/domain/leaderboard/index.js';
import {
  chooseReferenceSet,
  isProvisional,
  scoreOf,
  seededRng,
  type RatingParams,
} from '../../src/domain/rating/index.js';
import { arenaRatingParams } from '../../src/services/index.js';
import { refitStampKey } from '../../src/repositories/settings.repository.js';
import { fitWithInfluence } from '../../src/workers/refit-job.js';
import { boardStanding } from '../../src/domain/leaderboard/index.js';
import type { TestApp } from './app.js';
import { addPhotos } from './arena.js';

/** The rating parameters the test app's refit runs with. */
export function appParams(app: TestApp): RatingParams {
  return arenaRatingParams(app.config.arena);
}

/** The id of a category's newest vote. */
export async function lastVoteId(app: TestApp, categoryId: number): Promise<number> {
  const row = await app.db
    .selectFrom('votes')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts voters with the given gold tallies and earlier refit weights; answers their ids. */
export async function addVoters(
  app: TestApp,
  prefix: string,
  count: number,
  rng: () => number,
): Promise<number[]> {
  const now = app.clock.now();
  const ids: number[] = [];
  for (let from = 0; from < count; from += 500) {
    const rows = await app.db
      .insertInto('voters')
      .values(
        Array.from({ length: Math.min(500, count - from) }, (_, offset) => ({
          voter_key: `a:${prefix}-${from + offset}`,
          gold_passed: Math.floor(rng() * 4),
          gold_failed: rng() < 0.2 ? Math.floor(rng() * 3) : 0,
          refit_weight: rng() < 0.5 ? rng() : null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/**
 * Writes `perVoter` votes of every voter on distinct random pairs of `photos`, a few thousand
 * rows a statement: the winner follows hidden strengths (inverted for every fifth voter), and
 * one vote in twelve weighs nothing.
 */
export async function addVotes(
  app: TestApp,
  categoryId: number,
  photos: readonly number[],
  voters: readonly number[],
  perVoter: number,
  seed: number,
): Promise<void> {
  const rng = seededRng(seed);
  const strength = new Map(photos.map((id, index) => [id, (index % 17) / 4 - 2]));
  const now = app.clock.now();
  let rows: (string | number)[][] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    const source = jsonRows(
      app.db,
      [
        ['pair_id', 'text'],
        ['voter_id', 'integer'],
        ['winner', 'integer'],
        ['loser', 'integer'],
        ['weight', 'real'],
      ],
      rows,
      'v',
    );
    await sql`insert into votes (pair_id, category_id, voter_id, winner_photo_id, loser_photo_id,
        photo_lo, photo_hi, side, kind, dwell_ms, weight, fuel_earned, winner_score_before,
        winner_score_after, loser_score_before, loser_score_after, created_at)
      select v.pair_id, ${categoryId}, v.voter_id, v.winner, v.loser,
        case when v.winner < v.loser then v.winner else v.loser end,
        case when v.winner < v.loser then v.loser else v.winner end,
        'left', 'random', 1500, v.weight, 0, 550, 550, 550, 550, ${now}
      from ${source}`.execute(app.db);
    rows = [];
  };
  for (const [position, voter] of voters.entries()) {
    const seen = new Set<string>();
    for (let made = 0; made < perVoter && seen.size < photos.length;) {
      const a = photos[Math.floor(rng() * photos.length)] ?? 0;
      const b = photos[Math.floor(rng() * photos.length)] ?? 0;
      const key = a < b ? `${a}:${b}` : `${b}:${a}`;
      if (a === b || seen.has(key)) continue;
      seen.add(key);
      made += 1;
      const gap = (strength.get(a) ?? 0) - (strength.get(b) ?? 0);
      let aWins = rng() < 1 / (1 + Math.exp(-gap));
      if (position % 5 === 4) aWins = !aWins;
      rows.push([
        `${seed}-${voter}-${made}`,
        voter,
        aWins ? a : b,
        aWins ? b : a,
        rng() < 1 / 12 ? 0 : 1,
      ]);
      if (rows.length >= 4000) await flush();
    }
  }
  await flush();
}

/**
 * A category of `count` photos published over the last months (so the week and month boards
 * differ from the all-time one), with one hidden and one deleted photo that votes still name.
 */
export async function addRatedPhotos(
  app: TestApp,
  categoryId: number,
  count: number,
): Promise<number[]> {
  // Pairs are of two owners: the photos are shared out among eight owners.
  const now = app.clock.now();
  const owners = await app.db
    .insertInto('users')
    .values(
      Array.from({ length: 8 }, (_, index) => ({
        nickname: `owner ${categoryId}-${index}`,
        avatar_url: null,
        role: 'user' as const,
        status: 'active' as const,
        host_user_id: `refit-owner-${categoryId}-${index}`,
        device_id: null,
        is_device_account: 0,
        is_demo: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  const photos: number[] = [];
  for (const [index, owner] of owners.entries()) {
    const share = Math.floor(((index + 1) * count) / owners.length) - photos.length;
    photos.push(...(await addPhotos(app, owner.id, categoryId, share)));
  }
  for (const [index, id] of photos.entries()) {
    await app.db
      .updateTable('photos')
      .set({ published_at: now - (index % 9) * 5 * 86_400_000 })
      .where('id', '=', id)
      .execute();
  }
  await app.db
    .updateTable('photos')
    .set({ state: 'hidden' })
    .where('id', '=', photos[1] ?? 0)
    .execute();
  await app.db
    .updateTable('photos')
    .set({ state: 'deleted' })
    .where('id', '=', photos[2] ?? 0)
    .execute();
  app.services.arenaIndexes.invalidate(categoryId);
  return photos;
}

export interface ExpectedRefit {
  photos: { id: number; mu: number; sigma2: number; current_score: number; provisional: number }[];
  daily: {
    photo_id: number;
    score: number;
    rank_all: number | null;
    rank_week: number | null;
    rank_month: number | null;
  }[];
  references: number[];
  voters: { id: number; refit_weight: number; reliability: number }[];
  day: string;
}

/**
 * The refit of a category computed here, in this thread, straight from the tables with the
 * domain's functions (refitCategory, chooseReferenceSet, scoreOf, rankInOrder): what the refit
 * in the server did before it moved to a worker thread.
 */
export async function refitInProcess(app: TestApp, categoryId: number): Promise<ExpectedRefit> {
  const params = appParams(app);
  const now = app.clock.now();
  const timeZone = app.config.leaderboardTimeZone;
  const photos = await app.db
    .selectFrom('photos')
    .select(['id', 'state', 'published_at', 'comparisons'])
    .where('category_id', '=', categoryId)
    .orderBy('id')
    .execute();
  const votes = await app.db
    .selectFrom('votes')
    .select(['winner_photo_id', 'loser_photo_id', 'voter_id', 'weight', 'net'])
    .where('category_id', '=', categoryId)
    .orderBy('id')
    .execute();
  const position = new Map(photos.map((photo, index) => [photo.id, index]));
  const voterIds = [...new Set(votes.map((vote) => vote.voter_id))];
  const voterIndex = new Map(voterIds.map((id, index) => [id, index]));
  const tallies = await app.db
    .selectFrom('voters')
    .select(['id', 'gold_passed', 'gold_failed'])
    .where('id', 'in', voterIds.length > 0 ? voterIds : [0])
    .execute();
  const fit = fitWithInfluence({
    photoIds: Float64Array.from(photos, (photo) => photo.id),
    votes: {
      winner: Int32Array.from(votes, (vote) => position.get(vote.winner_photo_id) ?? -1),
      loser: Int32Array.from(votes, (vote) => position.get(vote.loser_photo_id) ?? -1),
      voter: Int32Array.from(votes, (vote) => voterIndex.get(vote.voter_id) ?? 0),
      weight: Float32Array.from(votes, (vote) => (vote.weight > 0 ? 1 : 0)),
      voterCount: voterIds.length,
    },
    voteNet: Int32Array.from(
      votes,
      (vote) => vote.net ?? -1 - (voterIndex.get(vote.voter_id) ?? 0),
    ),
    gold: tallies.map((tally) => ({
      voter: voterIndex.get(tally.id) ?? 0,
      passed: tally.gold_passed,
      failed: tally.gold_failed,
    })),
    params,
  });
  const result = { mu: fit.mu, sigma2: fit.sigma2, voters: fit.result.voters };
  const previous = await app.db
    .selectFrom('category_references')
    .select('photo_id')
    .where('category_id', '=', categoryId)
    .execute();
  const active = photos.flatMap((photo, index) => (photo.state === 'active' ? [index] : []));
  const references = chooseReferenceSet(
    active.map((index) => ({
      id: String(photos[index]?.id),
      mu: result.mu[index] ?? 0,
      sigma2: result.sigma2[index] ?? 1,
    })),
    previous
      .map((row) => row.photo_id)
      .sort((a, b) => a - b)
      .map(String),
    params,
  )
    .map(Number)
    .sort((a, b) => a - b);
  const referenceMus = references.map((id) => result.mu[position.get(id) ?? -1] ?? 0);
  const rows = photos.map((photo, index) => ({
    id: photo.id,
    mu: result.mu[index] ?? 0,
    sigma2: result.sigma2[index] ?? 0,
    current_score: scoreOf(result.mu[index] ?? 0, referenceMus, params),
    provisional: isProvisional(result.sigma2[index] ?? 1, params) ? 1 : 0,
  }));
  // The boards' standing (issue 17): established photos by score, provisional ones with enough
  // comparisons by the low end of their range.
  const keyOf = new Map<number, number>();
  for (const index of active) {
    const row = rows[index];
    const standing = row
      ? boardStanding(
          { ...row, state: 'active', comparisons: photos[index]?.comparisons ?? 0 },
          referenceMus,
        )
      : null;
    if (standing) keyOf.set(index, standing.key);
  }
  const listed = active.filter((index) => keyOf.has(index));
  const ranks = (period: Period | null) =>
    new Map(
      rankInOrder(
        listed
          .filter((index) => {
            const published = photos[index]?.published_at ?? 0;
            return (
              period === null ||
              (published >= (period.startsAt ?? 0) && published < (period.endsAt ?? 0))
            );
          })
          .map((index) => ({ id: rows[index]?.id ?? 0, score: keyOf.get(index) ?? 0 })),
      ).map((item) => [item.id, item.rank]),
    );
  const all = ranks(null);
  const week = ranks(currentPeriod('week', now, timeZone));
  const month = ranks(currentPeriod('month', now, timeZone));
  return {
    photos: rows,
    daily: active.map((index) => {
      const id = rows[index]?.id ?? 0;
      return {
        photo_id: id,
        score: rows[index]?.current_score ?? 0,
        rank_all: all.get(id) ?? null,
        rank_week: week.get(id) ?? null,
        rank_month: month.get(id) ?? null,
      };
    }),
    references,
    voters: voterIds.map((id, index) => ({
      id,
      refit_weight: result.voters.weight[index] ?? 0,
      reliability: result.voters.reliability[index] ?? 0,
    })),
    day: dayKey(now, timeZone),
  };
}

/** What a refit of the category left in the tables, in the shape of ExpectedRefit. */
export async function storedRefit(
  app: TestApp,
  categoryId: number,
  voterIds: readonly number[],
): Promise<Omit<ExpectedRefit, 'day'> & { stamp: string | undefined }> {
  const day = dayKey(app.clock.now(), app.config.leaderboardTimeZone);
  const photos = await app.db
    .selectFrom('photos')
    .select(['id', 'mu', 'sigma2', 'current_score', 'provisional'])
    .where('category_id', '=', categoryId)
    .orderBy('id')
    .execute();
  const daily = await app.db
    .selectFrom('photo_score_days')
    .innerJoin('photos', 'photos.id', 'photo_score_days.photo_id')
    .select(['photo_id', 'score', 'rank_all', 'rank_week', 'rank_month'])
    .where('photos.category_id', '=', categoryId)
    .where('day', '=', day)
    .orderBy('photo_id')
    .execute();
  const references = await app.db
    .selectFrom('category_references')
    .select('photo_id')
    .where('category_id', '=', categoryId)
    .orderBy('photo_id')
    .execute();
  const voters = await app.db
    .selectFrom('voters')
    .select(['id', 'refit_weight', 'reliability'])
    .where('id', 'in', voterIds.length > 0 ? [...voterIds] : [0])
    .orderBy('id')
    .execute();
  const stamp = await app.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', refitStampKey(categoryId))
    .executeTakeFirst();
  return {
    photos,
    daily,
    references: references.map((row) => row.photo_id),
    voters: voters.map((row) => ({
      id: row.id,
      refit_weight: row.refit_weight ?? Number.NaN,
      reliability: row.reliability ?? Number.NaN,
    })),
    stamp: stamp?.value,
  };
}

/**
 * Runs `work` while a request's transaction holds the app's connection (SQLite's only one), and
 * answers its result, or 'timed out' when it has not finished within `timeoutMs`: work that
 * needed that connection would wait for the transaction, which ends only after it.
 */
export async function besideHeldConnection<T>(
  app: TestApp,
  work: () => Promise<T>,
  timeoutMs: number,
): Promise<T | 'timed out'> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const transaction = app.db.transaction().execute(async (trx) => {
    await trx.selectFrom('photos').select('id').limit(1).execute();
    await held;
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<'timed out'>((resolve) => {
        timer = setTimeout(() => {
          resolve('timed out');
        }, timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    release();
    await transaction;
  }
}
