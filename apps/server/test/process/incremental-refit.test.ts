import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '../../src/domain/day.js';
import { FULL_REFIT_GROWTH, parseFitMark } from '../../src/domain/rating/fit-mark.js';
import { API, leaderboardSchema, pairSchema, type Leaderboard } from '@yanzhi/contract';
import { buildApp } from '../../src/app.js';
import {
  isProvisional,
  scoreOf,
  seededRng,
  shownMoved,
  SHOWN_MU_STEP,
  updateOnline,
  type RatingState,
} from '../../src/domain/rating/index.js';
import { readIncrementInput, writeIncrementOutcome } from '../../src/workers/increment-io.js';
import { computeIncrement } from '../../src/workers/increment-job.js';
import type { IncrementJob } from '../../src/workers/increment-job.js';
import { RefitThread } from '../../src/workers/refit-thread.js';
import { fitMarkKey } from '../../src/repositories/settings.repository.js';
import { createTestApp, TEST_HOST_SECRET, type TestApp } from '../support/app.js';
import { categoryIds, parseVote, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';
import {
  addRatedPhotos,
  addVoters,
  addVotes,
  appParams,
  besideHeldConnection,
  lastVoteId,
} from '../support/refit.js';

const COLUMNS = [
  'photos.id',
  'mu',
  'sigma2',
  'current_score',
  'provisional',
  'photo_fits.fit_mu',
  'photo_fits.fit_precision',
  'photo_fits.fit_evidence',
  'updated_at',
] as const;

/** A row's fit-state columns alone. */
const fitColumns = (row: {
  fit_mu: number | null;
  fit_precision: number | null;
  fit_evidence: number | null;
}) => ({ fit_mu: row.fit_mu, fit_precision: row.fit_precision, fit_evidence: row.fit_evidence });

/**
 * Issue 19 (ADR 0029), through the real refit service on each database: between full refits the
 * periodic refit fits only the votes since the last fit, on the photos they name; it writes
 * nothing without new votes, lands near where a full refit would, and gives way to a full refit
 * once the new votes are a tenth of the history or the last full refit is a day old.
 */
describe.each(dialects)('incremental refits on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let photos: number[] = [];
  let voters = 0;

  const rows = async () =>
    new Map(
      (
        await app.db
          .selectFrom('photos')
          .leftJoin('photo_fits', 'photo_fits.photo_id', 'photos.id')
          .select(COLUMNS)
          .where('category_id', '=', category)
          .orderBy('photos.id')
          .execute()
      ).map((row) => [row.id, row]),
    );
  const mark = async () =>
    parseFitMark(
      (
        await app.db
          .selectFrom('app_settings')
          .select('value')
          .where('key', '=', fitMarkKey(category))
          .executeTakeFirst()
      )?.value,
    );
  const newestVote = () => lastVoteId(app, category);
  /** New votes by new voters on `among`, each voter judging `perVoter` pairs. */
  const moreVotes = async (among: readonly number[], count: number, perVoter: number) => {
    const ids = await addVoters(app, `increment-${voters}`, count, seededRng(voters + 1));
    voters += count;
    await addVotes(app, category, among, ids, perVoter, voters);
  };
  /** New votes on `named`, and what the next increment reads and fits (the same pure fit). */
  const votedIncrement = async (named: readonly number[]) => {
    await moreVotes(named, 12, 3);
    const markBefore = await mark();
    if (markBefore === null) throw new Error('no mark');
    const params = appParams(app);
    const input = await readIncrementInput(
      app.services.store.repos,
      category,
      markBefore.through,
      params,
    );
    if (input === null) throw new Error('no new votes');
    return { markBefore, params, input, outcome: computeIncrement({ ...input.job, params }) };
  };
  const kinds = async () =>
    (await app.services.refit.refitPeriodic())?.find((summary) => summary.categoryId === category);

  beforeAll(async () => {
    app = await createTestApp(dialect);
    await app.services.demo.seed(2);
    [category = 0] = await categoryIds(app);
    photos = await addRatedPhotos(app, category, 60);
    await moreVotes(photos, 240, 12);
  });
  afterAll(() => app.close());

  it('starts with a full refit, which leaves every photo its fit state and the category its mark', async () => {
    expect((await kinds())?.kind).toBe('full');
    for (const row of (await rows()).values()) {
      expect(row.fit_mu).toBe(row.mu);
      expect(row.fit_evidence).toBeCloseTo(1 / row.sigma2, 9);
      expect(row.fit_precision).toBeGreaterThan(1);
    }
    expect(await mark()).toEqual({
      through: await newestVote(),
      fullAt: app.clock.now(),
      fullVotes: Number(
        (
          await app.db
            .selectFrom('votes')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('category_id', '=', category)
            .executeTakeFirstOrThrow()
        ).count,
      ),
      newVotes: 0,
    });
  });

  it('changes nothing when no vote came since', async () => {
    const before = await rows();
    const summary = await kinds();
    expect(summary).toMatchObject({ kind: 'incremental', votes: 0, photos: 0 });
    expect(await rows()).toEqual(before);
  });

  it('fits the new votes on the photos they name and leaves every other photo as it was', async () => {
    const before = await rows();
    const named = photos.slice(0, 12);
    app.clock.advance(60_000);
    await moreVotes(named, 20, 3);
    const summary = await kinds();
    expect(summary).toMatchObject({ kind: 'incremental', votes: 60 });
    const after = await rows();
    const [announced] = await app.services.store.repos.refitIncrements.after(category, 0);
    let moved = 0;
    for (const [id, row] of after) {
      const old = before.get(id);
      if (!named.includes(id)) {
        expect(row).toEqual(old);
        continue;
      }
      if (row.fit_mu !== old?.fit_mu) moved++;
      // The new votes add to what the fit knew.
      expect(row.fit_evidence).toBeGreaterThan(old?.fit_evidence ?? Infinity);
      expect(row.fit_precision).toBeGreaterThan(old?.fit_precision ?? Infinity);
      // These votes moved no row as they came (they were written straight into the table), so
      // ten votes a photo move every shown value by more than shownMoved's steps: each row is
      // written with its fit and announced.
      expect(row.mu).toBe(row.fit_mu);
      expect(announced?.photoIds).toContain(id);
      // Its entry in the index by time stays where it was: the increment announces its photos.
      expect(row.updated_at).toBe(old?.updated_at);
    }
    expect(moved).toBe(named.length);
    expect(summary?.written).toBe(named.length);
    expect(announced?.photoIds).toEqual([...named].sort((a, b) => a - b));
    expect(await mark()).toMatchObject({ through: await newestVote(), newVotes: 60 });
    // Today's score history has the new scores of the active ones.
    const active = await app.db
      .selectFrom('photos')
      .select('id')
      .where('id', 'in', named)
      .where('state', '=', 'active')
      .execute();
    expect(active.length).toBeGreaterThan(5);
    const day = await app.db
      .selectFrom('photo_score_days')
      .select(['photo_id', 'score'])
      .where('day', '=', dayKey(app.clock.now(), app.config.leaderboardTimeZone))
      .where('photo_id', 'in', named)
      .execute();
    expect(day.map((row) => row.photo_id).sort((a, b) => a - b)).toEqual(
      active.map((row) => row.id).sort((a, b) => a - b),
    );
    for (const { photo_id, score } of day) expect(score).toBe(after.get(photo_id)?.current_score);
  });

  it('writes only the rows whose shown values the fit moves, and every fit state', async () => {
    const named = photos.slice(12, 20);
    // What the increment will find (the same read and the same pure fit).
    const { markBefore, params, input, outcome } = await votedIncrement(named);
    const fitOf = (id: number) => {
      const at = Array.from(input.job.photoIds).indexOf(id);
      return { mu: outcome.mu[at] as number, sigma2: 1 / (outcome.evidence[at] as number) };
    };
    // As if the votes had moved the photos as they came (the vote route's online update): one
    // shows a belief within shownMoved's steps of the fit's, the other one well away from it.
    const [near = 0, far = 0] = named;
    const { index } = await app.services.arenaIndexes.get(category);
    const shownBefore = new Map<number, RatingState>([
      [near, { mu: fitOf(near).mu + 0.5 * SHOWN_MU_STEP, sigma2: fitOf(near).sigma2 }],
      [far, { mu: fitOf(far).mu + 0.4, sigma2: fitOf(far).sigma2 }],
    ]);
    for (const [id, belief] of shownBefore) {
      await app.db.updateTable('photos').set(belief).where('id', '=', id).execute();
      index.update(String(id), belief);
    }
    const before = await rows();

    const summary = await app.services.refit.increment(category, markBefore, 'test');
    const after = await rows();
    const announced = await app.services.store.repos.refitIncrements.after(category, 0);
    const listed = announced.at(-1)?.photoIds ?? [];
    // The near photo keeps what it shows; its fit state moved on all the same.
    expect(after.get(near)?.mu).toBe(shownBefore.get(near)?.mu);
    expect(after.get(near)?.current_score).toBe(before.get(near)?.current_score);
    expect(after.get(near)?.fit_mu).toBe(fitOf(near).mu);
    expect(after.get(near)?.fit_evidence).toBeGreaterThan(before.get(near)?.fit_evidence ?? 0);
    expect(listed).not.toContain(near);
    // The far one shows the fit.
    expect(after.get(far)?.mu).toBe(fitOf(far).mu);
    expect(after.get(far)?.fit_mu).toBe(fitOf(far).mu);
    expect(listed).toContain(far);
    // Every row written is listed; no row left alone shows what the fit would move.
    expect(summary.written).toBe(listed.length);
    const referenceMus = (await app.services.arenaIndexes.get(category)).referenceMus;
    for (const id of named) {
      const row = after.get(id);
      if (!row || row.fit_mu === null || row.fit_evidence === null) throw new Error('no fit');
      if (listed.includes(id)) {
        expect(row.mu).toBe(row.fit_mu);
        continue;
      }
      expect(row).toEqual(before.get(id) && { ...before.get(id), ...fitColumns(row) });
      const fitSigma2 = 1 / row.fit_evidence;
      expect(
        shownMoved(
          {
            mu: row.mu,
            sigma2: row.sigma2,
            score: scoreOf(row.mu, referenceMus, params),
            provisional: isProvisional(row.sigma2, params),
          },
          {
            mu: row.fit_mu,
            sigma2: fitSigma2,
            score: scoreOf(row.fit_mu, referenceMus, params),
            provisional: isProvisional(fitSigma2, params),
          },
        ),
      ).toBe(false);
    }
    expect(await mark()).toMatchObject({ through: await newestVote() });
  });

  it('commits its fit states with its mark: a crash before they are folded loses nothing and counts nothing twice', async () => {
    const named = photos.slice(20, 28);
    const { markBefore, params, input, outcome } = await votedIncrement(named);
    const before = await rows();
    // The increment's write, and then the process dies: nothing folded its fit states.
    const { index, referenceMus } = await app.services.arenaIndexes.get(category);
    const { recorded } = await writeIncrementOutcome(app.services.store, {
      categoryId: category,
      mark: markBefore,
      votes: input.votes,
      photoIds: input.job.photoIds,
      recordedDay: input.recordedDay,
      recordedScore: input.recordedScore,
      shown: { belief: (id) => index.get(String(id)), referenceMus },
      outcome,
      lastVoteId: input.lastVoteId,
      params,
      timeZone: app.config.leaderboardTimeZone,
      now: app.clock.now(),
    });
    expect(recorded).toBeGreaterThan(0);
    expect(await mark()).toMatchObject({ through: await newestVote() });
    const pending = await app.services.store.repos.ratings.pendingFitDeltas(category);
    expect(pending).toHaveLength(1);
    const unfolded = await rows();
    for (const id of named) {
      const was = before.get(id);
      if (!was) throw new Error('no row');
      // Rows may have been rewritten; the fit states are as the last fit left them.
      expect(unfolded.get(id)).toMatchObject(fitColumns(was));
    }

    // The next periodic refit, with no vote since: it fits nothing again, and folds them.
    const summary = await kinds();
    expect(summary).toMatchObject({ kind: 'incremental', votes: 0 });
    expect(await app.services.store.repos.ratings.pendingFitDeltas(category)).toEqual([]);
    const after = await rows();
    const ids = Array.from(input.job.photoIds);
    for (const id of named) {
      const at = ids.indexOf(id);
      expect(after.get(id)).toMatchObject({
        fit_mu: outcome.mu[at],
        fit_precision: outcome.precision[at],
        fit_evidence: outcome.evidence[at],
      });
    }
    // Today's scores reached the photos' history.
    const today = dayKey(app.clock.now(), app.config.leaderboardTimeZone);
    const history = await app.db
      .selectFrom('photo_score_days')
      .select(['photo_id', 'score'])
      .where('day', '=', today)
      .where('photo_id', 'in', named)
      .execute();
    expect(history.length).toBeGreaterThan(0);
    const listed = (await app.services.store.repos.refitIncrements.after(category, 0)).at(-1);
    for (const point of history) {
      // A row the increment wrote shows its score; one left alone is within a step of the fit's.
      expect(point.score).toBe(
        listed?.photoIds.includes(point.photo_id)
          ? after.get(point.photo_id)?.current_score
          : outcome.score[ids.indexOf(point.photo_id)],
      );
    }
  });

  it('keeps a vote cast while the increment fits, and fits it at the next one', async () => {
    const named = photos.slice(40, 52);
    await moreVotes(named, 10, 3);
    const before = await rows();
    const [invited = 0] = (
      await app.db
        .selectFrom('photos')
        .select('id')
        .where('id', 'in', named)
        .where('state', '=', 'active')
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    // Its votes since the last fit moved it far (as if many had come online): the fit moves it
    // back, so the increment writes its row, with the vote below replayed.
    const pushed = { mu: (before.get(invited)?.mu ?? 0) + 0.5 };
    await app.db.updateTable('photos').set(pushed).where('id', '=', invited).execute();
    (await app.services.arenaIndexes.get(category)).index.update(String(invited), pushed);
    const fitted = new Map<number, RatingState>();
    const during: { winner: number; loser: number }[] = [];
    const voter = `increment-during-${dialect}`;
    // The vote comes after the increment read the votes, before it writes.
    const thread = new (class extends RefitThread {
      override async runIncrement(job: IncrementJob) {
        const ids = Array.from(job.photoIds);
        const outcome = await super.runIncrement(job);
        ids.forEach((id, index) =>
          fitted.set(id, {
            mu: outcome.mu[index] as number,
            sigma2: 1 / (outcome.evidence[index] as number),
          }),
        );
        const served = await app.call('get_random_photos_for_rating', {
          category_id: category,
          anonymous_id: voter,
          with_photo_id: invited,
        });
        const answer = parseVote(await vote(app, pairSchema.parse(served.data), voter));
        during.push({ winner: answer.winner.id, loser: answer.loser.id });
        return outcome;
      }
    })({ reader: app.reader });
    const markBefore = await mark();
    if (markBefore === null) throw new Error('no mark');
    const summary = await app.services.refit.increment(category, markBefore, 'test', thread);
    await thread.close();
    expect(summary.votes).toBe(30);
    expect(during).toHaveLength(1);
    const { winner = 0, loser = 0 } = during[0] ?? {};
    expect(fitted.has(invited)).toBe(true);
    // The increment wrote its fit with the vote replayed on it; a photo it did not name plays
    // with the belief its last fit left.
    const { weight } = await app.db
      .selectFrom('votes')
      .select('weight')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const belief = (id: number): RatingState => {
      const state = fitted.get(id);
      if (state) return state;
      const row = before.get(id);
      return { mu: row?.fit_mu ?? Number.NaN, sigma2: 1 / (row?.fit_evidence ?? Number.NaN) };
    };
    const expected = updateOnline(belief(winner), belief(loser), weight, appParams(app));
    const after = await rows();
    const shown = after.get(invited);
    expect(shown?.mu).toBe(invited === winner ? expected.winner.mu : expected.loser.mu);
    expect(shown?.fit_mu).toBe(fitted.get(invited)?.mu);
    expect(shown?.mu).not.toBe(shown?.fit_mu);
    // The vote is after the mark: the next increment fits it.
    const next = await kinds();
    expect(next).toMatchObject({ kind: 'incremental', votes: 1 });
    expect((await rows()).get(invited)?.fit_mu).not.toBe(shown?.fit_mu);
    expect((await mark())?.through).toBe(await newestVote());
  });

  it('lands nearer the full refit of every vote than the fit before it', async () => {
    const named = photos.slice(20, 40);
    const before = await rows();
    await moreVotes(named, 40, 3);
    expect((await kinds())?.kind).toBe('incremental');
    const incremental = await rows();
    await app.services.refit.refitAll();
    const full = await rows();
    let stale = 0;
    let missed = 0;
    for (const id of named) {
      const target = full.get(id)?.current_score ?? 0;
      stale += Math.abs((before.get(id)?.current_score ?? 0) - target);
      missed += Math.abs((incremental.get(id)?.current_score ?? 0) - target);
    }
    expect(stale).toBeGreaterThan(0);
    // Here about 0.55: the new voters (three votes each, a fifth of them voting against what they
    // see) are weighed by the full refit from their votes, by the increment at the prior's trust.
    expect(missed).toBeLessThan(0.7 * stale);
  });

  it('gives way to a full refit once the new votes reach a tenth of the last full one', async () => {
    const fullVotes = (await mark())?.fullVotes ?? 0;
    const needed = Math.ceil((FULL_REFIT_GROWTH * fullVotes) / 3);
    await moreVotes(photos, needed, 3);
    expect((await kinds())?.kind).toBe('incremental');
    expect((await mark())?.newVotes).toBeGreaterThanOrEqual(FULL_REFIT_GROWTH * fullVotes);
    expect((await kinds())?.kind).toBe('full');
    expect(await mark()).toMatchObject({ newVotes: 0, fullVotes: fullVotes + needed * 3 });
    // The full refit's stamp reloads every process: the increments before it are dropped.
    expect(await app.services.store.repos.refitIncrements.after(category, 0)).toEqual([]);
  });

  it('gives way to a full refit a day after the last', async () => {
    await moreVotes(photos, 5, 3);
    app.clock.advance(23 * 3_600_000);
    expect((await kinds())?.kind).toBe('incremental');
    app.clock.advance(3_600_000);
    expect((await kinds())?.kind).toBe('full');
  });

  it("reaches another process's pairing index and boards without a reload of the category", async () => {
    const other = await buildApp({
      config: app.config,
      db: app.db,
      reader: app.reader,
      durable: app.durable,
      clock: app.clock,
      hostTokenSecret: TEST_HOST_SECRET,
      logStream: { write: () => undefined },
    });
    try {
      const readBoard = async () => {
        const response = await other.server.inject({
          method: 'POST',
          url: API.get_leaderboard.path,
          payload: { category_id: category, period_type: 'all' },
        });
        const body = response.json<{ code: number; msg: string; data: unknown }>();
        expect(body.code, body.msg).toBe(0);
        return leaderboardSchema.parse(body.data);
      };
      const index = async () => (await other.services.arenaIndexes.current(category)).index;
      const loaded = await index();
      const boardBefore = await readBoard();
      // New votes on photos of the board; nothing but the increment moves their rows.
      const named = boardBefore.items.slice(0, 12).map((item) => item.id);
      expect(named.length).toBe(12);
      await moreVotes(named, 20, 3);
      expect((await kinds())?.kind).toBe('incremental');
      const written = await rows();
      app.clock.advance(60_000);
      const scores = (answer: Leaderboard) =>
        new Map(answer.items.map((item) => [item.id, item.current_score]));
      for (let attempt = 0; ; attempt++) {
        const state = await index();
        const board = scores(await readBoard());
        const current = named.every(
          (id) =>
            state.get(String(id))?.mu === written.get(id)?.mu &&
            board.get(id) === written.get(id)?.current_score,
        );
        if (current) break;
        expect(attempt).toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The scores did move (a photo whose fit stayed within shownMoved's steps of what it
      // showed keeps its row, and is not listed), and the index was updated in place.
      const before = scores(boardBefore);
      const listed = (await app.services.store.repos.refitIncrements.after(category, 0)).at(
        -1,
      )?.photoIds;
      const moved = named.filter((id) => before.get(id) !== written.get(id)?.current_score);
      expect(moved.length).toBeGreaterThanOrEqual(named.length - 2);
      for (const id of moved) expect(listed).toContain(id);
      expect(await index()).toBe(loaded);
    } finally {
      await other.server.close();
    }
  });

  it("reads its input on the refit thread's own connection, beside a request's transaction", async () => {
    await moreVotes(photos.slice(0, 20), 12, 3);
    const markBefore = await mark();
    if (markBefore === null) throw new Error('no mark');
    const params = appParams(app);
    // The thread's connection sees committed rows only: the refit settles its writes first.
    await app.services.store.settle();
    const here = await readIncrementInput(
      app.services.store.repos,
      category,
      markBefore.through,
      params,
    );
    const thread = new RefitThread({ reader: app.reader });
    try {
      const read = await besideHeldConnection(
        app,
        () => thread.readIncrement(category, markBefore.through, params),
        5_000,
      );
      expect(read).toEqual(here);
      expect(here?.votes).toBe(36);
    } finally {
      await thread.close();
    }
  });
});
