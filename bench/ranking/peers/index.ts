/** The systems the ranking benchmark compares: the real engine and its peers. */
import type { RatingParams } from '../../../apps/server/src/domain/rating/index.js';
import type { World } from '../sim.js';
import { BradleyTerryPeer } from './bradley-terry.js';
import { Elo } from './elo.js';
import { EnginePeer } from './engine.js';
import { Glicko2Peer } from './glicko2.js';
import { OpenSkillPeer } from './openskill.js';
import type { RankingSystem } from './system.js';
import { TrueSkillPeer } from './trueskill.js';

export const SYSTEMS = [
  'engine',
  'trueskill',
  'glicko2',
  'openskill',
  'bradley-terry',
  'elo-random',
  'elo-8closest',
] as const;
/**
 * Ceilings, not peers: the engine told which voters are not honest, which no real system knows.
 * `engine-filtered` never sees a bad or brigade voter's vote; `engine-flipped` also reads each
 * inverted voter's vote the other way round. They show how much of the bad voters' cost any
 * detection could still win. Run only when SYSTEMS names them.
 */
export const CEILINGS = ['engine-filtered', 'engine-flipped'] as const;
export const ALL_SYSTEMS = [...SYSTEMS, ...CEILINGS] as const;
export type SystemName = (typeof ALL_SYSTEMS)[number];

/** Whether `name` is a peer the engine is measured against (not the engine nor a ceiling). */
export const isPeer = (name: SystemName): boolean =>
  name !== 'engine' && !(CEILINGS as readonly string[]).includes(name);

/** How each system chooses its pairs, for the report. */
export const PAIRING: Record<SystemName, string> = {
  engine: 'its own pickPair (information, placement, gold, random)',
  trueskill: 'closest μ (ts-trueskill rate_1vs1, no draws)',
  glicko2: '8 closest ratings, rating periods of N/2 votes',
  openskill: 'closest ordinal (Plackett-Luce rate)',
  'bradley-terry': 'uniformly random pairs, offline ML fit at each checkpoint',
  'elo-random': 'uniformly random pairs, K=32',
  'elo-8closest': '8 closest ratings, K=32',
  'engine-filtered': 'the engine, bad and brigade voters’ votes dropped by an oracle (a ceiling)',
  'engine-flipped': 'the same, inverted voters’ votes read the other way round (a ceiling)',
};

export function makeSystem(
  name: SystemName,
  world: World,
  seed: number,
  overrides: Partial<RatingParams>,
): RankingSystem {
  switch (name) {
    case 'engine':
      return new EnginePeer(world, seed, overrides);
    case 'engine-filtered':
      return new EnginePeer(world, seed, overrides, 'filtered');
    case 'engine-flipped':
      return new EnginePeer(world, seed, overrides, 'flipped');
    case 'trueskill':
      return new TrueSkillPeer(world, seed);
    case 'glicko2':
      return new Glicko2Peer(world, seed);
    case 'openskill':
      return new OpenSkillPeer(world, seed);
    case 'bradley-terry':
      return new BradleyTerryPeer(world, seed);
    case 'elo-random':
      return new Elo(world, seed, 'random');
    case 'elo-8closest':
      return new Elo(world, seed, 'closest8');
  }
}
