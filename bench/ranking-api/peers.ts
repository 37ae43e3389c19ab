/**
 * The in-process peers on the same worlds as the API runs (bench/ranking's makeWorld: the same
 * θ and voters for a given seed and model), each with its natural matchmaking (peers/), scored
 * by Kendall τ over all N at the same votes-per-photo checkpoints. The in-process engine
 * simulation runs beside them as a reference for what the API side should reach.
 */
import { accuracy } from '../ranking/accuracy.js';
import type { SystemName } from '../ranking/peers/index.js';
import type { VoterModel } from '../ranking/voters.js';

export const PEERS = ['trueskill', 'glicko2', 'openskill', 'bradley-terry'] as const;
export const REFERENCE: SystemName = 'engine';

export interface PeerSettings {
  readonly n: number;
  readonly voters: number;
  /** Checkpoint spacing and the largest checkpoint, in votes per photo. */
  readonly step: number;
  readonly max: number;
  readonly seeds: number;
}

/** Mean τ of `system` over the seeds, keyed by checkpoint (votes per photo). */
export function peerTau(
  system: SystemName,
  model: VoterModel,
  settings: PeerSettings,
): Map<number, number> {
  const sums = new Map<number, { total: number; count: number }>();
  for (let seed = 1; seed <= settings.seeds; seed += 1) {
    const result = accuracy(
      { voters: settings.voters, step: settings.step, overrides: {} },
      { kind: 'accuracy', system, model, n: settings.n, seed, max: settings.max, keepVotes: false },
    );
    result.ms.forEach((m, k) => {
      const key = Math.round(m * 1000) / 1000;
      const sum = sums.get(key) ?? { total: 0, count: 0 };
      sum.total += result.tau[k] ?? 0;
      sum.count += 1;
      sums.set(key, sum);
    });
  }
  return new Map([...sums].map(([m, { total, count }]) => [m, total / count]));
}
