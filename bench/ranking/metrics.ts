/** Ranking quality metrics of the ranking benchmark. */

/**
 * Kendall's tau-b between an estimate and the truth (ties in the estimate, e.g. Elo's equal
 * starting ratings, count as neither concordant nor discordant). O(n²); n is a few thousand here.
 */
export function kendallTau(truth: ArrayLike<number>, estimate: ArrayLike<number>): number {
  const n = truth.length;
  let concordant = 0;
  let discordant = 0;
  let tiesTruth = 0;
  let tiesEstimate = 0;
  for (let i = 0; i < n; i++) {
    const ti = truth[i] as number;
    const ei = estimate[i] as number;
    for (let j = i + 1; j < n; j++) {
      const dt = ti - (truth[j] as number);
      const de = ei - (estimate[j] as number);
      if (dt === 0 && de === 0) continue;
      if (dt === 0) tiesTruth++;
      else if (de === 0) tiesEstimate++;
      else if (dt > 0 === de > 0) concordant++;
      else discordant++;
    }
  }
  const denominator = Math.sqrt(
    (concordant + discordant + tiesTruth) * (concordant + discordant + tiesEstimate),
  );
  return denominator === 0 ? 0 : (concordant - discordant) / denominator;
}

/** Indices of the k largest values (ties broken by index). */
export function topK(values: ArrayLike<number>, k: number): number[] {
  return Array.from({ length: values.length }, (_, i) => i)
    .sort((a, b) => (values[b] as number) - (values[a] as number) || a - b)
    .slice(0, k);
}

/** |estimated top-k ∩ true top-k| / k. */
export function topKPrecision(truth: ArrayLike<number>, estimate: ArrayLike<number>, k = 10) {
  const real = new Set(topK(truth, k));
  return topK(estimate, k).filter((i) => real.has(i)).length / k;
}

/** Rank percentile (0 = lowest, 100 = highest) of every element; ties share their mean rank. */
export function rankPercentiles(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (values[a] as number) - (values[b] as number),
  );
  const out = new Float64Array(n);
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && values[order[j + 1] as number] === values[order[i] as number]) j++;
    const rank = (i + j) / 2;
    for (let k = i; k <= j; k++) out[order[k] as number] = n === 1 ? 50 : (100 * rank) / (n - 1);
    i = j + 1;
  }
  return out;
}

/**
 * First x at which the curve reaches `level`, interpolating linearly between points; null when
 * it never does.
 */
export function firstCrossing(
  xs: readonly number[],
  ys: readonly number[],
  level: number,
): number | null {
  for (let k = 0; k < xs.length; k++) {
    const y = ys[k] as number;
    if (y >= level) {
      if (k === 0) return xs[0] as number;
      const x0 = xs[k - 1] as number;
      const y0 = ys[k - 1] as number;
      return x0 + ((level - y0) / (y - y0)) * ((xs[k] as number) - x0);
    }
  }
  return null;
}
