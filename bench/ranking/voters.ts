/**
 * The voter populations of the ranking benchmark. Every system sees the same population for a
 * given (model, seed): same hidden strengths, same voters, same order in which voters arrive.
 *
 *  - clean: everyone votes by Bradley-Terry on the true strengths θ.
 *  - bad25: 25% of voters are bad, split equally between random, always-left and inverted.
 *  - taste: each voter sees θ plus a personal offset per photo, N(0, 0.5²) (tastes differ).
 *  - position: the top (left) photo gets +0.3 logit (people tap the first photo more).
 *  - lapses: 5% of votes are a coin flip (a distracted tap).
 *  - heavy: voter activity is Zipf (s = 1): a few voters cast most of the votes.
 *  - brigade: 5% of voters always pick one target photo whenever it is shown, and vote honestly
 *    otherwise. The target is the photo at the 25th true percentile, so the brigade has room to
 *    lift it.
 *
 * Each harder model changes one thing on top of clean voters, so its effect can be read alone.
 */
import { seededRng, type Rng } from '../../apps/server/src/domain/rating/index.js';

export const VOTER_MODELS = [
  'clean',
  'bad25',
  'taste',
  'position',
  'lapses',
  'heavy',
  'brigade',
] as const;
export type VoterModel = (typeof VOTER_MODELS)[number];

/** The models whose votes-to-τ are the main table; the others are "harder" ones. */
export const MAIN_MODELS: readonly VoterModel[] = ['clean', 'bad25'];

export type VoterKind = 'honest' | 'random' | 'left' | 'inverted' | 'brigade';

export interface ModelSpec {
  readonly badShare: number;
  readonly tasteSd: number;
  /** Logit added to the top (left) photo's side. */
  readonly positionBias: number;
  /** Share of votes that are a coin flip. */
  readonly lapse: number;
  /** Zipf exponent of voter activity; 0 for uniform. */
  readonly zipf: number;
  readonly brigadeShare: number;
}

const PLAIN: ModelSpec = {
  badShare: 0,
  tasteSd: 0,
  positionBias: 0,
  lapse: 0,
  zipf: 0,
  brigadeShare: 0,
};

export function modelSpec(model: VoterModel): ModelSpec {
  switch (model) {
    case 'clean':
      return PLAIN;
    case 'bad25':
      return { ...PLAIN, badShare: 0.25 };
    case 'taste':
      return { ...PLAIN, tasteSd: 0.5 };
    case 'position':
      return { ...PLAIN, positionBias: 0.3 };
    case 'lapses':
      return { ...PLAIN, lapse: 0.05 };
    case 'heavy':
      return { ...PLAIN, zipf: 1 };
    case 'brigade':
      return { ...PLAIN, brigadeShare: 0.05 };
  }
}

/** What the systems' voters are, besides the hidden strengths (see sim.ts makeWorld). */
export interface Population {
  readonly spec: ModelSpec;
  readonly voterKind: readonly VoterKind[];
  /** taste[v × n + i]: voter v's offset on photo i (empty when tasteSd is 0). */
  readonly taste: Float32Array;
  /** The brigade's photo, or -1. */
  readonly brigadeTarget: number;
}

export function gaussian(rng: Rng): number {
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Voter kinds, tastes and the brigade's target, drawn from `rng` after θ. */
export function makePopulation(
  spec: ModelSpec,
  theta: Float64Array,
  voters: number,
  rng: Rng,
): Population {
  const n = theta.length;
  const bad = Math.round(spec.badShare * voters);
  const brigade = Math.round(spec.brigadeShare * voters);
  const badKinds: readonly VoterKind[] = ['random', 'left', 'inverted'];
  const kinds: VoterKind[] = Array.from({ length: voters }, (_, v) =>
    v < bad ? (badKinds[v % 3] as VoterKind) : v < bad + brigade ? 'brigade' : 'honest',
  );
  const voterKind = shuffle(kinds, rng);
  const taste = new Float32Array(spec.tasteSd > 0 ? voters * n : 0);
  for (let k = 0; k < taste.length; k++) taste[k] = spec.tasteSd * gaussian(rng);
  const brigadeTarget = brigade > 0 ? targetPhoto(theta) : -1;
  return { spec, voterKind, taste, brigadeTarget };
}

/**
 * The photo a brigade backs: the one at the 25th true percentile, so it has room to be lifted.
 * Defined for every model, so the same photo's error without a brigade is the baseline.
 */
export function targetPhoto(theta: Float64Array): number {
  const order = Array.from({ length: theta.length }, (_, i) => i).sort(
    (a, b) => (theta[a] as number) - (theta[b] as number),
  );
  return order[Math.floor(0.25 * (theta.length - 1))] as number;
}

/**
 * Which voter casts each vote: uniform, or Zipf(s) over a random order of the voters, so the
 * busiest voters are of every kind.
 */
export function makeStream(spec: ModelSpec, voters: number, votes: number, rng: Rng): Int32Array {
  const stream = new Int32Array(votes);
  if (spec.zipf === 0) {
    for (let t = 0; t < votes; t++) stream[t] = Math.floor(rng() * voters);
    return stream;
  }
  const rankOf = shuffle([...Array(voters).keys()], rng);
  const cumulative = new Float64Array(voters);
  let total = 0;
  for (let r = 0; r < voters; r++) {
    total += 1 / (r + 1) ** spec.zipf;
    cumulative[r] = total;
  }
  for (let t = 0; t < votes; t++) {
    const u = rng() * total;
    let lo = 0;
    let hi = voters - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < u) lo = mid + 1;
      else hi = mid;
    }
    stream[t] = rankOf[lo] as number;
  }
  return stream;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** The side voter `v` taps when shown photo `left` on top and `right` below. */
export function decide(
  population: Population,
  theta: Float64Array,
  v: number,
  left: number,
  right: number,
  rng: Rng,
): 'left' | 'right' {
  const { spec, taste } = population;
  const kind = population.voterKind[v] as VoterKind;
  const u = rng();
  if (kind === 'left') return 'left';
  if (kind === 'random') return u < 0.5 ? 'left' : 'right';
  if (kind === 'brigade') {
    if (left === population.brigadeTarget) return 'left';
    if (right === population.brigadeTarget) return 'right';
  }
  if (spec.lapse > 0 && rng() < spec.lapse) return u < 0.5 ? 'left' : 'right';
  const n = theta.length;
  let diff = (theta[left] as number) - (theta[right] as number) + spec.positionBias;
  if (taste.length > 0) {
    diff += (taste[v * n + left] as number) - (taste[v * n + right] as number);
  }
  if (kind === 'inverted') diff = -diff + 2 * spec.positionBias;
  return u < sigmoid(diff) ? 'left' : 'right';
}

/** A fresh outcome stream for one system's run (the same for every system of a world). */
export const outcomeRng = (seed: number): Rng => seededRng(seed * 31 + 2);
