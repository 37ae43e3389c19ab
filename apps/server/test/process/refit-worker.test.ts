import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingParams, seededRng } from '../../src/domain/rating/index.js';
import { Metrics } from '../../src/lib/metrics.js';
import { CategoryRepository } from '../../src/repositories/category.repository.js';
import { RefitService, REFIT_LEASE, type RefitSummary } from '../../src/services/refit.service.js';
import type { IncrementJob } from '../../src/workers/increment-job.js';
import { RefitThread, type FullRefitSettings } from '../../src/workers/refit-thread.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds, servePair, vote } from '../support/arena.js';
import { dialects, makeTempDir } from '../support/database.js';
import {
  addRatedPhotos,
  addVoters,
  addVotes,
  appParams,
  besideHeldConnection,
  refitInProcess,
  storedRefit,
} from '../support/refit.js';

/**
 * The refit on its worker thread (ADR 0017): the same results as the fit run in this thread, a
 * failing worker that changes nothing and takes nothing down, and requests answered while a
 * large refit runs.
 */
const run = promisify(execFile);

describe.each(dialects)('the refit on a worker thread on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let voters: number[] = [];

  beforeAll(async () => {
    app = await createTestApp(dialect);
    await app.services.demo.seed(2);
    [category = 0] = await categoryIds(app);
    const photos = await addRatedPhotos(app, category, 80);
    const rng = seededRng(17);
    voters = await addVoters(app, 'worker', 400, rng);
    await addVotes(app, category, photos, voters, 12, 1);
    // A first refit chooses the reference set and the voters' weights the next one starts from.
    await app.services.refit.refitAll();
    const late = await addVoters(app, 'worker-late', 150, rng);
    await addVotes(app, category, photos, late, 6, 2);
    voters.push(...late);
  });
  afterAll(() => app.close());

  it('stores the μ, σ², scores, ranks, reference set and voter weights of the in-process fit', async () => {
    const expected = await refitInProcess(app, category);
    const loaded = await app.services.arenaIndexes.get(category);
    const summaries = await app.services.refit.refitAll();
    expect(summaries?.find((summary) => summary.categoryId === category)?.converged).toBe(true);
    const stored = await storedRefit(app, category, voters);

    expect(stored.photos).toEqual(expected.photos);
    expect(stored.daily).toEqual(expected.daily);
    expect(stored.references).toEqual([...expected.references].sort((a, b) => a - b));
    // The test's voters vote in this category only (the demo voters' last weights come from the
    // category refitted last).
    const own = new Set(voters);
    expect(stored.voters.filter((voter) => own.has(voter.id))).toEqual(
      expected.voters.filter((voter) => own.has(voter.id)).sort((a, b) => a.id - b.id),
    );
    // The data exercises what it should: established photos on all three boards, voters whose
    // weight fell to nothing, a reference set.
    expect(expected.daily.filter((row) => row.rank_week !== null).length).toBeGreaterThan(0);
    expect(expected.daily.some((row) => row.rank_month === null && row.rank_all !== null)).toBe(
      true,
    );
    expect(expected.voters.some((voter) => voter.refit_weight === 0)).toBe(true);
    expect(expected.references.length).toBeGreaterThan(0);

    // The pairing index this process had took the refit's values in place.
    const { index, referenceMus } = await app.services.arenaIndexes.get(category);
    expect(index).toBe(loaded.index);
    for (const row of expected.photos) {
      const entry = index.get(String(row.id));
      if (entry) expect([entry.mu, entry.sigma2]).toEqual([row.mu, row.sigma2]);
    }
    expect(index.size).toBe(expected.daily.length);
    expect(referenceMus).toHaveLength(expected.references.length);
  });

  it.each([
    ['throws', { priorVariance: 0 }, {}],
    ['runs out of memory', {}, { resourceLimits: { maxOldGenerationSizeMb: 4 } }],
  ])(
    'counts a worker that %s as a failed refit, changes nothing and frees the lease',
    async (_, paramsPatch, thread) => {
      const before = await storedRefit(app, category, voters);
      const metrics = new Metrics();
      const failing = new RefitService(
        app.services.store,
        app.services.arenaIndexes,
        app.clock,
        { ...appParams(app), ...paramsPatch },
        app.config.leaderboardTimeZone,
        metrics,
        { instance: 'failing-instance', thread, reader: app.reader },
      );
      await expect(failing.refitAll()).rejects.toThrow();
      const [first] = await new CategoryRepository(app.db).listAll();
      expect(metrics.refitFailures.get({ category: first?.slug ?? '' })).toBe(1);
      expect(await storedRefit(app, category, voters)).toEqual(before);
      const lease = await app.db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', REFIT_LEASE)
        .executeTakeFirst();
      expect(lease?.value).toBe('');
      // The server goes on answering.
      const categories = await app.call('get_categories');
      expect(categories.code).toBe(0);
    },
  );

  it("reads and fits on its thread's own connection, beside a request's transaction", async () => {
    // The thread's connection sees committed rows only: the refit settles its writes first.
    await app.services.store.settle();
    const expected = await refitInProcess(app, category);
    const thread = new RefitThread({ reader: app.reader });
    try {
      const result = await besideHeldConnection(
        app,
        () =>
          thread.readAndRun(category, {
            params: appParams(app),
            now: app.clock.now(),
            timeZone: app.config.leaderboardTimeZone,
          }),
        10_000,
      );
      if (result === 'timed out') throw new Error('the thread waited for the request');
      expect(result.votes).toBeGreaterThan(0);
      const photoIds = Array.from(result.photoIds);
      for (const photo of expected.photos) {
        const at = photoIds.indexOf(photo.id);
        expect([result.outcome.mu[at], result.outcome.sigma2[at]]).toEqual([
          photo.mu,
          photo.sigma2,
        ]);
      }
    } finally {
      await thread.close();
    }
  });

  it('answers pair requests and votes while a large fit runs on its thread', async () => {
    const [, big = 0] = await categoryIds(app);
    const photos = await addRatedPhotos(app, big, 400);
    const crowd = await addVoters(app, 'crowd', 2000, seededRng(5));
    await addVotes(app, big, photos, crowd, 150, 3);

    // Requests start once the fit is under way on its thread, and are answered before it ends.
    const finished: string[] = [];
    let fitStarted: () => void = () => undefined;
    const fitting = new Promise<void>((resolve) => (fitStarted = resolve));
    const thread = new (class extends RefitThread {
      override async readAndRun(categoryId: number, settings: FullRefitSettings) {
        fitStarted();
        try {
          return await super.readAndRun(categoryId, settings);
        } finally {
          finished.push('fit');
        }
      }
    })({ reader: app.reader });
    try {
      const refit = app.services.refit.refit(big, 'big', thread);
      await fitting;
      for (let round = 0; round < 3; round += 1) {
        const pair = await servePair(app, big, `during-refit-${round}`);
        const answer = await vote(app, pair, `during-refit-${round}`);
        expect(answer.code, answer.msg).toBe(0);
        finished.push(`vote ${round}`);
      }
      const summary = await refit;
      expect(finished).toEqual(['vote 0', 'vote 1', 'vote 2', 'fit']);
      expect(summary.votes).toBeGreaterThan(290_000);
    } finally {
      await thread.close();
    }
  });
});

