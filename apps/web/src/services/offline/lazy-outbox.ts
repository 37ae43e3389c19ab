import type {
  OutboxSnapshot,
  SettledVote,
  VoteOutbox,
  VoteOutcome,
  VoteRequest,
} from './vote-outbox';

/** What the app uses of the vote queue. */
export interface Outbox {
  subscribe: (listener: () => void) => () => void;
  snapshot: () => OutboxSnapshot;
  onSettle: (listener: (settled: SettledVote) => void) => () => void;
  submit: (request: VoteRequest) => Promise<VoteOutcome>;
  resume: () => Promise<void>;
  stop: () => void;
}

const NOTHING_QUEUED: OutboxSnapshot = Object.freeze({ pending: 0, retryAt: null });

/**
 * The vote queue behind a stand-in that ships in the entry: the queue's code (VoteOutbox, its
 * storage) is fetched on first use, which is the app's start (queued votes of an earlier visit
 * are sent then), well before a first vote. Until it is here the queue reads as empty; a vote
 * waits for it. A failed fetch is tried again on the next use (ADR 0014, ADR 0015).
 */
export class LazyOutbox implements Outbox {
  private outbox: VoteOutbox | null = null;
  private loading: Promise<VoteOutbox> | null = null;
  private stopped = false;
  private readonly listeners = new Set<() => void>();
  private readonly settleListeners = new Set<(settled: SettledVote) => void>();

  constructor(private readonly create: () => Promise<VoteOutbox>) {}

  /** The queue itself, fetched once. */
  load(): Promise<VoteOutbox> {
    this.loading ??= this.create().then(
      (outbox) => {
        this.outbox = outbox;
        outbox.subscribe(() => {
          this.notify();
        });
        outbox.onSettle((settled) => {
          for (const listener of this.settleListeners) listener(settled);
        });
        if (this.stopped) outbox.stop();
        this.notify();
        return outbox;
      },
      (error: unknown) => {
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  snapshot = (): OutboxSnapshot => this.outbox?.snapshot() ?? NOTHING_QUEUED;

  onSettle(listener: (settled: SettledVote) => void): () => void {
    this.settleListeners.add(listener);
    return () => {
      this.settleListeners.delete(listener);
    };
  }

  async submit(request: VoteRequest): Promise<VoteOutcome> {
    const outbox = await this.load();
    return outbox.submit(request);
  }

  async resume(): Promise<void> {
    this.stopped = false;
    const outbox = await this.load();
    // stop() may have come while the queue was fetched (the app unmounted).
    if (!this.isStopped()) await outbox.resume();
  }

  stop(): void {
    this.stopped = true;
    this.outbox?.stop();
  }

  private isStopped(): boolean {
    return this.stopped;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
