/**
 * Glicko-2 (glicko2, the README's settings: τ 0.5, rating 1500, RD 200, volatility 0.06). Votes
 * are collected into rating periods of N/2 votes (one game per photo on average, as often as the
 * engine refits) and rated at the end of each period; a uniformly drawn photo meets one of the 8
 * unmet photos closest by rating. Ordered by rating.
 */
import { Glicko2, type Match, type Player } from 'glicko2';
import { seededRng, type Rng } from '../../../apps/server/src/domain/rating/index.js';
import type { World } from '../sim.js';
import { Meetings, closestPair } from './matchmaking.js';
import { outcome, randomSides, type RankingSystem, type Shown } from './system.js';

export class Glicko2Peer implements RankingSystem {
  private readonly ranking = new Glicko2({ tau: 0.5, rating: 1500, rd: 200, vol: 0.06 });
  private readonly players: Player[];
  private readonly rating: Float64Array;
  private readonly meetings: Meetings;
  private readonly rng: Rng;
  private readonly period: number;
  private matches: Match[] = [];

  constructor(world: World, seed: number) {
    const n = world.ids.length;
    this.players = Array.from({ length: n }, () => this.ranking.makePlayer());
    this.rating = Float64Array.from(this.players, (p) => p.getRating());
    this.meetings = new Meetings(n);
    this.rng = seededRng(seed * 31 + 3);
    this.period = Math.max(1, Math.floor(n / 2));
  }

  choose(): Shown {
    const [a, b] = closestPair(this.rating, 8, this.meetings, this.rng);
    return randomSides(a, b, this.rng);
  }

  take(_v: number, shown: Shown, side: 'left' | 'right'): void {
    const [w, l] = outcome(shown, side);
    this.matches.push([this.players[w] as Player, this.players[l] as Player, 1]);
    this.meetings.mark(w, l);
    if (this.matches.length >= this.period) {
      this.ranking.updateRatings(this.matches);
      this.matches = [];
      this.players.forEach((p, i) => (this.rating[i] = p.getRating()));
    }
  }

  scores(): Float64Array {
    return this.rating;
  }
}
