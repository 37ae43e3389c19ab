import { pairSchema } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isProvisional,
  scoreOf,
  seededRng,
  updateOnline,
  type RatingState,
} from '../../src/domain/rating/index.js';
import { VoteRepository } from '../../src/repositories/vote.repository.js';
import { readRefitInput } from '../../src/workers/refit-input.js';
import { computeRefit } from '../../src/workers/refit-job.js';
import { RefitThread, type FullRefitSettings } from '../../src/workers/refit-thread.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { addPhotos, categoryIds, parseVote, servePair, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { signIn } from '../support/leaderboard.js';
import {
  addRatedPhotos,
  addVoters,
  addVotes,
  appParams,
  refitInProcess,
  storedRefit,
} from '../support/refit.js';

/**
 * Issue 18, through the real refit service on each database: a refit with no vote since the last
 * one changes nothing it stores, and a vote cast while the refit fits keeps its effect when the
 * fit's result is written (ADR 0017's write-back replays it), and the next refit counts it.
 */
describe.each(dialects)('deterministic refits on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let voters: number[] = [];

  beforeAll(async () => {
    app = await createTestApp(dialect);
    await app.services.demo.seed(2);
    [category = 0] = await categoryIds(app);
    const photos = await addRatedPhotos(app, category, 60);
    voters = await addVoters(app, 'determinism', 240, seededRng(23));
    await addVotes(app, category, photos, voters, 12, 4);
  });
  afterAll(() => app.close());

  it('stores bit-identical μ, σ², scores, ranks, reference set and weights on a refit with no new vote', async () => {
    await app.services.refit.refitAll();
    const first = await storedRefit(app, category, voters);
    await app.services.refit.refitAll();
    const second = await storedRefit(app, category, voters);
    expect(second.stamp).not.toBe(first.stamp);
    expect({ ...second, stamp: '' }).toEqual({ ...first, stamp: '' });
    // The data is not trivial: established photos, a reference set, voters weighed down.
    expect(first.photos.filter((photo) => photo.provisional === 0).length).toBeGreaterThan(10);
    expect(first.references.length).toBeGreaterThan(0);
    expect(first.voters.some((voter) => voter.refit_weight < 0.1)).toBe(true);
  });

  it('keeps a vote cast while the fit runs, and counts it at the next refit', async () => {
    const fitted = new Map<number, RatingState>();
    let referenceMus: number[] = [];
    const during: { winner: number; loser: number }[] = [];
    // The fit runs on its thread; the vote comes after it read the votes, before the write.
    const thread = new (class extends RefitThread {
      override async readAndRun(categoryId: number, settings: FullRefitSettings) {
        const result = await super.readAndRun(categoryId, settings);
        const { outcome } = result;
        Array.from(result.photoIds).forEach((id, index) =>
          fitted.set(id, {
            mu: outcome.mu[index] as number,
            sigma2: outcome.sigma2[index] as number,
          }),
        );
        referenceMus = outcome.referenceMus;
        const pair = await servePair(app, category, `determinism-during-fit-${dialect}`);
        const answer = parseVote(await vote(app, pair, `determinism-during-fit-${dialect}`));
        during.push({ winner: answer.winner.id, loser: answer.loser.id });
        return result;
      }
    })({ reader: app.reader });
    const before = await app.services.refit.refit(category, 'determinism', thread);
    await thread.close();
    expect(during).toHaveLength(1);
    const { winner = 0, loser = 0 } = during[0] ?? {};

    const row = await app.db
      .selectFrom('votes')
      .select(['weight'])
      .where('winner_photo_id', '=', winner)
      .where('loser_photo_id', '=', loser)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.weight).toBeGreaterThan(0);
    const fit = (id: number) => fitted.get(id) ?? { mu: Number.NaN, sigma2: Number.NaN };
    const expected = updateOnline(fit(winner), fit(loser), row.weight, appParams(app));
    const stored = await app.db
      .selectFrom('photos')
      .select(['id', 'mu', 'sigma2', 'current_score', 'provisional'])
      .where('id', 'in', [winner, loser])
      .execute();
    const params = appParams(app);
    for (const [id, state] of [
      [winner, expected.winner],
      [loser, expected.loser],
    ] as const) {
      expect(stored.find((photo) => photo.id === id)).toEqual({
        id,
        mu: state.mu,
        sigma2: state.sigma2,
        current_score: scoreOf(state.mu, referenceMus, params),
        provisional: isProvisional(state.sigma2, params) ? 1 : 0,
      });
    }
    expect(expected.winner.mu).toBeGreaterThan(fit(winner).mu);
    expect(expected.loser.mu).toBeLessThan(fit(loser).mu);
    // The refitting process's pairing index has the same.
    const { index } = await app.services.arenaIndexes.get(category);
    expect(index.get(String(winner))?.mu).toBe(expected.winner.mu);

    // The next refit fits the vote with all the others.
    const inProcess = await refitInProcess(app, category);
    const after = await app.services.refit.refit(category);
    expect(after.votes).toBe(before.votes + 1);
    expect((await storedRefit(app, category, voters)).photos).toEqual(inProcess.photos);
  });

  // A friend follows the link to a photo uploaded a moment ago and votes on it while the refit is
  // reading the category's votes: the vote is in the refit's snapshot, so it must be in the fit.
  it('fits a vote on a photo uploaded while the refit reads the votes', async () => {
    const owner = await signIn(app, `determinism-fresh-${dialect}`, 'Fresh');
    const friend = `determinism-friend-${dialect}`;
    let fresh = 0;
    let opponent = 0;
    class VotesDuringRead extends VoteRepository {
      override async votesOfCategoryAfter(categoryId: number, afterId: number, limit: number) {
        if (fresh === 0) {
          [fresh = 0] = await addPhotos(app, owner.id, category, 1);
          const served = await app.call('get_random_photos_for_rating', {
            category_id: category,
            anonymous_id: friend,
            with_photo_id: fresh,
          });
          const pair = pairSchema.parse(served.data);
          const ids = pair.photos.map((photo) => photo.id);
          expect(ids).toContain(fresh);
          opponent = ids.find((id) => id !== fresh) ?? 0;
          parseVote(await vote(app, pair, friend));
        }
        return super.votesOfCategoryAfter(categoryId, afterId, limit);
      }
    }
    // The read runs on the refit's thread (ADR 0029, stop 42); here it is run on this one, with
    // the votes' repository that lets the friend in.
    const { repos } = app.services.store;
    const input = await readRefitInput(
      {
        ratings: repos.ratings,
        references: repos.references,
        voters: repos.voters,
        votes: new VotesDuringRead(app.db),
      },
      category,
    );
    expect(fresh).toBeGreaterThan(0);
    const params = appParams(app);
    const outcome = computeRefit({
      ...input.job,
      params,
      now: app.clock.now(),
      timeZone: app.config.leaderboardTimeZone,
    });
    const photoIds = Array.from(input.job.photoIds);
    // μ and σ² are those of a fit of every vote, the friend's included, for both photos.
    const expected = await refitInProcess(app, category);
    for (const id of [fresh, opponent]) {
      const want = expected.photos.find((photo) => photo.id === id);
      const at = photoIds.indexOf(id);
      expect(want?.sigma2).toBeLessThan(params.priorVariance);
      expect([outcome.mu[at], outcome.sigma2[at]]).toEqual([want?.mu, want?.sigma2]);
    }
  });
});
