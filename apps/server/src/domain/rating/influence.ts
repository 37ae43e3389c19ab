/**
 * Sybil resistance in the refit (DESIGN §5, ADR 0024): ids cost nothing, so ranks must cost more
 * than ids. Two rules turn "many voices" into what they are worth:
 *
 * 1. One voice per photo and group, unless the group agrees with everyone else. A group is a
 *    network neighbourhood (IPv4 /24, IPv6 /64) or a single voter. The votes of one group on one
 *    photo first count as `groupVoicesPerPhoto` votes in all (each weighs K/n), and the refit fits
 *    a baseline with them. Then the group's own view of the photo is compared with that baseline:
 *    δ = R/V (one Newton step of the group's votes alone: R = Σ(won − p), V = Σ p(1 − p)) against
 *    its standard error √(1/V + σ²baseline). A group that agrees (|z| ≤ zLow) gets its full weight
 *    back, one that disagrees (|z| ≥ zHigh) keeps the damped weight, linearly in between. Honest
 *    voters behind one address agree with everyone else, so they keep their weight; a crowd that
 *    pushes one photo up (fishing) or its rivals down (omnipresent rigging) does not.
 * 2. Trust is earned. A voter's votes are multiplied by trust ∈ [trustPrior, 1], which grows with
 *    evidence: half a point for every vote that weighs something, one more for a vote that agrees
 *    with the baseline on a pair where it has an opinion (|Δθ| ≥ trustMargin) and one less for a
 *    vote that disagrees, plus gold pairs passed, minus twice those failed, over
 *    `trustFullEvidence`. A fresh id's few votes weigh a quarter of a trusted voter's.
 *
 * Everything here is a pure function over typed arrays (one entry per vote or per endpoint).
 */
import { sigmoid } from './math.js';
import { DEFAULT_RATING_PARAMS, type RatingParams } from './params.js';

/**
 * The groups with more than K votes on one photo. Endpoint 2e is vote e's winner, 2e + 1 its
 * loser; `endpointSlot` names the endpoint's (group, photo) slot, or −1 when that group has at
 * most K votes on the photo (then nothing is damped).
 */
export interface GroupSlots {
  readonly endpointSlot: Int32Array;
  /** Per slot: how many votes the group has on the photo. */
  readonly count: Int32Array;
}

/** Orders endpoint indices by photo (counting sort, O(endpoints + n)). */
function endpointsByPhoto(
  winner: Int32Array,
  loser: Int32Array,
  usable: Uint8Array,
  n: number,
): { start: Int32Array; order: Int32Array } {
  const start = new Int32Array(n + 1);
  const m = winner.length;
  for (let e = 0; e < m; e++) {
    if (usable[e] !== 1) continue;
    const a = (winner[e] as number) + 1;
    const b = (loser[e] as number) + 1;
    start[a] = (start[a] as number) + 1;
    start[b] = (start[b] as number) + 1;
  }
  for (let i = 0; i < n; i++) start[i + 1] = (start[i + 1] as number) + (start[i] as number);
  const fill = start.slice(0, n);
  const order = new Int32Array(start[n] as number);
  for (let e = 0; e < m; e++) {
    if (usable[e] !== 1) continue;
    const a = winner[e] as number;
    const b = loser[e] as number;
    order[fill[a] as number] = 2 * e;
    fill[a] = (fill[a] as number) + 1;
    order[fill[b] as number] = 2 * e + 1;
    fill[b] = (fill[b] as number) + 1;
  }
  return { start, order };
}

/**
 * The (group, photo) slots of the votes marked `usable` (two distinct photos in 0..n−1, positive
 * weight), for `group[e]` any integer key per vote.
 */
