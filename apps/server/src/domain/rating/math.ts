/** Small numeric helpers shared by the rating engine. */

/** The logistic function σ(x) = 1 / (1 + e^−x), stable for large |x|. */
export function sigmoid(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const e = Math.exp(x);
  return e / (1 + e);
}

/**
 * The probit approximation of a logistic averaged over a Gaussian: for d ~ N(δ, s²),
 * E[σ(d)] ≈ σ(κ·δ) with κ = 1 / √(1 + π·s²/8) (MacKay 1992). Uncertainty flattens the
 * logistic, which is how variances "inflate the logistic scale" (Glicko's g(RD)).
 */
export function probitScale(variance: number): number {
  return 1 / Math.sqrt(1 + (Math.PI * variance) / 8);
}

/** P(i beats j) when θi ~ N(μi, σi²) and θj ~ N(μj, σj²) independently. */
export function winProbability(muI: number, sigma2I: number, muJ: number, sigma2J: number): number {
  return sigmoid((muI - muJ) * probitScale(sigma2I + sigma2J));
}
