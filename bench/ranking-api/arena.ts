/**
 * One API run: a fresh server, N uploaded photos with hidden strengths θ from the ranking
 * bench's world of the same seed (the peers see the same θ and the same voters), and that
 * world's voters voting through the real arena API until each checkpoint (votes ÷ N), where the
 * server refits and the public board and the owners' view are read.
 */
import type { BundleEntry } from '../lib/server-process.js';
import { kendallTau } from '../ranking/metrics.js';
import { makeWorld } from '../ranking/sim.js';
import { decide, outcomeRng, type VoterModel } from '../ranking/voters.js';
import { Device, Tally, closeAgents } from '../sybil/client.js';
import { dwell, fetchPair, UNPACED, vote, type Cycle } from '../sybil/voting.js';
import { allBoard, categories, refitNow, type BoardRow } from '../sybil/world.js';
import { addressOf, ownersView, startServer, uploadPhotos } from './server.js';

/** A voter looks at a pair this long before tapping (the server ignores taps under 400 ms). */
const DWELL_MS: readonly [number, number] = [500, 900];

export interface ApiSettings {
  readonly n: number;
  readonly voters: number;
  readonly checkpoints: readonly number[];
  readonly concurrency: number;
}

export interface ApiCheckpoint {
  /** Accepted votes ÷ N when the checkpoint was read. */
  readonly votesPerPhoto: number;
  /** Share of the N photos on the public all-time board. */
  readonly coverage: number;
  /** τ over all N, unlisted photos tied below the listed ones (the headline). */
  readonly tauAll: number;
  /** τ over the listed photos only. */
  readonly tauListed: number;
  /** τ of all N by the score each owner sees on get_my_photos. */
  readonly tauOwners: number;
  /** Share of the N photos their owners see as provisional. */
  readonly provisional: number;
  readonly refitSeconds: number;
}

export interface ApiRun {
  readonly model: VoterModel;
  readonly seed: number;
  readonly checkpoints: ApiCheckpoint[];
  readonly tally: Tally;
  readonly uploadTally: Tally;
  /** Pair requests answered with no pair (not a limit): the arena had nothing to show. */
  readonly noPair: number;
  readonly seconds: { upload: number; voting: number; total: number };
  /** Photos never in a served pair by the end. */
  readonly neverShown: number;
}

/** τ-b of the board order against θ; photos off the board share the lowest place. */
function boardTaus(board: readonly BoardRow[], theta: Float64Array, indexOf: Map<number, number>) {
  const n = theta.length;
  const estimate = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  const listedTruth: number[] = [];
  const listedEstimate: number[] = [];
  for (const row of board) {
    const i = indexOf.get(row.id);
    if (i === undefined) continue;
    estimate[i] = -row.rank;
    listedTruth.push(theta[i] as number);
    listedEstimate.push(-row.rank);
  }
  return {
    listed: listedTruth.length,
    tauAll: kendallTau(theta, estimate),
    tauListed: kendallTau(listedTruth, listedEstimate),
  };
}

export async function runApi(
  bundle: BundleEntry,
  root: string,
  settings: ApiSettings,
  model: VoterModel,
  seed: number,
): Promise<ApiRun> {
  const started = performance.now();
  const maxVotes = Math.round(Math.max(...settings.checkpoints) * settings.n);
  const world = makeWorld({
    seed,
    photos: settings.n,
    voters: settings.voters,
    model,
    boostedShare: 0,
    votes: maxVotes,
  });
  const server = await startServer(bundle, root, `${model}-${seed}`);
  try {
    const category = (await categories(server.url))[0];
    if (!category) throw new Error('no category');
    const uploadTally = new Tally();
    const owners = await uploadPhotos(server.url, category.id, settings.n, uploadTally);
    const uploaded = performance.now();
    const indexOf = new Map(owners.map((owner, i) => [owner.photoId, i]));
    console.log(
      `   ${owners.length} photos uploaded in ${((uploaded - started) / 1000).toFixed(0)} s ` +
        `(429xx ${uploadTally.rateLimited}, other ${uploadTally.refusalSummary() || 'none'})`,
    );

    const tally = new Tally();
    const cycle: Cycle = { tally, pacer: UNPACED, over: () => false, backoffMs: [2000, 4000] };
    const devices = Array.from(
      { length: settings.voters },
      (_, v) => new Device(server.url, addressOf(100, v), tally),
    );
    const rng = outcomeRng(seed);
    const shown = new Uint8Array(settings.n);
    let cursor = 0;
    let inFlight = 0;
    let noPair = 0;
    const checkpoints: ApiCheckpoint[] = [];
    for (const checkpoint of settings.checkpoints) {
      const goal = Math.round(checkpoint * settings.n);
      await Promise.all(
        Array.from({ length: settings.concurrency }, async () => {
          while (tally.votesAccepted + inFlight < goal) {
            inFlight += 1;
            const v = world.stream[cursor % world.stream.length] as number;
            cursor += 1;
            try {
              const device = devices[v];
              if (!device) continue;
              const pair = await fetchPair(cycle, device, category.id);
              if (!pair) {
                noPair += 1;
                continue;
              }
              const [left, right] = pair.ids.map((id) => indexOf.get(id) ?? -1);
              if (left === undefined || right === undefined || left < 0 || right < 0) continue;
              shown[left] = 1;
              shown[right] = 1;
              await dwell(DWELL_MS);
              const side = decide(world.population, world.theta, v, left, right, rng);
              await vote(cycle, device, pair, side === 'left' ? pair.ids[0] : pair.ids[1]);
            } finally {
              inFlight -= 1;
            }
          }
        }),
      );
      const refitStarted = performance.now();
      const refitted = await refitNow(server);
      const refitSeconds = (performance.now() - refitStarted) / 1000;
      const board = await allBoard(server.url, category.id, refitted);
      const taus = boardTaus(board, world.theta, indexOf);
      const view = await ownersView(owners);
      const ownerScore = Float64Array.from(
        owners,
        (owner) => view.get(owner.photoId)?.score ?? Number.NEGATIVE_INFINITY,
      );
      const provisional = [...view.values()].filter((photo) => photo.provisional).length;
      const point: ApiCheckpoint = {
        votesPerPhoto: tally.votesAccepted / settings.n,
        coverage: taus.listed / settings.n,
        tauAll: taus.tauAll,
        tauListed: taus.tauListed,
        tauOwners: kendallTau(world.theta, ownerScore),
        provisional: provisional / settings.n,
        refitSeconds,
      };
      checkpoints.push(point);
      console.log(
        `   ${checkpoint} votes/photo (${point.votesPerPhoto.toFixed(2)}): board ` +
          `${taus.listed}/${settings.n}, τ all ${point.tauAll.toFixed(3)}, listed ` +
          `${point.tauListed.toFixed(3)}, owners ${point.tauOwners.toFixed(3)}, provisional ` +
          `${(100 * point.provisional).toFixed(0)}%, refit ${refitSeconds.toFixed(1)} s, ` +
          `${((performance.now() - started) / 1000).toFixed(0)} s in`,
      );
    }
    const ended = performance.now();
    return {
      model,
      seed,
      checkpoints,
      tally,
      uploadTally,
      noPair,
      seconds: {
        upload: (uploaded - started) / 1000,
        voting: (ended - uploaded) / 1000,
        total: (ended - started) / 1000,
      },
      neverShown: shown.reduce((count, seen) => count + (seen === 1 ? 0 : 1), 0),
    };
  } finally {
    await server.close();
    await closeAgents();
  }
}