export function groupSlots(
  winner: Int32Array,
  loser: Int32Array,
  group: Int32Array,
  usable: Uint8Array,
  n: number,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): GroupSlots {
  const voices = Math.max(0.01, params.groupVoicesPerPhoto);
  const { start, order } = endpointsByPhoto(winner, loser, usable, n);
  const endpointSlot = new Int32Array(2 * winner.length).fill(-1);
  const counts: number[] = [];
  const perGroup = new Map<number, number>();
  for (let photo = 0; photo < n; photo++) {
    const from = start[photo] as number;
    const to = start[photo + 1] as number;
    if (to - from <= voices) continue;
    perGroup.clear();
    for (let k = from; k < to; k++) {
      const key = group[(order[k] as number) >> 1] as number;
      perGroup.set(key, (perGroup.get(key) ?? 0) + 1);
    }
    const slotOf = new Map<number, number>();
    for (const [key, count] of perGroup) {
      if (count <= voices) continue;
      slotOf.set(key, counts.length);
      counts.push(count);
    }
    if (slotOf.size === 0) continue;
    for (let k = from; k < to; k++) {
      const endpoint = order[k] as number;
      const slot = slotOf.get(group[endpoint >> 1] as number);
      if (slot !== undefined) endpointSlot[endpoint] = slot;
    }
  }
  return { endpointSlot, count: Int32Array.from(counts) };
}

/** The damped factor of every slot: the group's votes on the photo weigh K in all. */
export function dampedFactors(
  slots: GroupSlots,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): Float64Array {
  const voices = Math.max(0.01, params.groupVoicesPerPhoto);
  return Float64Array.from(slots.count, (count) => Math.min(1, voices / count));
}

/**
 * The factor of every slot after the agreement test against the baseline fit (`theta`), in
 * which every group was one voice, so a crowd cannot pass the test by having moved
 * the photo itself: 1 where the group agrees with everyone else, its damped factor where it
 * plainly does not, linear in |z| between.
 */
export function restoredFactors(
  slots: GroupSlots,
  winner: Int32Array,
  loser: Int32Array,
  usable: Uint8Array,
  theta: Float64Array,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): Float64Array {
  const slotCount = slots.count.length;
  // Every vote's information on each photo, so the group's own can be left out of the baseline's
  // uncertainty: the test asks whether everyone else could be this wrong about the photo.
  const photoInformation = new Float64Array(theta.length);
  // The group's push on the photo: Σ (won − chance of winning) over its votes on it.
  const residual = new Float64Array(slotCount);
  const information = new Float64Array(slotCount);
  const photo = new Int32Array(slotCount);
  for (let e = 0; e < winner.length; e++) {
    if (usable[e] !== 1) continue;
    const won = slots.endpointSlot[2 * e] as number;
    const lost = slots.endpointSlot[2 * e + 1] as number;
    const a = winner[e] as number;
    const b = loser[e] as number;
    const p = sigmoid((theta[a] as number) - (theta[b] as number));
    photoInformation[a] = (photoInformation[a] as number) + p * (1 - p);
    photoInformation[b] = (photoInformation[b] as number) + p * (1 - p);
    if (won >= 0) {
      residual[won] = (residual[won] as number) + (1 - p);
      information[won] = (information[won] as number) + p * (1 - p);
      photo[won] = a;
    }
    if (lost >= 0) {
      residual[lost] = (residual[lost] as number) - (1 - p);
      information[lost] = (information[lost] as number) + p * (1 - p);
      photo[lost] = b;
    }
  }
  const damped = dampedFactors(slots, params);
  const low = params.groupAgreementZLow;
  const high = Math.max(low + 1e-9, params.groupAgreementZHigh);
  const factors = new Float64Array(slotCount);
  for (let s = 0; s < slotCount; s++) {
    const v = Math.max(1e-9, information[s] as number);
    const shift = (residual[s] as number) / v;
    const others = Math.max(0, (photoInformation[photo[s] as number] as number) - v);
    const z = Math.abs(shift) / Math.sqrt(1 / v + 1 / (1 / params.priorVariance + others));
    const agreement = Math.min(1, Math.max(0, (high - z) / (high - low)));
    const floor = damped[s] as number;
    factors[s] = floor + (1 - floor) * agreement;
  }
  return factors;
}

