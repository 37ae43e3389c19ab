/**
 * The arena cycle as the bench's devices run it: fetch a pair, look at it for a human-like
 * moment (the server ignores votes faster than ARENA_MIN_DWELL_MS), vote on the served pair.
 * Every 429xx is counted and waited out, as a phone or a patient attacker would.
 */
import { sigmoid } from '../../apps/server/src/domain/rating/index.js';
import { OVERLOADED, isRateLimited, type Device, type Tally } from './client.js';

export interface Pair {
  pairId: string;
  ids: [number, number];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const between = (min: number, max: number) => min + Math.random() * (max - min);

/**
 * Spaces one source address's calls so it stays just under the per-address limits it has
 * measured (today's defaults: 1,200 API calls and 300 votes a minute): an attacker that paces
 * itself gets more through a fixed window than one that hammers it.
 */
export class Pacer {
  private nextCall = 0;
  private nextVote = 0;

  constructor(
    private readonly callsPerMinute: number,
    private readonly votesPerMinute: number,
  ) {}

  async call(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.nextCall);
    this.nextCall = at + 60_000 / this.callsPerMinute;
    if (at > now) await sleep(at - now);
  }

  async vote(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.nextVote);
    this.nextVote = at + 60_000 / this.votesPerMinute;
    if (at > now) await sleep(at - now);
    await this.call();
  }
}

/** Paces nothing: people behind their own addresses. */
export const UNPACED = new Pacer(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
/** Just under today's default per-address limits. */
export const attackerPacer = () => new Pacer(1150, 290);

export interface Cycle {
  tally: Tally;
  pacer: Pacer;
  /** The scenario's time is up: stop waiting and give up. */
  over: () => boolean;
  /** How long to wait after a 429xx or 50300 before trying again. */
  backoffMs: readonly [min: number, max: number];
}

/** One pair of the category, or null when the time ran out or the server refused otherwise. */
export async function fetchPair(cycle: Cycle, device: Device, categoryId: number) {
  while (!cycle.over()) {
    await cycle.pacer.call();
    const answer = await device.call<{ pair_id: string; photos: { id: number }[] }>(
      '/api/get_random_photos_for_rating',
      { category_id: categoryId, anonymous_id: device.anonymousId },
    );
    if (answer.code === 0 && answer.data) {
      const [left, right] = answer.data.photos;
      if (!left || !right) return null;
      return { pairId: answer.data.pair_id, ids: [left.id, right.id] } satisfies Pair;
    }
    if (!isRateLimited(answer.code) && answer.code !== OVERLOADED) return null;
    await sleep(between(...cycle.backoffMs));
  }
  return null;
}

/** Votes on a served pair (retrying through 429xx); true when the server accepted it. */
export async function vote(
  cycle: Cycle,
  device: Device,
  pair: Pair,
  winner: number,
): Promise<boolean> {
  const loser = pair.ids[0] === winner ? pair.ids[1] : pair.ids[0];
  while (!cycle.over()) {
    await cycle.pacer.vote();
    cycle.tally.votesCast += 1;
    const answer = await device.call<{ already_recorded: boolean }>('/api/submit_photo_rating', {
      winner_photo_id: winner,
      loser_photo_id: loser,
      anonymous_id: device.anonymousId,
      pair_id: pair.pairId,
    });
    if (answer.code === 0) {
      if (answer.data?.already_recorded !== true) cycle.tally.votesAccepted += 1;
      return true;
    }
    if (!isRateLimited(answer.code) && answer.code !== OVERLOADED) return false;
    await sleep(between(...cycle.backoffMs));
  }
  return false;
}

/** A human-like look at the pair before voting (the server's floor is 400 ms). */
export const dwell = (range: readonly [number, number]) => sleep(between(...range));

/**
 * An honest voter's choice: Bradley-Terry on the hidden appeal with the demo seeding's scale
 * (appeal 0..1 spread to strengths -2..2); a photo without a known appeal counts as average.
 */
export function honestWinner(pair: Pair, truth: ReadonlyMap<number, number>): number {
  const [a, b] = pair.ids;
  const pa = truth.get(a) ?? 0.5;
  const pb = truth.get(b) ?? 0.5;
  return Math.random() < sigmoid(4 * (pa - pb)) ? a : b;
}

/** Runs `worker` on `concurrency` lanes until each returns false or the time is up. */
export async function lanes(
  concurrency: number,
  over: () => boolean,
  worker: (lane: number) => Promise<boolean>,
): Promise<void> {
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      while (!over() && (await worker(lane)));
    }),
  );
}
