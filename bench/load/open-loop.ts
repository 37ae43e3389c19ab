/**
 * An open-loop load generator: each stream starts its operations at a fixed arrival rate,
 * whatever the server's answers (a slow server does not slow the client down, as a closed loop
 * would, so a slow server cannot hide behind fewer requests). Latency is measured from the moment
 * a request is issued; how late the generator issued it against its schedule is reported on its
 * own (client start lag), since client and server share the machine's cores.
 */
import { percentile } from '../lib/stats.js';

export interface Answer {
  /** The envelope's code (0 = ok), or the HTTP status × 100 when there was no envelope. */
  code: number;
  status: number;
}

/** Shed for load: the server's or the proxy's 503xx. */
const isShed = (code: number) => code >= 50300 && code < 50400;
/** Refused by a rate limit: 429xx. */
const isLimited = (code: number) => code >= 42900 && code < 43000;

/** One kind of call's figures over a phase. */
export class CallFigures {
  readonly latencies: number[] = [];
  /** Of the answers: those refused for load or limits (503xx, 429xx), and the others. */
  readonly refusedLatencies: number[] = [];
  readonly admittedLatencies: number[] = [];
  readonly codes = new Map<number, number>();
  failures = 0;

  record(ms: number, answer: Answer | null): void {
    this.latencies.push(ms);
    if (answer === null) {
      this.failures += 1;
      return;
    }
    this.codes.set(answer.code, (this.codes.get(answer.code) ?? 0) + 1);
    const refused = isShed(answer.code) || isLimited(answer.code);
    (refused ? this.refusedLatencies : this.admittedLatencies).push(ms);
  }

  /** Answers with an HTTP 5xx status or a 5xx-class envelope code other than 503xx. */
  serverErrors(): number {
    let count = 0;
    for (const [code, n] of this.codes) {
      if (code >= 50000 && !isShed(code)) count += n;
    }
    return count;
  }

  countWhere(test: (code: number) => boolean): number {
    let count = 0;
    for (const [code, n] of this.codes) if (test(code)) count += n;
    return count;
  }
}

/** Figures per call name, plus when the phase ran. */
export interface Sample {
  call: string;
  dueAt: number;
  ms: number;
  code: number | null;
}

export class Recorder {
  readonly calls = new Map<string, CallFigures>();
  /** Every answer with its due time, when the phase is examined second by second. */
  readonly samples: Sample[] | null;

  constructor(options: { keepSamples?: boolean } = {}) {
    this.samples = options.keepSamples ? [] : null;
  }

  /** How late the client started operations (ms behind their due time). */
  readonly clientLag: number[] = [];

  /** Takes in another phase's answers (a phase run a window at a time). */
  add(other: Recorder): void {
    for (const [name, from] of other.calls) {
      const into = this.figures(name);
      into.latencies.push(...from.latencies);
      into.refusedLatencies.push(...from.refusedLatencies);
      into.admittedLatencies.push(...from.admittedLatencies);
      for (const [code, n] of from.codes) into.codes.set(code, (into.codes.get(code) ?? 0) + n);
      into.failures += from.failures;
    }
    this.clientLag.push(...other.clientLag);
    if (other.samples) this.samples?.push(...other.samples);
  }

  figures(name: string): CallFigures {
    let figures = this.calls.get(name);
    if (!figures) {
      figures = new CallFigures();
      this.calls.set(name, figures);
    }
    return figures;
  }

  /**
   * Times `operation` from the moment it is issued and records its answer. `dueAt` (when the
   * schedule wanted it) places it in time; how late the generator itself was is `clientLag`, kept
   * apart so a busy client on the same machine does not pass for a slow server.
   */
  async time(
    name: string,
    dueAt: number,
    operation: () => Promise<Answer>,
  ): Promise<Answer | null> {
    let answer: Answer | null = null;
    const issued = performance.now();
    try {
      answer = await operation();
    } catch {
      answer = null;
    }
    const ms = performance.now() - issued;
    this.figures(name).record(ms, answer);
    this.samples?.push({ call: name, dueAt, ms, code: answer?.code ?? null });
    return answer;
  }
}

export interface Stream {
  /** Operations started per second. */
  rate: number;
  /** Starts one operation that was due at `dueAt`; its promise is awaited at the phase's end. */
  start: (dueAt: number) => Promise<unknown>;
}

/**
 * Runs the streams for `seconds`, starting each stream's operations at its rate, and waits for
 * the operations still under way (at most `drainMs`) before resolving.
 */
export async function runPhase(
  streams: readonly Stream[],
  seconds: number,
  recorder: Recorder,
  drainMs = 10_000,
): Promise<void> {
  const pending = new Set<Promise<unknown>>();
  const began = performance.now();
  const end = began + seconds * 1000;
  const started = streams.map(() => 0);
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const horizon = Math.min(now, end);
      streams.forEach((stream, index) => {
        // Operation n is due at n / rate seconds: the first at once, none at or after the end.
        const due = Math.min(
          Math.floor(((horizon - began) / 1000) * stream.rate) + 1,
          Math.ceil(seconds * stream.rate),
        );
        while ((started[index] ?? 0) < due) {
          const count = started[index] ?? 0;
          const dueAt = began + (count / stream.rate) * 1000;
          started[index] = count + 1;
          recorder.clientLag.push(now - dueAt);
          const operation = stream.start(dueAt).catch(() => undefined);
          pending.add(operation);
          void operation.finally(() => pending.delete(operation));
        }
      });
      if (now >= end) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(tick, 2);
  });
  const drained = Promise.all([...pending]);
  await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, drainMs))]);
}

export interface Row {
  call: string;
  count: number;
  'per s': number;
  'p50 ms': number;
  'p99 ms': number;
  'p99.9 ms': number;
  'max ms': number;
  '5xx': number;
  '503xx': number;
  '429xx': number;
  /** '–' when no answer was of that kind. */
  'refused p99 ms': number | string;
  'admitted p99 ms': number | string;
  'no answer': number;
  'other codes': string;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The p99 of some latencies, or '–' when there are none (not NaN, which reads as a figure). */
const p99Of = (latencies: readonly number[]) =>
  latencies.length === 0
    ? '–'
    : round(
        percentile(
          [...latencies].sort((a, b) => a - b),
          99,
        ),
      );

/** The table of a phase: one row per call. */
export function rows(recorder: Recorder, seconds: number): Row[] {
  return [...recorder.calls.entries()].map(([call, figures]) => {
    const sorted = [...figures.latencies].sort((a, b) => a - b);
    const other = [...figures.codes.entries()]
      .filter(([code]) => code !== 0 && !(code >= 50000))
      .filter(([code]) => !isLimited(code))
      .map(([code, n]) => `${code}×${n}`)
      .join(' ');
    return {
      call,
      count: sorted.length,
      'per s': Math.round(sorted.length / seconds),
      'p50 ms': round(percentile(sorted, 50)),
      'p99 ms': round(percentile(sorted, 99)),
      'p99.9 ms': round(percentile(sorted, 99.9)),
      'max ms': round(sorted.at(-1) ?? Number.NaN),
      '5xx': figures.serverErrors(),
      '503xx': figures.countWhere(isShed),
      '429xx': figures.countWhere(isLimited),
      'refused p99 ms': p99Of(figures.refusedLatencies),
      'admitted p99 ms': p99Of(figures.admittedLatencies),
      'no answer': figures.failures,
      'other codes': other,
    };
  });
}
