/**
 * The few Prometheus primitives the server needs (counter, gauge, histogram) and the text
 * exposition format 0.0.4. Hand-written rather than prom-client: ADR 0012.
 */

type Labels = Record<string, string>;

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function escapeHelp(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

function formatLabels(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(',')}}`;
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

interface Metric {
  readonly name: string;
  render(): string[];
}

abstract class Family<T> implements Metric {
  protected readonly series = new Map<string, { labels: Labels; value: T }>();

  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly type: 'counter' | 'gauge' | 'histogram',
  ) {}

  protected entry(labels: Labels, initial: () => T): { labels: Labels; value: T } {
    const key = JSON.stringify(labels);
    let found = this.series.get(key);
    if (!found) {
      found = { labels, value: initial() };
      this.series.set(key, found);
    }
    return found;
  }

  render(): string[] {
    return [
      `# HELP ${this.name} ${escapeHelp(this.help)}`,
      `# TYPE ${this.name} ${this.type}`,
      ...[...this.series.values()].flatMap(({ labels, value }) => this.samples(labels, value)),
    ];
  }

  protected abstract samples(labels: Labels, value: T): string[];
}

export class Counter extends Family<number> {
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }

  inc(labels: Labels = {}, by = 1): void {
    this.entry(labels, () => 0).value += by;
  }

  get(labels: Labels = {}): number {
    return this.series.get(JSON.stringify(labels))?.value ?? 0;
  }

  protected samples(labels: Labels, value: number): string[] {
    return [`${this.name}${formatLabels(labels)} ${formatValue(value)}`];
  }
}

export class Gauge extends Family<number> {
  constructor(name: string, help: string) {
    super(name, help, 'gauge');
  }

  set(value: number, labels: Labels = {}): void {
    this.entry(labels, () => 0).value = value;
  }

  protected samples(labels: Labels, value: number): string[] {
    return [`${this.name}${formatLabels(labels)} ${formatValue(value)}`];
  }
}

interface HistogramState {
  /** Per bucket, not cumulative; summed when rendered. */
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram extends Family<HistogramState> {
  constructor(
    name: string,
    help: string,
    private readonly buckets: readonly number[],
  ) {
    super(name, help, 'histogram');
  }

  observe(value: number, labels: Labels = {}): void {
    const state = this.entry(labels, () => ({
      counts: this.buckets.map(() => 0),
      sum: 0,
      count: 0,
    })).value;
    const bucket = this.buckets.findIndex((bound) => value <= bound);
    if (bucket >= 0) state.counts[bucket] = (state.counts[bucket] ?? 0) + 1;
    state.sum += value;
    state.count += 1;
  }

  protected samples(labels: Labels, state: HistogramState): string[] {
    let cumulative = 0;
    const lines = this.buckets.map((bound, index) => {
      cumulative += state.counts[index] ?? 0;
      return `${this.name}_bucket${formatLabels({ ...labels, le: formatValue(bound) })} ${cumulative}`;
    });
    lines.push(`${this.name}_bucket${formatLabels({ ...labels, le: '+Inf' })} ${state.count}`);
    lines.push(`${this.name}_sum${formatLabels(labels)} ${formatValue(state.sum)}`);
    lines.push(`${this.name}_count${formatLabels(labels)} ${state.count}`);
    return lines;
  }
}

/** Metrics of one application instance; each test app has its own. */
export class Registry {
  private readonly metrics: Metric[] = [];

  register<M extends Metric>(metric: M): M {
    this.metrics.push(metric);
    return metric;
  }

  render(): string {
    return `${this.metrics.flatMap((metric) => metric.render()).join('\n')}\n`;
  }
}
