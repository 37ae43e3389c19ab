/**
 * Positions in an ascending array of photo ids, the shape every refit job keeps its photos in
 * (refit-job.ts, increment-job.ts): one binary search for the full and the incremental refit.
 */

/** The position of `id` in the ascending `sorted` (binary search), or −1. */
export function positionOf(sorted: Float64Array, id: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const value = sorted[mid] as number;
    if (value === id) return mid;
    if (value < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
