export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** One row of a latency table: throughput and percentiles in milliseconds. */
export function summarise(label: string, latencies: number[], seconds: number, errors: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    label,
    requests: sorted.length,
    'req/s': Math.round(sorted.length / seconds),
    'p50 ms': round(percentile(sorted, 50)),
    'p99 ms': round(percentile(sorted, 99)),
    'max ms': round(sorted.at(-1) ?? Number.NaN),
    errors,
  };
}
