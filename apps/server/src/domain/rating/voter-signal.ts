/**
 * A voter's reliability in the refit (the model is in refit.ts): the signal u = 2r − 1 under its
 * Beta prior, the vote weight it maps to, and its MAP estimate given the photo strengths.
 */
import { DEFAULT_RATING_PARAMS, type RatingParams } from './params.js';

/** The reliability u = 2r − 1 of a voter with no evidence: the mode of the Beta prior. */
export function priorVoterSignal(params: RatingParams = DEFAULT_RATING_PARAMS): number {
  const a = Math.max(1, params.voterPriorAlpha);
  const b = Math.max(1, params.voterPriorBeta);
  return a + b > 2 ? (a - b) / (a + b - 2) : 0;
}

/** Maps a voter's signal u = 2r − 1 to their vote weight. */
export function voterWeightFromSignal(u: number, params: RatingParams = DEFAULT_RATING_PARAMS) {
  const f = Math.min(0.999, Math.max(0, params.voterWeightFloor));
  return Math.min(1, Math.max(0, (u - f) / (1 - f)));
}

/** The weight of a voter the refit has not seen yet (for online updates before their first refit). */
export function priorVoterWeight(params: RatingParams = DEFAULT_RATING_PARAMS): number {
  return voterWeightFromSignal(priorVoterSignal(params), params);
}

/**
 * MAP of each voter's signal u = 2r − 1 given θ (see the module comment of refit.ts), by
 * safeguarded Newton on the concave 1-D log posterior; all voters at once, one pass over the votes
 * per iteration.
 * `t` holds tanh(d/2) per vote, d = θwinner − θloser.
 */
export function estimateSignals(
  t: Float64Array,
  Vt: Int32Array,
  W0: Float64Array,
  goldPassed: Float64Array,
  goldFailed: Float64Array,
  signal: Float64Array,
  params: RatingParams,
): void {
  const voterCount = signal.length;
  const m = t.length;
  const alpha1 = Math.max(1, params.voterPriorAlpha) - 1;
  const beta1 = Math.max(1, params.voterPriorBeta) - 1;
  const tg = Math.min(0.999999, Math.max(0, 2 * params.goldEvidenceProbability - 1));
  const edge = 1 - 1e-9;
  const lo = new Float64Array(voterCount).fill(-edge);
  const hi = new Float64Array(voterCount).fill(edge);
  const d1 = new Float64Array(voterCount);
  const d2 = new Float64Array(voterCount);
  const u = signal; // starts from the previous round's estimates (or the prior mode)
  // Root of L'(u) (L concave, so L' decreases; poles at ±1 from the prior) by bracketed Newton:
  // a Newton step that leaves the bracket is replaced by the halfway point towards the bound
  // it crossed, after which Newton converges monotonically (L' is concave near +1, convex near −1).
  for (let iter = 0; iter < 100; iter++) {
    for (let v = 0; v < voterCount; v++) {
      const uv = u[v] as number;
      const gp = goldPassed[v] as number;
      const gf = goldFailed[v] as number;
      const dp = 1 + uv * tg;
      const df = 1 - uv * tg;
      d1[v] = (gp * tg) / dp - (gf * tg) / df + alpha1 / (1 + uv) - beta1 / (1 - uv);
      d2[v] =
        -(gp * tg * tg) / (dp * dp) -
        (gf * tg * tg) / (df * df) -
        alpha1 / ((1 + uv) * (1 + uv)) -
        beta1 / ((1 - uv) * (1 - uv));
    }
    for (let e = 0; e < m; e++) {
      const v = Vt[e] as number;
      const te = t[e] as number;
      const w = W0[e] as number;
      const q = te / (1 + (u[v] as number) * te);
      d1[v] = (d1[v] as number) + w * q;
      d2[v] = (d2[v] as number) - w * q * q;
    }
    let moved = 0;
    for (let v = 0; v < voterCount; v++) {
      const uv = u[v] as number;
      const g = d1[v] as number;
      const h = d2[v] as number;
      if (g === 0) continue;
      if (g > 0) lo[v] = uv;
      else hi[v] = uv;
      const l = lo[v] as number;
      const r = hi[v] as number;
      let next = h < 0 ? uv - g / h : g > 0 ? r : l;
      if (next >= r) next = (uv + r) / 2;
      else if (next <= l) next = (uv + l) / 2;
      moved = Math.max(moved, Math.abs(next - uv));
      u[v] = next;
    }
    if (moved < 1e-10) break;
  }
}