/** The bundles `npm start` and the admin CLI run (build.mjs) find the worker next to them. */
describe('the refit of the bundled server', () => {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  // Inside the package, so the bundle's npm dependencies resolve from node_modules; dist/ is
  // ignored by git.
  const outdir = path.join(serverDir, 'dist', `test-${randomBytes(4).toString('hex')}`);
  const dataDir = makeTempDir();
  afterAll(() => {
    fs.rmSync(outdir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('fits on the worker bundled next to the CLI', async () => {
    await run(process.execPath, ['build.mjs', '--outdir', outdir], { cwd: serverDir });
    expect(fs.existsSync(path.join(outdir, 'refit.worker.js'))).toBe(true);
    const cli = (...args: string[]) =>
      run(process.execPath, [path.join(outdir, 'cli.js'), ...args], {
        cwd: serverDir,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          DEMO_PHOTOS_PER_CATEGORY: '4',
        },
      });
    await cli('demo', 'seed');
    const { stdout } = await cli('arena', 'refit');
    const summaries = JSON.parse(stdout) as RefitSummary[];
    expect(summaries.length).toBeGreaterThan(0);
    for (const summary of summaries) {
      expect(summary.votes).toBeGreaterThan(0);
      expect(summary.converged).toBe(true);
    }
  }, 120_000);
});

describe('a refit thread', () => {
  // An increment of three photos at the prior: 1 beats 2, 2 beats 3, 1 beats 3.
  const job = (fitMus = 3): IncrementJob => ({
    photoIds: Float64Array.from([1, 2, 3]),
    mu: new Float64Array(fitMus),
    precision: new Float64Array(3).fill(1),
    evidence: new Float64Array(3).fill(1),
    winner: Int32Array.from([0, 1, 0]),
    loser: Int32Array.from([1, 2, 2]),
    weight: Float64Array.from([1, 1, 1]),
    voter: Int32Array.from([0, 0, 1]),
    voterTrust: Float64Array.from([Number.NaN, Number.NaN]),
    referenceIds: new Float64Array(0),
    referenceMus: new Float64Array(0),
    params: ratingParams(),
  });

  it('answers the next job after one failed, and fails a job sent twice instead of hanging', async () => {
    const thread = new RefitThread();
    try {
      // Two μ for three photos: the job throws on the thread.
      await expect(thread.runIncrement(job(2))).rejects.toThrow(/differ in length/);
      const sent = job();
      const outcome = await thread.runIncrement(sent);
      expect(outcome.mu[0]).toBeGreaterThan(outcome.mu[2] ?? 0);
      // The vote columns went to the thread rather than being copied.
      expect(sent.winner.length).toBe(0);
      await expect(thread.runIncrement(sent)).rejects.toThrow(/detached/);
    } finally {
      await thread.close();
    }
  });
});
