/**
 * The server's own view of latency, from its /metrics histogram: time from receiving a request
 * to sending its answer, per call. Client and server share the machine's two cores, so a pause
 * of the load generator (its GC, its scheduling) lengthens what the client measures without
 * being the server's; this view has no client in it. Buckets are coarse (1, 2.5, 5, 10, 25, 50,
 * 100 ms…), so a percentile is reported as the bucket bound it falls under.
 */
const HISTOGRAM = 'yanzhi_http_request_duration_seconds_bucket';
/** How long answers waited for the disk (group commit), reported as the call DISK_WAIT. */
const DISK_HISTOGRAM = 'yanzhi_disk_wait_seconds_bucket';
export const DISK_WAIT = '(waiting for the disk)';

/** Cumulative bucket counts per call: call → (upper bound in s → count). */
export type Buckets = Map<string, Map<number, number>>;

export async function readBuckets(url: string): Promise<Buckets> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const buckets: Buckets = new Map();
  const line = new RegExp(`^${HISTOGRAM}\\{call="([^"]+)",le="([^"]+)"\\} (\\d+)$`);
  const diskLine = new RegExp(`^${DISK_HISTOGRAM}\\{le="([^"]+)"\\} (\\d+)$`);
  for (const row of text.split('\n')) {
    const disk = diskLine.exec(row);
    const match = disk ? [row, DISK_WAIT, disk[1], disk[2]] : line.exec(row);
    if (!match) continue;
    const [, call = '', le = '', count = '0'] = match;
    const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
    let byBound = buckets.get(call);
    if (!byBound) {
      byBound = new Map();
      buckets.set(call, byBound);
    }
    byBound.set(bound, Number(count));
  }
  return buckets;
}

/** Per call between two readings: answers, and the bucket bounds of p50 and p99 (ms). */
export function serverPercentiles(before: Buckets, after: Buckets, calls: readonly string[]) {
  return calls.map((call) => {
    const end = after.get(call) ?? new Map<number, number>();
    const start = before.get(call) ?? new Map<number, number>();
    const bounds = [...end.keys()].sort((a, b) => a - b);
    const delta = bounds.map((bound) => (end.get(bound) ?? 0) - (start.get(bound) ?? 0));
    const total = delta.at(-1) ?? 0;
    const under = (share: number) => {
      const index = delta.findIndex((count) => count >= share * total);
      const bound = bounds[index];
      return bound === undefined || total === 0
        ? 'n/a'
        : bound === Number.POSITIVE_INFINITY
          ? '> 10 s'
          : `≤ ${bound * 1000} ms`;
    };
    return { call, answers: total, 'server p50': under(0.5), 'server p99': under(0.99) };
  });
}
