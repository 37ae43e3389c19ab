import type { RatingParams } from './params.js';

/**
 * The Gaussian prior of each photo's strength: one N(mean, 1/precision) for all (the full refit),
 * or one per photo (the incremental refit, whose prior is the previous fit's belief).
 */
export type StrengthPrior =
  | { readonly mean: number; readonly precision: number }
  | { readonly mean: Float64Array; readonly precision: Float64Array };

/**
 * Newton–CG for F(θ) over edges (photo pairs i < j with weighted win counts cIJ, cJI), the weights
 * fixed during a solve. Buffers are allocated once per refit and reused across the rounds.
 */
export class NewtonSolver {
  /** Gradient, Hessian diagonal and per-edge Hessian weights at the last accepted point. */
  grad: Float64Array;
  diag: Float64Array;
  private hess: Float64Array;
  /** Per photo, the prior's mean and precision (1/variance). */
  readonly priorMean: Float64Array;
  readonly priorPrecision: Float64Array;
  private gradTry: Float64Array;
  private diagTry: Float64Array;
  private hessTry: Float64Array;
  private readonly step: Float64Array;
  private readonly r: Float64Array;
  private readonly z: Float64Array;
  private readonly p: Float64Array;
  private readonly hp: Float64Array;
  private readonly trial: Float64Array;

  constructor(
    private readonly n: number,
    private readonly I: Int32Array,
    private readonly J: Int32Array,
    private readonly cIJ: Float64Array,
    private readonly cJI: Float64Array,
    prior: StrengthPrior,
    private readonly params: RatingParams,
  ) {
    if (typeof prior.mean === 'number') {
      this.priorMean = new Float64Array(n).fill(prior.mean);
      this.priorPrecision = new Float64Array(n).fill(prior.precision as number);
    } else {
      if (prior.mean.length !== n || (prior.precision as Float64Array).length !== n) {
        throw new RangeError('NewtonSolver: the prior arrays differ in length from the photos');
      }
      this.priorMean = prior.mean;
      this.priorPrecision = prior.precision as Float64Array;
    }
    const m = I.length;
    this.grad = new Float64Array(n);
    this.diag = new Float64Array(n);
    this.hess = new Float64Array(m);
    this.gradTry = new Float64Array(n);
    this.diagTry = new Float64Array(n);
    this.hessTry = new Float64Array(m);
    this.step = new Float64Array(n);
    this.r = new Float64Array(n);
    this.z = new Float64Array(n);
    this.p = new Float64Array(n);
    this.hp = new Float64Array(n);
    this.trial = new Float64Array(n);
  }

  /** F(θ) (one pass with logarithms). */
  objective(theta: Float64Array): number {
    const { n, I, J, cIJ, cJI, priorMean, priorPrecision } = this;
    let f = 0;
    for (let i = 0; i < n; i++) {
      const d = (theta[i] as number) - (priorMean[i] as number);
      f += 0.5 * (priorPrecision[i] as number) * d * d;
    }
    const m = I.length;
    for (let e = 0; e < m; e++) {
      const wij = cIJ[e] as number;
      const wji = cJI[e] as number;
      if (wij === 0 && wji === 0) continue;
      const x = (theta[I[e] as number] as number) - (theta[J[e] as number] as number);
      // softplus(−x) = log(1 + e^−x) = max(−x, 0) + log1p(e^−|x|); softplus(x) = softplus(−x) + x.
      const spNeg = Math.max(-x, 0) + Math.log1p(Math.exp(-Math.abs(x)));
      f += wij * spNeg + wji * (spNeg + x);
    }
    return f;
  }

  /** Fills `grad`, `diag` (Hessian diagonal) and the per-edge Hessian weights at θ. One pass. */
  derivatives(theta: Float64Array): void {
    this.derivativesInto(theta, this.grad, this.diag, this.hess);
  }

  private derivativesInto(
    theta: Float64Array,
    grad: Float64Array,
    diag: Float64Array,
    hess: Float64Array,
  ): void {
    const { n, I, J, cIJ, cJI, priorMean, priorPrecision } = this;
    for (let i = 0; i < n; i++) {
      const precision = priorPrecision[i] as number;
      grad[i] = precision * ((theta[i] as number) - (priorMean[i] as number));
      diag[i] = precision;
    }
    const m = I.length;
    for (let e = 0; e < m; e++) {
      const wij = cIJ[e] as number;
      const wji = cJI[e] as number;
      const total = wij + wji;
      if (total === 0) {
        hess[e] = 0;
        continue;
      }
      const i = I[e] as number;
      const j = J[e] as number;
      // p = σ(x) = P(i beats j), q = 1 − p, x = θi − θj. ∂F/∂θi = −cIJ·q + cJI·p.
      const q = 1 / (1 + Math.exp((theta[i] as number) - (theta[j] as number)));
      const p = 1 - q;
      const g = wji * p - wij * q;
      grad[i] = (grad[i] as number) + g;
      grad[j] = (grad[j] as number) - g;
      const h = total * p * q;
      hess[e] = h;
      diag[i] = (diag[i] as number) + h;
      diag[j] = (diag[j] as number) + h;
    }
  }

  /** y = H·x. */
  private multiply(x: Float64Array, y: Float64Array): void {
    const { n, I, J, priorPrecision, hess } = this;
    for (let i = 0; i < n; i++) y[i] = (priorPrecision[i] as number) * (x[i] as number);
    const m = I.length;
    for (let e = 0; e < m; e++) {
      const a = I[e] as number;
      const b = J[e] as number;
      const d = (hess[e] as number) * ((x[a] as number) - (x[b] as number));
      y[a] = (y[a] as number) + d;
      y[b] = (y[b] as number) - d;
    }
  }

