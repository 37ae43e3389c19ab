import type { CallRequest, SubmitRatingResponse } from '@yanzhi/contract';
import { ApiError } from '../../lib/api-client';

/**
 * Votes on their way to the server. Every vote is written down before it is sent, so a dropped
 * connection, a lost answer or a reload never loses it, and sent again with the same pair id: the
 * server counts a served pair once (ADR 0006), so a vote that did arrive is answered "already
 * recorded", never counted twice (ADR 0015). Votes leave one at a time, oldest first.
 */

export type VoteRequest = CallRequest<'submit_photo_rating'>;

export interface QueuedVote {
  /** The idempotency key: the served pair's id. */
  key: string;
  request: VoteRequest;
  queuedAt: number;
  /** Requests made so far (each one may or may not have reached the server). */
  attempts: number;
}

export type VoteOutcome =
  | { kind: 'sent'; result: SubmitRatingResponse }
  | { kind: 'refused'; error: ApiError }
  /** Not sent yet (offline, or the network failed): it stays queued and goes out later. */
  | { kind: 'queued' };

export interface SettledVote {
  vote: QueuedVote;
  outcome: Exclude<VoteOutcome, { kind: 'queued' }>;
  /** True when the vote had been reported as queued (or came from a previous visit). */
  deferred: boolean;
}

export interface OutboxSnapshot {
  /** Votes written down and not yet answered by the server. */
  pending: number;
  /** When the next attempt after a failure is due; null when none is scheduled. */
  retryAt: number | null;
}

/** Where the queue lives between visits. Each call reads or writes the whole list. */
export interface OutboxStorage {
  load: () => QueuedVote[];
  save: (votes: readonly QueuedVote[]) => void;
}

export interface VoteOutboxOptions {
  send: (request: VoteRequest) => Promise<SubmitRatingResponse>;
  storage: OutboxStorage;
  isOnline: () => boolean;
  now?: () => number;
  /** The wait before attempt n + 1 after n failures in a row. */
  backoffMs?: (failures: number) => number;
}

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

export function defaultBackoffMs(failures: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
}

/**
 * A refusal is the server's final word on this vote (the pair expired, was judged otherwise,
 * was never served to this voter, a bad token): sending it again cannot change it. Transport
 * failures, server faults (5xx) and rate limits (429) are worth another try, since a repeat is
 * harmless.
 */
export function isRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  const status = Math.floor(error.code / 100);
  return status >= 400 && status < 500 && status !== 429;
}

export const EMPTY_OUTBOX: OutboxSnapshot = Object.freeze({ pending: 0, retryAt: null });

export class VoteOutbox {
  private readonly waiters = new Map<string, (outcome: VoteOutcome) => void>();
  private readonly listeners = new Set<() => void>();
  private readonly settleListeners = new Set<(settled: SettledVote) => void>();
  private flushing: Promise<void> | null = null;
  /** A flush was asked for while one was ending: run again so a late vote is not left behind. */
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryAt: number | null = null;
  private stopped = false;
  private current: OutboxSnapshot = EMPTY_OUTBOX;
  private readonly now: () => number;
  private readonly backoffMs: (failures: number) => number;

  constructor(private readonly options: VoteOutboxOptions) {
    this.now = options.now ?? Date.now;
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
    this.refresh();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Every vote the server has answered, whoever sent it (reconciles fuel and statistics). */
  onSettle(listener: (settled: SettledVote) => void): () => void {
    this.settleListeners.add(listener);
    return () => {
      this.settleListeners.delete(listener);
    };
  }

  snapshot = (): OutboxSnapshot => this.current;

  pending(): QueuedVote[] {
    return this.options.storage.load();
  }

  /**
   * Writes the vote down, then sends it behind any older ones. Resolves with the server's answer,
   * or with 'queued' as soon as it is clear the vote cannot go out now. A pair already queued is
   * not queued twice.
   */
  submit(request: VoteRequest): Promise<VoteOutcome> {
    const key = request.pair_id;
    if (!key) return Promise.reject(new Error('a queued vote needs its pair_id'));
    const votes = this.options.storage.load();
    if (votes.some((vote) => vote.key === key)) return Promise.resolve({ kind: 'queued' });
    this.options.storage.save([...votes, { key, request, queuedAt: this.now(), attempts: 0 }]);
    this.refresh();
    const outcome = new Promise<VoteOutcome>((resolve) => {
      this.waiters.set(key, resolve);
    });
    // Offline or backing off after a failure: it goes out with the others, later.
    if (this.stopped || !this.options.isOnline() || this.retryTimer !== undefined) {
      this.deferWaiters();
    } else {
      void this.flush();
    }
    return outcome;
  }

  /** Sends what is queued, oldest first; one flush at a time. Resolves when it stops. */
  flush(): Promise<void> {
    if (this.flushing !== null) {
      this.again = true;
      return this.flushing;
    }
    this.cancelRetry();
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
      if (this.again) {
        this.again = false;
        if (this.retryTimer === undefined) void this.flush();
        else this.deferWaiters();
      }
    });
    return this.flushing;
  }

  /** The connection is back: no reason to wait out the backoff. */
  resume(): Promise<void> {
    this.stopped = false;
    this.failures = 0;
    return this.flush();
  }

  /** Stops retrying (the app unmounts); queued votes stay stored for the next start. */
  stop(): void {
    this.stopped = true;
    this.cancelRetry();
    this.deferWaiters();
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped || !this.options.isOnline()) {
        this.deferWaiters();
        return;
      }
      const head = this.options.storage.load()[0];
      if (head === undefined) return;
      this.update(head.key, { attempts: head.attempts + 1 });
      let outcome: SettledVote['outcome'];
      try {
        outcome = { kind: 'sent', result: await this.options.send(head.request) };
      } catch (error) {
        if (!isRefusal(error)) {
          this.failures += 1;
          this.deferWaiters();
          this.scheduleRetry();
          return;
        }
        outcome = { kind: 'refused', error };
      }
      this.failures = 0;
      this.settle({ ...head, attempts: head.attempts + 1 }, outcome);
    }
  }

  private settle(vote: QueuedVote, outcome: SettledVote['outcome']): void {
    this.options.storage.save(this.options.storage.load().filter((item) => item.key !== vote.key));
    const waiter = this.waiters.get(vote.key);
    this.waiters.delete(vote.key);
    // Statistics first, then the count: the optimistic total never dips in between.
    for (const listener of this.settleListeners) listener({ vote, outcome, deferred: !waiter });
    this.refresh();
    waiter?.(outcome);
  }

  private update(key: string, change: Pick<QueuedVote, 'attempts'>): void {
    const votes = this.options.storage.load();
    this.options.storage.save(
      votes.map((vote) => (vote.key === key ? { ...vote, ...change } : vote)),
    );
  }

  /** Whoever waits for a vote that cannot go out now is told it is queued. */
  private deferWaiters(): void {
    const waiting = [...this.waiters.values()];
    this.waiters.clear();
    for (const resolve of waiting) resolve({ kind: 'queued' });
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    const wait = this.backoffMs(this.failures);
    this.retryAt = this.now() + wait;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.retryAt = null;
      void this.flush();
    }, wait);
    this.refresh();
  }

  private cancelRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.retryAt !== null) {
      this.retryAt = null;
      this.refresh();
    }
  }

  private refresh(): void {
    const pending = this.options.storage.load().length;
    if (pending === this.current.pending && this.retryAt === this.current.retryAt) return;
    this.current = { pending, retryAt: this.retryAt };
    for (const listener of this.listeners) listener();
  }
}
