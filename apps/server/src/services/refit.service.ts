import { randomUUID } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import { dayKey } from '../domain/day.js';
import type { RatingParams } from '../domain/rating/index.js';
import type { Metrics } from '../lib/metrics.js';
import { phaseTimer } from '../lib/phase-timer.js';
import type { Store } from '../repositories/store.js';
import type { DatabaseAddress } from '../repositories/read-connection.js';
import { RefitThread, type RefitThreadOptions } from '../workers/refit-thread.js';
import type { ArenaIndexes } from '../indexes/arena-indexes.js';
import { writeRefitOutcome } from '../workers/refit-output.js';
import { writeIncrementOutcome } from '../workers/increment-io.js';
import { foldFitDelta, foldFitDeltas } from '../workers/fit-delta.js';
import type { CategoryRow } from '../db/schema.js';
import { fitMarkKey } from '../repositories/settings.repository.js';
import { fullRefitDue, parseFitMark, type FitMark } from '../domain/rating/fit-mark.js';

/** The lease that lets one process at a time run the batch refit. */
export const REFIT_LEASE = 'lease:refit';
/** A holder that has not renewed its lease for this long is presumed dead. */
const LEASE_MS = 15 * 60_000;

export interface RefitSummary {
  categoryId: number;
  /** A full refit over every vote, or an incremental one over the votes since the last fit. */
  kind: 'full' | 'incremental';
  photos: number;
  votes: number;
  /**
   * An incremental refit's photos whose rows it wrote: those whose shown values the fit moved
   * (ADR 0029); a full refit writes every photo's.
   */
  written?: number;
  /** An incremental refit's scores recorded in the photos' history (today's moved ones). */
  recorded?: number;
  /**
   * An incremental refit's milliseconds until its results were committed: its rows, its list for
   * every process, its mark and its fit states (packed, fit-delta.ts). Folding the fit states into
   * their table follows (phase `fold`), within `durationMs`.
   */
  committedMs?: number;
  converged: boolean;
  durationMs: number;
  /** Milliseconds spent in each phase, in the order they ran (logs, bench:refit). */
  phases: Record<string, number>;
}

export interface RefitServiceOptions {
  /** This process's name on the refit lease (default: a random one). */
  instance?: string;
  /** How the fit's worker thread is started (tests limit its memory to make it fail). */
  thread?: RefitThreadOptions;
  /** The periodic refit is a full one when the last full one is this old (ADR 0029). */
  fullEveryMs?: number;
  /** Where the worker thread reads a refit's input (DatabaseHandle.address). */
  reader: DatabaseAddress;
}

/**
 * The periodic batch refit (DESIGN §5): the MAP fit over all of a category's votes with voter
 * reliability weights is the source of truth for μ, σ², the display score and provisional state.
 */
export class RefitService {
  constructor(
    private readonly store: Store<
      | 'categories'
      | 'ratings'
      | 'references'
      | 'refitIncrements'
      | 'scoreDays'
      | 'settings'
      | 'voters'
      | 'votes'
    >,
    private readonly indexes: ArenaIndexes,
    private readonly clock: Clock,
    private readonly params: RatingParams,
    private readonly timeZone: string,
    private readonly metrics: Metrics,
    options: RefitServiceOptions,
  ) {
    this.instance = options.instance ?? randomUUID();
    this.thread = { ...options.thread, reader: options.reader };
    this.fullEveryMs = options.fullEveryMs ?? 24 * 3_600_000;
  }

  private readonly instance: string;
  private readonly thread: RefitThreadOptions;
  private readonly fullEveryMs: number;

  /**
   * Refits every category in full, unless another process (another instance, the admin CLI) is
   * refitting: then nothing is done and null is answered. The lease is renewed per category.
   */
  refitAll(): Promise<RefitSummary[] | null> {
    return this.eachCategory((category, thread) => this.refit(category.id, category.slug, thread));
  }

  /**
   * The periodic refit (ADR 0029): per category, an incremental refit of the votes since the
   * last fit, or a full one when the category has had none, or its last saw a tenth fewer votes
   * than there are now, or is `fullEveryMs` old (domain/rating/fit-mark.ts). Null when another
   * process is refitting.
   */
  refitPeriodic(): Promise<RefitSummary[] | null> {
    return this.eachCategory(async (category, thread) => {
      const mark = parseFitMark(await this.store.repos.settings.get(fitMarkKey(category.id)));
      if (mark === null || fullRefitDue(mark, this.clock.now(), this.fullEveryMs)) {
        return this.refit(category.id, category.slug, thread);
      }
      return this.increment(category.id, mark, category.slug, thread);
    });
  }

  private async eachCategory(
    refit: (category: CategoryRow, thread: RefitThread) => Promise<RefitSummary>,
  ): Promise<RefitSummary[] | null> {
    const { settings } = this.store.repos;
    const lease = () => settings.tryLease(REFIT_LEASE, this.instance, this.clock.now(), LEASE_MS);
    if (!(await lease())) return null;
    const thread = new RefitThread(this.thread);
    try {
      const summaries: RefitSummary[] = [];
      for (const category of await this.store.repos.categories.listAll()) {
        if (!(await lease())) break;
        summaries.push(await refit(category, thread));
      }
      return summaries;
    } finally {
      await thread.close();
      await settings.releaseLease(REFIT_LEASE, this.instance, this.clock.now());
    }
  }