/**
 * Each vote's factor: the smallest factor of its two endpoints over every grouping (a vote counts
 * as much as the most damped of its group's voices allows).
 */
export function voteFactors(
  count: number,
  groupings: readonly { slots: GroupSlots; factors: Float64Array }[],
): Float64Array {
  const out = new Float64Array(count).fill(1);
  for (const { slots, factors } of groupings) {
    for (let e = 0; e < count; e++) {
      const won = slots.endpointSlot[2 * e] as number;
      const lost = slots.endpointSlot[2 * e + 1] as number;
      let f = out[e] as number;
      if (won >= 0) f = Math.min(f, factors[won] as number);
      if (lost >= 0) f = Math.min(f, factors[lost] as number);
      out[e] = f;
    }
  }
  return out;
}

/** The trust of a voter with this much evidence (see the module comment). */
export function trustFromEvidence(
  evidence: number,
  params: RatingParams = DEFAULT_RATING_PARAMS,
): number {
  const prior = Math.min(1, Math.max(0, params.trustPrior));
  const full = Math.max(1e-9, params.trustFullEvidence);
  const earned = Math.min(1, Math.max(0, evidence / full));
  return prior + (1 - prior) * earned;
}

/** Every voter's earned trust from their usable votes against the baseline `theta`. */
export function earnedTrust(
  winner: Int32Array,
  loser: Int32Array,
  voter: Int32Array,
  usable: Uint8Array,
  theta: Float64Array,
  voterCount: number,
  gold: readonly { voter: number; passed: number; failed: number }[],
  params: RatingParams = DEFAULT_RATING_PARAMS,
): Float64Array {
  const evidence = new Float64Array(voterCount);
  for (let e = 0; e < winner.length; e++) {
    if (usable[e] !== 1) continue;
    const v = voter[e] as number;
    const gap = (theta[winner[e] as number] as number) - (theta[loser[e] as number] as number);
    const agreement = Math.abs(gap) < params.trustMargin ? 0 : gap > 0 ? 1 : -1;
    evidence[v] = (evidence[v] as number) + params.trustVoteEvidence + agreement;
  }
  for (const tally of gold) {
    if (tally.voter < 0 || tally.voter >= voterCount) continue;
    evidence[tally.voter] =
      (evidence[tally.voter] as number) +
      params.trustGoldEvidence * (Math.max(0, tally.passed) - 2 * Math.max(0, tally.failed));
  }
  return Float64Array.from(evidence, (value) => trustFromEvidence(value, params));
}

/**
 * The Laplace variance of every photo at `theta` from votes weighted by `weight` and their voter's
 * reliability weight, but not by trust: how much independent, agreeing evidence a photo has seen.
 * It decides the provisional state and the pairing's uncertainty, so a community of new voters
 * still places photos while their votes move scores less than trusted ones do.
 */
export function evidenceVariance(
  winner: Int32Array,
  loser: Int32Array,
  voter: Int32Array,
  weight: Float64Array,
  voterWeight: Float64Array,
  theta: Float64Array,
  priorVariance: number,
): Float64Array {
  const information = new Float64Array(theta.length);
  for (let e = 0; e < winner.length; e++) {
    const c = (weight[e] as number) * (voterWeight[voter[e] as number] as number);
    if (!(c > 0)) continue;
    const a = winner[e] as number;
    const b = loser[e] as number;
    const p = sigmoid((theta[a] as number) - (theta[b] as number));
    const info = c * p * (1 - p);
    information[a] = (information[a] as number) + info;
    information[b] = (information[b] as number) + info;
  }
  return Float64Array.from(information, (info) => 1 / (1 / priorVariance + info));
}
