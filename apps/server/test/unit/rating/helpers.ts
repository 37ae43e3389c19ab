import { seededRng, type Rng } from '../../../src/domain/rating/index.js';

export function gaussian(rng: Rng): number {
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Kendall's tau-a between two score lists (no ties expected). */
export function kendallTau(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  let pairs = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      s += Math.sign(((a[i] as number) - (a[j] as number)) * ((b[i] as number) - (b[j] as number)));
      pairs++;
    }
  }
  return s / pairs;
}

export interface SimVote {
  winner: string;
  loser: string;
  voter: string;
}

export type SimVoterKind = 'honest' | 'inverted' | 'left' | 'random';

/**
 * Votes on uniformly random pairs; `voters` maps voter id → behaviour (sides are random, so an
 * always-left voter votes at random with respect to strength).
 */
export function simulateVotes(
  theta: readonly number[],
  count: number,
  voters: Readonly<Record<string, SimVoterKind>>,
  seed: number,
): SimVote[] {
  const rng = seededRng(seed);
  const ids = Object.keys(voters);
  const votes: SimVote[] = [];
  for (let k = 0; k < count; k++) {
    const a = Math.floor(rng() * theta.length);
    let b = Math.floor(rng() * (theta.length - 1));
    if (b >= a) b++;
    const voter = ids[Math.floor(rng() * ids.length)] as string;
    const pa = 1 / (1 + Math.exp((theta[b] as number) - (theta[a] as number)));
    const u = rng();
    let aWins: boolean;
    switch (voters[voter]) {
      case 'inverted':
        aWins = u >= pa;
        break;
      case 'left':
        aWins = true; // `a` is shown on the left
        break;
      case 'random':
        aWins = u < 0.5;
        break;
      default:
        aWins = u < pa;
    }
    votes.push({
      winner: `p${aWins ? a : b}`,
      loser: `p${aWins ? b : a}`,
      voter,
    });
  }
  return votes;
}

export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const rng = seededRng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