  /**
   * The incremental refit of one category (ADR 0029): the votes after the mark's, fitted on the
   * beliefs the last fit left to the photos they name; nothing is written without new votes.
   */
  increment(
    categoryId: number,
    mark: FitMark,
    label = String(categoryId),
    thread?: RefitThread,
  ): Promise<RefitSummary> {
    return this.measured(label, thread, (on) => this.fitIncrement(categoryId, mark, on));
  }

  private async fitIncrement(
    categoryId: number,
    mark: FitMark,
    thread: RefitThread,
  ): Promise<RefitSummary> {
    const started = performance.now();
    const { phases, lap } = phaseTimer();
    // A crash may have left the last increment's fit states unfolded: they come first, and
    // reach the disk's committed state, which alone the thread's connection reads.
    await foldFitDeltas(this.store, categoryId);
    await this.store.settle();
    lap('unfolded');
    const input = await thread.readIncrement(categoryId, mark.through, this.params);
    lap('read');
    const summary: RefitSummary = {
      categoryId,
      kind: 'incremental',
      photos: input?.job.photoIds.length ?? 0,
      votes: input?.votes ?? 0,
      converged: true,
      durationMs: 0,
      phases,
    };
    if (input !== null) {
      const { photoIds } = input.job;
      const outcome = await thread.runIncrement({ ...input.job, params: this.params });
      lap('fit');
      // What the photos show now, other processes' votes included (the write is in no
      // transaction here): only the rows the fit moved are written.
      const { index, referenceMus } = await this.indexes.current(categoryId);
      const { written, recorded, pending } = await writeIncrementOutcome(this.store, {
        categoryId,
        mark,
        votes: input.votes,
        photoIds,
        recordedDay: input.recordedDay,
        recordedScore: input.recordedScore,
        shown: { belief: (id) => index.get(String(id)), referenceMus },
        outcome,
        lastVoteId: input.lastVoteId,
        params: this.params,
        timeZone: this.timeZone,
        now: this.clock.now(),
        lap,
      });
      lap('commit');
      summary.committedMs = Math.round(performance.now() - started);
      await foldFitDelta(this.store, pending);
      lap('fold');
      summary.written = written;
      summary.recorded = recorded;
      summary.converged = outcome.converged;
    }
    summary.durationMs = Math.round(performance.now() - started);
    return summary;
  }

  /**
   * `label` names the category in the metrics (refitAll passes its slug); `thread` is the worker
   * to fit on (refitAll shares one between its categories; by default one is started and closed).
   */
  refit(
    categoryId: number,
    label = String(categoryId),
    thread?: RefitThread,
  ): Promise<RefitSummary> {
    return this.measured(label, thread, (on) => this.fit(categoryId, on));
  }

  /**
   * Runs one category's refit on `thread`, or on a thread of its own closed after it, and counts
   * it in the metrics as finished (with its duration) or failed.
   */
  private async measured(
    label: string,
    thread: RefitThread | undefined,
    run: (thread: RefitThread) => Promise<RefitSummary>,
  ): Promise<RefitSummary> {
    const own = thread ? null : new RefitThread(this.thread);
    try {
      const summary = await run(thread ?? (own as RefitThread));
      this.metrics.refitFinished(label, summary.durationMs / 1000, this.clock.now());
      return summary;
    } catch (error) {
      this.metrics.refitFailed(label);
      throw error;
    } finally {
      await own?.close();
    }
  }

  private async fit(categoryId: number, thread: RefitThread): Promise<RefitSummary> {
    const started = performance.now();
    const { phases, lap, laps } = phaseTimer();
    // An increment's unfolded fit states (a crash) must not land on this refit's after it, and
    // the thread's connection reads committed rows only.
    await foldFitDeltas(this.store, categoryId);
    await this.store.settle();
    lap('unfolded');
    const now = this.clock.now();
    // Read and fitted on the thread (ADR 0029, stop 42): only the results come back.
    const fitted = await thread.readAndRun(categoryId, {
      params: this.params,
      now,
      timeZone: this.timeZone,
    });
    laps(fitted.phases);
    const { photoIds, active, outcome, votes } = fitted;
    const stamp = `${now}:${randomUUID()}`;
    const index = await this.indexes.beginRefit(categoryId);
    try {
      await writeRefitOutcome(this.store, {
        categoryId,
        job: { photoIds, active },
        outcome,
        voterIds: fitted.voterIds,
        lastVoteId: fitted.lastVoteId,
        votes,
        params: this.params,
        day: dayKey(now, this.timeZone),
        stamp,
        now,
        onPhotoRows: (rows) => {
          index.apply(rows);
        },
      });
    } catch (error) {
      index.abandon();
      throw error;
    }
    lap('write');
    await index.finish(outcome.referenceMus, stamp);
    lap('index');
    return {
      categoryId,
      kind: 'full',
      photos: photoIds.length,
      votes,
      converged: outcome.converged,
      durationMs: Math.round(performance.now() - started),
      phases,
    };
  }
}