  /**
   * Minimises F from `theta` (in place), until a full Newton step moves no strength by more than
   * `tolerance` (default `refitTolerance`).
   */
  solve(theta: Float64Array, tolerance = this.params.refitTolerance) {
    const { n, params, step, r, z, p, hp, trial } = this;
    const maxIter = Math.max(1, params.refitMaxNewtonIterations);
    const maxCg = Math.max(1, params.refitMaxCgIterations);
    this.derivatives(theta);
    let f = NaN; // F(θ), computed only when the line search needs it
    let newton = 0;
    let cg = 0;
    let passes = 1;
    let finalStep = Infinity;
    let converged = false;
    while (newton < maxIter) {
      newton++;
      const grad = this.grad;
      const diag = this.diag;
      let gInf = 0;
      let gNorm2 = 0;
      for (let i = 0; i < n; i++) {
        const gi = grad[i] as number;
        gInf = Math.max(gInf, Math.abs(gi));
        gNorm2 += gi * gi;
      }
      if (gInf === 0) {
        finalStep = 0;
        converged = true;
        break;
      }
      // Preconditioned CG on H·step = −g from step = 0, to a relative residual η (the forcing
      // term of an inexact Newton method: superlinear convergence as η → 0 with ‖g‖).
      const eta = Math.min(0.1, Math.sqrt(gInf));
      const target = eta * eta * gNorm2;
      let rz = 0;
      for (let i = 0; i < n; i++) {
        step[i] = 0;
        const ri = -(grad[i] as number);
        r[i] = ri;
        const zi = ri / (diag[i] as number);
        z[i] = zi;
        p[i] = zi;
        rz += ri * zi;
      }
      for (let k = 0; k < maxCg; k++) {
        cg++;
        this.multiply(p, hp);
        let php = 0;
        for (let i = 0; i < n; i++) php += (p[i] as number) * (hp[i] as number);
        if (!(php > 0)) break;
        const alpha = rz / php;
        let rr = 0;
        for (let i = 0; i < n; i++) {
          step[i] = (step[i] as number) + alpha * (p[i] as number);
          const ri = (r[i] as number) - alpha * (hp[i] as number);
          r[i] = ri;
          rr += ri * ri;
        }
        if (rr <= target) break;
        let rzNew = 0;
        for (let i = 0; i < n; i++) {
          const zi = (r[i] as number) / (diag[i] as number);
          z[i] = zi;
          rzNew += (r[i] as number) * zi;
        }
        const beta = rzNew / rz;
        rz = rzNew;
        for (let i = 0; i < n; i++) p[i] = (z[i] as number) + beta * (p[i] as number);
      }
      let stepInf = 0;
      let slope = 0;
      for (let i = 0; i < n; i++) {
        const s = step[i] as number;
        stepInf = Math.max(stepInf, Math.abs(s));
        slope += s * (grad[i] as number);
      }
      if (!(slope < 0)) {
        // Not a descent direction (only possible through round-off at the optimum).
        finalStep = 0;
        converged = gInf < 1e-6;
        break;
      }
      // Line search from the (capped) Newton step. F is convex, so φ(t) = F(θ + t·step) is convex
      // and φ'(0) = slope < 0: if φ'(t) ≤ 0 at the trial point, F decreased all the way to it (no
      // objective needed). Otherwise the Armijo condition on F decides, halving t until it holds.
      let t = Math.min(1, params.refitMaxStep / stepInf);
      const full = t === 1;
      let accepted = false;
      let fTry = NaN;
      for (let ls = 0; ls < 40; ls++) {
        for (let i = 0; i < n; i++) trial[i] = (theta[i] as number) + t * (step[i] as number);
        this.derivativesInto(trial, this.gradTry, this.diagTry, this.hessTry);
        passes++;
        let slopeTry = 0;
        const gTry = this.gradTry;
        for (let i = 0; i < n; i++) slopeTry += (step[i] as number) * (gTry[i] as number);
        // A small step whose end slope is below half the start slope is in the quadratic
        // region, where the trapezoid rule bounds the change by t·(φ'(0) + φ'(t))/2 < 0.
        if (slopeTry <= 0 || (t * stepInf <= 0.05 && slopeTry < -0.5 * slope)) {
          accepted = true;
          f = NaN;
          break;
        }
        if (Number.isNaN(f)) f = this.objective(theta);
        fTry = this.objective(trial);
        if (fTry <= f + 1e-4 * t * slope + 1e-12 * Math.abs(f)) {
          accepted = true;
          break;
        }
        t *= 0.5;
      }
      if (!accepted) {
        finalStep = 0;
        converged = gInf < 1e-6;
        break;
      }
      theta.set(trial);
      if (!Number.isNaN(f)) f = fTry;
      this.swapTrialBuffers();
      finalStep = t * stepInf;
      if (full && t === 1 && finalStep <= tolerance) {
        converged = true;
        break;
      }
    }
    return { converged, newton, cg, passes, finalStep };
  }

  private swapTrialBuffers(): void {
    [this.grad, this.gradTry] = [this.gradTry, this.grad];
    [this.diag, this.diagTry] = [this.diagTry, this.diag];
    [this.hess, this.hessTry] = [this.hessTry, this.hess];
  }
}
