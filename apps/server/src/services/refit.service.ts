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
    const arena = new ArenaRepository(this.db);
    const photos = await arena.ratedPhotos(categoryId);
    const votes = await arena.votesOfCategory(categoryId);
    const voterIds = [...new Set(votes.map((vote) => vote.voter_id))];
    const tallies = await new VoterRepository(this.db).goldTallies(voterIds);
    const photoIds = photos.map((photo) => String(photo.id));

    const result = refitCategory<string, string>({
      photoIds,
      votes: votes.map((vote) => ({
        winner: String(vote.winner_photo_id),
        loser: String(vote.loser_photo_id),
        voter: String(vote.voter_id),
        weight: vote.weight > 0 ? 1 : 0,
      })),
      warmStart: {
        mu: new Map(photos.map((photo) => [String(photo.id), photo.mu])),
        voterWeight: new Map(
          tallies
            .filter((tally) => tally.refit_weight !== null)
            .map((tally) => [String(tally.id), tally.refit_weight ?? 0]),
        ),
      },
      goldResults: tallies.map((tally) => ({
        voter: String(tally.id),
        passed: tally.gold_passed,
        failed: tally.gold_failed,
      })),
      params: this.params,
    });

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
    const position = new Map(photoIds.map((id, index) => [id, index]));
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
    const stamp = `${now}:${randomUUID()}`;
    await inTransaction(this.db, async (trx) => {
      await new ArenaRepository(trx).applyRefit(rows);
      await new ArenaRepository(trx).recordDailyScores(daily, dayKey(now, this.timeZone));
      // Every process reloads this category's pairing index and running leaderboards.
      await new SettingsRepository(trx).set(refitStampKey(categoryId), stamp, now);
      await new ArenaRepository(trx).setReferences(categoryId, referenceIds.map(Number));
      await new VoterRepository(trx).setRefitResults(
        result.voters.ids.map((id, index) => ({
          id: Number(id),
          weight: result.voters.weight[index] ?? 0,
          reliability: result.voters.reliability[index] ?? 0,
        })),
      );
    });

    // The pairing index is rebuilt from the refit, with the boosts and counts stored now.
    const fresh = await arena.listIndexRows(categoryId);
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
    return {
      categoryId,
      photos: photos.length,
      votes: votes.length,
      converged: result.convergence.converged,
      durationMs: Math.round(performance.now() - started),
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
