import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { Clock } from '../domain/clock.js';
import { dayKey } from '../domain/day.js';
import {
  CategoryIndex,
  chooseReferenceSet,
  isProvisional,
  refitCategory,
  type RatingParams,
  type VoteArrays,
} from '../domain/rating/index.js';
import { randomUUID } from 'node:crypto';
import { currentPeriod, rankInOrder, type Period } from '../domain/leaderboard/index.js';
import { ArenaRepository, type DailyScoreRow } from '../repositories/arena.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import type { CategoryRepository } from '../repositories/category.repository.js';
import { VoterRepository } from '../repositories/voter.repository.js';
import { scoreOf, type ArenaIndexes } from './arena-indexes.js';
import { refitStampKey } from './leaderboard.service.js';
import type { Metrics } from '../lib/metrics.js';

/** Votes read per query: the rows of one chunk are short-lived, the arrays hold the rest. */
const VOTE_CHUNK = 100_000;

/** A category's votes as the typed arrays of the fit, with the voters' ids by index. */
interface LoadedVotes {
  arrays: VoteArrays;
  voterIds: number[];
  count: number;
}

/** A growable Int32Array / Float32Array pair of columns. */
class Column<T extends Int32Array | Float32Array> {
  constructor(
    private data: T,
    private readonly make: (length: number) => T,
  ) {}
  push(at: number, value: number): void {
    if (at >= this.data.length) {
      const bigger = this.make(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[at] = value;
  }
  take(length: number): T {
    return this.data.subarray(0, length) as T;
  }
}

/**
 * Reads a category's votes in chunks by id into typed arrays: 13 bytes a vote instead of two
 * objects with strings, so ten million votes fit in about 130 MB, and no single query or
 * allocation holds the process for long (ADR 0016).
 */
async function loadVotes(
  arena: ArenaRepository,
  categoryId: number,
  photoIds: readonly number[],
): Promise<LoadedVotes> {
  const photoIndex = new Map(photoIds.map((id, index) => [id, index]));
  const voterIndex = new Map<number, number>();
  const voterIds: number[] = [];
  const start = 1 << 16;
  const winner = new Column(new Int32Array(start), (n) => new Int32Array(n));
  const loser = new Column(new Int32Array(start), (n) => new Int32Array(n));
  const voter = new Column(new Int32Array(start), (n) => new Int32Array(n));
  const weight = new Column(new Float32Array(start), (n) => new Float32Array(n));
  let count = 0;
  let after = 0;
  for (;;) {
    const rows = await arena.votesOfCategoryAfter(categoryId, after, VOTE_CHUNK);
    for (const row of rows) {
      let index = voterIndex.get(row.voter_id);
      if (index === undefined) {
        index = voterIds.length;
        voterIndex.set(row.voter_id, index);
        voterIds.push(row.voter_id);
      }
      winner.push(count, photoIndex.get(row.winner_photo_id) ?? -1);
      loser.push(count, photoIndex.get(row.loser_photo_id) ?? -1);
      voter.push(count, index);
      weight.push(count, row.weight > 0 ? 1 : 0);
      count += 1;
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < VOTE_CHUNK) break;
    after = last.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return {
    arrays: {
      winner: winner.take(count),
      loser: loser.take(count),
      voter: voter.take(count),
      weight: weight.take(count),
      voterCount: voterIds.length,
    },
    voterIds,
    count,
  };
}

/** The lease that lets one process at a time run the batch refit. */
export const REFIT_LEASE = 'lease:refit';
/** A holder that has not renewed its lease for this long is presumed dead. */
const LEASE_MS = 15 * 60_000;

export interface RefitSummary {
  categoryId: number;
  photos: number;
  votes: number;
  converged: boolean;
  durationMs: number;
  /** Milliseconds spent in each phase, in the order they ran (logs, bench:refit). */
  phases: Record<string, number>;
}

/** Times consecutive phases: each `lap` closes the phase that ran since the previous one. */
function phaseTimer(): { phases: Record<string, number>; lap: (name: string) => void } {
  const phases: Record<string, number> = {};
  let mark = performance.now();
  return {
    phases,
    lap: (name) => {
      const now = performance.now();
      phases[name] = Math.round(now - mark);
      mark = now;
    },
  };
}

/**
 * The periodic batch refit (DESIGN §5): the MAP fit over all of a category's votes with voter
 * reliability weights is the source of truth for μ, σ², the display score and provisional state.
 */
export class RefitService {
  constructor(
    private readonly db: Db,
    private readonly categories: CategoryRepository,
    private readonly indexes: ArenaIndexes,
    private readonly clock: Clock,
    private readonly params: RatingParams,
    private readonly timeZone: string,
    private readonly metrics: Metrics,
    /** This process's name on the refit lease. */
    private readonly instance: string = randomUUID(),
  ) {}

  /**
   * Refits every category, unless another process (another instance, the admin CLI) is
   * refitting: then nothing is done and null is answered. The lease is renewed per category.
   */
  async refitAll(): Promise<RefitSummary[] | null> {
    const settings = new SettingsRepository(this.db);
    const lease = () => settings.tryLease(REFIT_LEASE, this.instance, this.clock.now(), LEASE_MS);
    if (!(await lease())) return null;
    try {
      const summaries: RefitSummary[] = [];
      for (const category of await this.categories.listAll()) {
        if (!(await lease())) break;
        summaries.push(await this.refit(category.id, category.slug));
      }
      return summaries;
    } finally {
      await settings.releaseLease(REFIT_LEASE, this.instance, this.clock.now());
    }
  }

  /** `label` names the category in the metrics (refitAll passes its slug). */
  async refit(categoryId: number, label = String(categoryId)): Promise<RefitSummary> {
    try {
      const summary = await this.fit(categoryId);
      this.metrics.refitFinished(label, summary.durationMs / 1000, this.clock.now());
      return summary;
    } catch (error) {
      this.metrics.refitFailed(label);
      throw error;
    }
  }

  private async fit(categoryId: number): Promise<RefitSummary> {
    const started = performance.now();
    const { phases, lap } = phaseTimer();
    const arena = new ArenaRepository(this.db);
    const photos = await arena.ratedPhotos(categoryId);
    const photoIds = photos.map((photo) => photo.id);
    lap('readPhotos');
    const votes = await loadVotes(arena, categoryId, photoIds);
    lap('readVotes');
    const voterIndex = new Map(votes.voterIds.map((id, index) => [id, index]));
    const tallies = await new VoterRepository(this.db).goldTallies(votes.voterIds);
    // Aligned with the voters' indexes; NaN: no earlier weight, the prior's is used.
    const warmVoterWeight = new Float64Array(votes.voterIds.length).fill(Number.NaN);
    for (const tally of tallies) {
      const index = voterIndex.get(tally.id);
      if (index !== undefined && tally.refit_weight !== null) {
        warmVoterWeight[index] = tally.refit_weight;
      }
    }
    lap('readVoters');

    const result = refitCategory<number>({
      photoIds,
      votes: votes.arrays,
      warmStart: {
        mu: Float64Array.from(photos, (photo) => photo.mu),
        voterWeight: warmVoterWeight,
      },
      goldResults: tallies.flatMap((tally) => {
        const voter = voterIndex.get(tally.id);
        return voter === undefined
          ? []
          : [{ voter, passed: tally.gold_passed, failed: tally.gold_failed }];
      }),
      params: this.params,
    });
    lap('fit');

    const active = photos
      .map((photo, position) => ({ photo, position }))
      .filter(({ photo }) => photo.state === 'active');
    const previous = (await arena.references(categoryId)).map(String);
    const referenceIds = chooseReferenceSet(
      active.map(({ photo, position }) => ({
        id: String(photo.id),
        mu: result.mu[position] ?? 0,
        sigma2: result.sigma2[position] ?? this.params.priorVariance,
      })),
      previous,
      this.params,
    );
    const position = new Map(photoIds.map((id, index) => [String(id), index]));
    const referenceMus = referenceIds
      .map((id) => result.mu[position.get(id) ?? -1])
      .filter((mu): mu is number => mu !== undefined);

    const now = this.clock.now();
    const rows = photos.map((photo, index) => {
      const mu = result.mu[index] ?? this.params.priorMean;
      const sigma2 = result.sigma2[index] ?? this.params.priorVariance;
      return {
        id: photo.id,
        mu,
        sigma2,
        current_score: scoreOf(mu, referenceMus, this.params),
        provisional: isProvisional(sigma2, this.params) ? 1 : 0,
      };
    });
    const daily = this.dailyRanks(
      active.map(({ photo, position: index }) => ({
        ...(rows[index] ?? { id: photo.id, current_score: photo.current_score, provisional: 1 }),
        published_at: photo.published_at,
      })),
      now,
    );
    lap('scores');
    const stamp = `${now}:${randomUUID()}`;
    await inTransaction(this.db, async (trx) => {
      await new ArenaRepository(trx).applyRefit(rows);
      await new ArenaRepository(trx).recordDailyScores(daily, dayKey(now, this.timeZone));
      // Every process reloads this category's pairing index and running leaderboards.
      await new SettingsRepository(trx).set(refitStampKey(categoryId), stamp, now);
      await new ArenaRepository(trx).setReferences(categoryId, referenceIds.map(Number));
      await new VoterRepository(trx).setRefitResults(
        result.voters.ids.map((voter, index) => ({
          id: votes.voterIds[voter] ?? 0,
          weight: result.voters.weight[index] ?? 0,
          reliability: result.voters.reliability[index] ?? 0,
        })),
      );
    });
    lap('write');

    // The pairing index is rebuilt from the refit, with the boosts and counts stored now.
    const fresh = await arena.listIndexRows(categoryId);
    lap('indexRead');
    const byId = new Map(rows.map((row) => [row.id, row]));
    this.indexes.set(
      categoryId,
      {
        index: new CategoryIndex(
          this.params,
          fresh.map((row) => ({
            id: String(row.id),
            ownerId: String(row.user_id),
            mu: byId.get(row.id)?.mu ?? row.mu,
            sigma2: byId.get(row.id)?.sigma2 ?? row.sigma2,
            comparisons: row.comparisons,
            boostRemaining: row.boost_remaining,
          })),
        ),
        referenceMus,
      },
      stamp,
    );
    lap('indexBuild');
    return {
      categoryId,
      photos: photos.length,
      votes: votes.count,
      converged: result.convergence.converged,
      durationMs: Math.round(performance.now() - started),
      phases,
    };
  }

  /** Each live photo's score with its ranks on the running all-time, week and month boards. */
  private dailyRanks(
    live: { id: number; current_score: number; provisional: number; published_at: number }[],
    now: number,
  ): DailyScoreRow[] {
    const established = live.filter((photo) => photo.provisional === 0);
    const ranksWithin = (period: Period | null): Map<number, number> =>
      new Map(
        rankInOrder(
          established
            .filter(
              (photo) =>
                period === null ||
                (photo.published_at >= (period.startsAt ?? 0) &&
                  photo.published_at < (period.endsAt ?? 0)),
            )
            .map((photo) => ({ id: photo.id, score: photo.current_score })),
        ).map((item) => [item.id, item.rank]),
      );
    const all = ranksWithin(null);
    const week = ranksWithin(currentPeriod('week', now, this.timeZone));
    const month = ranksWithin(currentPeriod('month', now, this.timeZone));
    return live.map((photo) => ({
      id: photo.id,
      current_score: photo.current_score,
      rank_all: all.get(photo.id) ?? null,
      rank_week: week.get(photo.id) ?? null,
      rank_month: month.get(photo.id) ?? null,
    }));
  }
}
