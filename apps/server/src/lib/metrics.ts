import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from './prometheus.js';

/** Request latencies: 1 ms to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Refits and board loads: 10 ms to 10 min (a category of millions of votes takes minutes). */
/** The event-loop sampling period; Node's histogram includes it in every sample. */
const LOOP_RESOLUTION_MS = 10;

/** Waits for the disk: 0.5 ms to 1 s. */
const DISK_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

const BATCH_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** "2xx", "4xx"… */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** The envelope code's class: "0" for success, "429xx" for 42900–42999, "none" without one. */
export function codeClass(code: number | null): string {
  if (code === null) return 'none';
  return code === 0 ? '0' : `${Math.floor(code / 100)}xx`;
}

/**
 * What the server counts (README: Operations). One instance per app: the HTTP hooks record
 * requests, the services record what they did (votes, uploads, refits, board loads), and
 * `render()` samples the process when /metrics is read.
 */
export class Metrics {
  private readonly registry = new Registry();

  // Each metric below states only its kind, name, help and buckets; registering is done here.
  private counter(name: string, help: string): Counter {
    return this.registry.register(new Counter(name, help));
  }

  private gauge(name: string, help: string): Gauge {
    return this.registry.register(new Gauge(name, help));
  }

  private histogram(name: string, help: string, buckets: readonly number[]): Histogram {
    return this.registry.register(new Histogram(name, help, buckets));
  }

  private loopDelay: IntervalHistogram | null = null;

  readonly requests = this.counter(
    'yanzhi_http_requests_total',
    'Requests by call (contract name, route pattern or not_found), HTTP status class and envelope code class.',
  );
  readonly requestDuration = this.histogram(
    'yanzhi_http_request_duration_seconds',
    'Time from receiving a request to sending its response, by call.',
    LATENCY_BUCKETS,
  );
  readonly diskWait = this.histogram(
    'yanzhi_disk_wait_seconds',
    'Time API answers waited for the writes committed before them to reach the disk (SQLite group commit; 0 on PostgreSQL, whose COMMIT waits itself).',
    DISK_BUCKETS,
  );
  readonly votesAccepted = this.counter(
    'yanzhi_votes_accepted_total',
    'Votes recorded (idempotent replays excluded).',
  );
  readonly votesRefused = this.counter(
    'yanzhi_votes_refused_total',
    'submit_photo_rating calls refused, by envelope code.',
  );
  readonly uploadsAccepted = this.counter(
    'yanzhi_uploads_accepted_total',
    'Photos uploaded and stored.',
  );
  readonly uploadsRefused = this.counter(
    'yanzhi_uploads_refused_total',
    'upload_photo calls refused, by envelope code.',
  );
  readonly refitDuration = this.histogram(
    'yanzhi_refit_duration_seconds',
    'Batch refits that completed, by category slug (the count is the number of runs).',
    BATCH_BUCKETS,
  );
  readonly refitFailures = this.counter(
    'yanzhi_refit_failures_total',
    'Batch refits that failed, by category slug.',
  );
  readonly lastRefit = this.gauge(
    'yanzhi_refit_last_timestamp_seconds',
    'When the last completed refit of the category finished (Unix time).',
  );
  readonly boardLoads = this.histogram(
    'yanzhi_leaderboard_load_duration_seconds',
    "Loads of a category's running leaderboards from the database (the count is the number of loads).",
    BATCH_BUCKETS,
  );
  private readonly rss = this.gauge(
    'process_resident_memory_bytes',
    'Resident memory size in bytes.',
  );
  private readonly heapUsed = this.gauge(
    'nodejs_heap_size_used_bytes',
    'V8 heap in use, in bytes.',
  );
  private readonly heapTotal = this.gauge(
    'nodejs_heap_size_total_bytes',
    'V8 heap allocated, in bytes.',
  );
  private readonly lag = this.gauge(
    'nodejs_eventloop_lag_seconds',
    'Event-loop delay since the previous scrape: mean, p50, p99 and max.',
  );
  private readonly uptime = this.gauge(
    'process_uptime_seconds',
    'Seconds since the process started.',
  );
  private readonly startTime = this.gauge(
    'process_start_time_seconds',
    'When the process started (Unix time).',
  );

  constructor() {
    // Present from the first scrape, so rate() has a starting point.
    this.votesAccepted.inc({}, 0);
    this.uploadsAccepted.inc({}, 0);
  }

  /** Starts sampling the event loop; the app stops it when it closes. */
  start(): void {
    if (this.loopDelay) return;
    this.loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    this.loopDelay.enable();
  }

  stop(): void {
    this.loopDelay?.disable();
    this.loopDelay = null;
  }

  observeRequest(call: string, status: number, code: number | null, seconds: number): void {
    this.requests.inc({ call, status: statusClass(status), code: codeClass(code) });
    this.requestDuration.observe(seconds, { call });
    if (code === null || code === 0) return;
    if (call === 'submit_photo_rating') this.votesRefused.inc({ code: String(code) });
    if (call === 'upload_photo') this.uploadsRefused.inc({ code: String(code) });
  }

  voteAccepted(): void {
    this.votesAccepted.inc();
  }

  uploadAccepted(): void {
    this.uploadsAccepted.inc();
  }

  refitFinished(category: string, seconds: number, finishedAt: number): void {
    this.refitDuration.observe(seconds, { category });
    this.lastRefit.set(finishedAt / 1000, { category });
  }

  refitFailed(category: string): void {
    this.refitFailures.inc({ category });
  }

  boardLoaded(seconds: number): void {
    this.boardLoads.observe(seconds);
  }

  render(): string {
    const memory = process.memoryUsage();
    this.rss.set(memory.rss);
    this.heapUsed.set(memory.heapUsed);
    this.heapTotal.set(memory.heapTotal);
    const uptime = process.uptime();
    this.uptime.set(uptime);
    this.startTime.set(Math.round(Date.now() / 1000 - uptime));
    const delay = this.loopDelay;
    if (delay && delay.count > 0) {
      const lag = (nanoseconds: number) =>
        Math.max(0, nanoseconds / 1e9 - LOOP_RESOLUTION_MS / 1e3);
      this.lag.set(lag(delay.mean), { stat: 'mean' });
      this.lag.set(lag(delay.percentile(50)), { stat: 'p50' });
      this.lag.set(lag(delay.percentile(99)), { stat: 'p99' });
      this.lag.set(lag(delay.max), { stat: 'max' });
      delay.reset();
    }
    return this.registry.render();
  }
}
