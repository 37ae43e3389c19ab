/** Weight of the newest tick in the moving average. */
const SMOOTHING = 0.3;
/** One tick counts for at most this lateness, so a single long task cannot tip the average. */
const MAX_TICK_LATENESS_MS = 200;

/**
 * How far behind the event loop runs: a timer due every `periodMs` measures how late it fires,
 * averaged over the last few ticks. A saturated process fires it late on every turn, so the
 * average climbs within about 100 ms; one long synchronous task (a GC pause, a board load, a
 * share card) moves it by 60 ms at most.
 */
export class LoadGauge {
  private lateness = 0;
  private last = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly periodMs = 20) {}

  start(): void {
    if (this.timer) return;
    this.last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      const late = Math.min(MAX_TICK_LATENESS_MS, Math.max(0, now - this.last - this.periodMs));
      this.lateness = SMOOTHING * late + (1 - SMOOTHING) * this.lateness;
      this.last = now;
    }, this.periodMs);
    this.timer.unref();
  }

  /** The moving average of the ticks' lateness, in ms. */
  lagMs(): number {
    return this.lateness;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.lateness = 0;
  }
}
