/**
 * Pairing (DESIGN §5 and §6): which two photos of a category one voter sees next.
 *
 * Hard rules, on every kind of pair: never the voter's own photo; never a pair this voter
 * already judged; the two photos have different owners; left/right at random. Soft rule: the
 * owners the voter saw in the last few pairs are avoided during the first half of the attempts.
 *
 * Kinds, drawn with one uniform number against the configured shares (a kind that cannot be
 * served falls back to an information pair):
 *  - gold       (goldShare)       two photos with enough comparisons whose expected winner wins
 *                                 with probability ≥ goldMinProbability, uncertainty included;
 *                                 measures the voter's reliability;
 *  - boost      (boostShare)      a boosted photo (boostRemaining > 0, not ahead of its pace) on one
 *                                 side; the share is the cap of all boosts together; the voter may
 *                                 opt out (per-voter cap). Information, placement and opponent
 *                                 choices see a photo without its boosted comparisons, so a boost
 *                                 adds to its organic pairs instead of replacing them
 *                                 (boost-delivery.ts);
 *  - placement  (placementShare)  a photo in its placement burst (fewer than placementComparisons
 *                                 comparisons), the one with the fewest of a small sample;
 *  - random     (randomShare)     two photos uniformly at random;
 *  - info       (the rest)        of K sampled photos the most uncertain (largest σ², then fewest
 *                                 comparisons);
 *  - invited      (pickPairWith)    a photo the voter asked to judge ("来比一比" on its page), served
 *                                 once per photo per voter per day (the caller's rule).
 * For info, placement and boost pairs the opponent is chosen the same way: around the first
 * photo's rank in μ order (binary search in the index), the eligible candidate with the largest
 * expected information p(1−p)·(σi² + σj²). A boosted photo's opponent and votes are therefore
 * exactly those of any other photo; only its exposure differs.
 *
 * Work per call is bounded: at most `pairAttempts` attempts of O(K log n) each, then a scan of at
 * most SCAN_LIMIT photos. Never a scan of the category.
 */
import { boostDue, organicView } from './boost-delivery.js';
import type { CategoryIndex, IndexedPhoto } from './category-index.js';
import { probitScale, sigmoid, winProbability } from './math.js';
import { type RatingParams } from './params.js';
import { randomInt, type Rng } from './rng.js';

export type PairKind = 'info' | 'random' | 'gold' | 'placement' | 'boost' | 'invited';

export interface PairingVoter {
  /** The voter's user id, when signed in; their own photos are never shown to them. */
  readonly userId?: string | null;
  /** Whether this voter already judged the pair (either order). */
  readonly hasJudged?: (a: string, b: string) => boolean;
  /** Alternatively, the judged pairs as `pairKey(a, b)` strings. */
  readonly judgedPairs?: ReadonlySet<string>;
  /** Owners of the photos in the voter's last few pairs (avoided when possible). */
  readonly recentOwners?: readonly string[];
  /** False when this voter has reached their own cap of boosted pairs. Default true. */
  readonly allowBoost?: boolean;
  /** The request's time (ms): boosted photos are offered at their pace. Absent: no pace. */
  readonly now?: number;
}

export interface ChosenPair {
  readonly kind: PairKind;
  readonly left: IndexedPhoto;
  readonly right: IndexedPhoto;
  /** P(left wins) from the current beliefs, uncertainty included. */
  readonly leftWinProbability: number;
  /** The boosted photo whose exposure this pair spends (kind 'boost' only). */
  readonly boostedPhotoId: string | null;
  /** For gold pairs: the photo expected to win; a vote for it passes. */
  readonly goldExpectedWinnerId: string | null;
}

export type PickFailure = 'too_few_photos' | 'no_eligible_pair';

export type PickResult =
  | { readonly pair: ChosenPair; readonly reason: null }
  | { readonly pair: null; readonly reason: PickFailure };

/** Largest number of photos looked at by the last-resort scan. */
export const SCAN_LIMIT = 64;

/** The key of an unordered pair, as used in `PairingVoter.judgedPairs`. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** Expected information of comparing two photos: p(1−p)·(σi² + σj²). */
export function pairInformation(a: IndexedPhoto, b: IndexedPhoto): number {
  const p = sigmoid(a.mu - b.mu);
  return p * (1 - p) * (a.sigma2 + b.sigma2);
}

class Picker {
  private readonly userId: string | null;
  private readonly recent: ReadonlySet<string>;
  private readonly judged: (a: string, b: string) => boolean;
  private readonly now: number | undefined;
  /** Whether recently seen owners are still excluded (first half of the attempts). */
  strict: boolean;

  constructor(
    private readonly index: CategoryIndex,
    voter: PairingVoter,
    private readonly rng: Rng,
    private readonly params: RatingParams,
  ) {
    this.userId = voter.userId ?? null;
    this.recent = new Set(voter.recentOwners ?? []);
    const { hasJudged, judgedPairs } = voter;
    this.judged = (a, b) =>
      (hasJudged !== undefined && hasJudged(a, b)) ||
      (judgedPairs !== undefined && judgedPairs.has(pairKey(a, b)));
    this.strict = this.recent.size > 0;
    this.now = voter.now;
  }

  /** How organic selection sees a photo: without its boosted comparisons (boost-delivery.ts). */
  private organic(photo: IndexedPhoto): IndexedPhoto {
    return organicView(photo, this.params);
  }

  /** May this photo be shown to this voter at all? */
  usable(photo: IndexedPhoto): boolean {
    if (photo.ownerId === this.userId) return false;
    return !(this.strict && this.recent.has(photo.ownerId));
  }

  /** May these two photos be shown together to this voter? */
  compatible(a: IndexedPhoto, b: IndexedPhoto): boolean {
    return (
      a.id !== b.id &&
      a.ownerId !== b.ownerId &&
      this.usable(a) &&
      this.usable(b) &&
      !this.judged(a.id, b.id)
    );
  }

  randomPhoto(): IndexedPhoto {
    return this.index.at(randomInt(this.rng, this.index.size));
  }

  /** Of K sampled photos, the most uncertain usable one. O(K). */
  infoFirst(): IndexedPhoto | null {
    let best: IndexedPhoto | null = null;
    let bestSeen: IndexedPhoto | null = null;
    const k = Math.max(1, this.params.infoCandidates);
    for (let i = 0; i < k; i++) {
      const photo = this.randomPhoto();
      if (!this.usable(photo)) continue;
      const seen = this.organic(photo);
      if (
        bestSeen === null ||
        seen.sigma2 > bestSeen.sigma2 ||
        (seen.sigma2 === bestSeen.sigma2 && seen.comparisons < bestSeen.comparisons)
      ) {
        best = photo;
        bestSeen = seen;
      }
    }
    return best;
  }

  /** Of a few sampled placement-burst photos, the usable one with the fewest comparisons. */
  placementFirst(): IndexedPhoto | null {
    const count = this.index.placementCount;
    if (count === 0) return null;
    let best: IndexedPhoto | null = null;
    let bestSeen: IndexedPhoto | null = null;
    const k = Math.max(1, Math.min(count, this.params.infoCandidates));
    for (let i = 0; i < k; i++) {
      const photo = this.index.placementAt(randomInt(this.rng, count));
      if (!this.usable(photo)) continue;
      const seen = this.organic(photo);
      if (
        bestSeen === null ||
        seen.comparisons < bestSeen.comparisons ||
        (seen.comparisons === bestSeen.comparisons && seen.sigma2 > bestSeen.sigma2)
      ) {
        best = photo;
        bestSeen = seen;
      }
    }
    return best;
  }

  /** A uniformly drawn usable boosted photo that is not ahead of its pace. */
  boostFirst(): IndexedPhoto | null {
    const count = this.index.boostedCount;
    if (count === 0) return null;
    for (let i = 0; i < 4; i++) {
      const photo = this.index.boostedAt(randomInt(this.rng, count));
      if (this.usable(photo) && boostDue(photo, this.now, this.params)) return photo;
    }
    return null;
  }

  /**
   * The opponent of `first`: among `opponentCandidates` photos drawn within `window` ranks of
   * its position in μ order, the compatible one with the largest expected information.
   * O(candidates · log n).
   */
  opponent(first: IndexedPhoto, window: number): IndexedPhoto | null {
    const n = this.index.size;
    const rank = this.index.rankOf(first.id);
    if (rank < 0 || n < 2) return null;
    const w = Math.max(1, Math.min(n - 1, window));
    let best: IndexedPhoto | null = null;
    let bestInfo = -1;
    const seenFirst = this.organic(first);
    const tries = Math.max(1, this.params.opponentCandidates);
    for (let i = 0; i < tries; i++) {
      const offset = 1 + randomInt(this.rng, w);
      let r = this.rng() < 0.5 ? rank - offset : rank + offset;
      if (r < 0 || r >= n) r = rank - (r - rank); // reflect to the other side
      if (r < 0 || r >= n) continue;
      const candidate = this.index.byRank(r);
      if (!this.compatible(first, candidate)) continue;
      const info = pairInformation(seenFirst, this.organic(candidate));
      if (info > bestInfo) {
        bestInfo = info;
        best = candidate;
      }
    }
    return best;
  }

  /** A gold pair: both with enough comparisons, the expected winner's P ≥ goldMinProbability. */
  gold(): [IndexedPhoto, IndexedPhoto] | null {
    const { goldMinComparisons, goldMinProbability } = this.params;
    const a = this.randomPhoto();
    if (a.comparisons < goldMinComparisons || !this.usable(a)) return null;
    // Smallest gap that could reach the probability (if the opponent were certain).
    const pmin = Math.min(0.999999, Math.max(0.5, goldMinProbability));
    const gap = Math.log(pmin / (1 - pmin)) / probitScale(a.sigma2);
    const n = this.index.size;
    const below = this.index.countBelow(a.mu - gap);
    const above = n - this.index.countAtMost(a.mu + gap);
    if (below + above === 0) return null;
    const pick = randomInt(this.rng, below + above);
    const b = this.index.byRank(pick < below ? pick : n - above + (pick - below));
    if (b.comparisons < goldMinComparisons || !this.compatible(a, b)) return null;
    const p = winProbability(a.mu, a.sigma2, b.mu, b.sigma2);
    if (Math.max(p, 1 - p) < pmin) return null;
    return [a, b];
  }

  /** Two uniformly drawn compatible photos. */
  random(): [IndexedPhoto, IndexedPhoto] | null {
    const a = this.randomPhoto();
    const b = this.randomPhoto();
    return this.compatible(a, b) ? [a, b] : null;
  }

  /** Last resort: a compatible pair among at most SCAN_LIMIT consecutive slots. */
  scan(): [IndexedPhoto, IndexedPhoto] | null {
    const n = this.index.size;
    const limit = Math.min(n, SCAN_LIMIT);
    const start = randomInt(this.rng, n);
    const seen: IndexedPhoto[] = [];
    for (let i = 0; i < limit; i++) {
      const photo = this.index.at((start + i) % n);
      if (!this.usable(photo)) continue;
      for (const other of seen) if (this.compatible(other, photo)) return [other, photo];
      seen.push(photo);
    }
    return null;
  }
}

/**
 * Picks the next pair for one voter in one category. Pure apart from the injected `rng`; never
 * modifies the index (the caller records the serve, and later the vote, itself).
 */
export function pickPair(
  index: CategoryIndex,
  voter: PairingVoter,
  rng: Rng,
  params: RatingParams = index.params,
): PickResult {
  const own =
    voter.userId === undefined || voter.userId === null ? 0 : index.ownerCount(voter.userId);
  if (index.size - own < 2) return { pair: null, reason: 'too_few_photos' };

  const picker = new Picker(index, voter, rng, params);
  const attempts = Math.max(2, Math.floor(params.pairAttempts));
  const relaxAt = Math.floor(attempts / 2);

  // The kind, from one draw against the cumulative shares.
  const draw = rng();
  let kind: PairKind = 'info';
  let edge = params.goldShare;
  if (draw < edge) kind = 'gold';
  else if (draw < (edge += params.boostShare)) kind = 'boost';
  else if (draw < (edge += params.placementShare)) kind = 'placement';
  else if (draw < (edge += params.randomShare)) kind = 'random';

  if (kind === 'boost' && (voter.allowBoost === false || index.boostedCount === 0)) kind = 'info';
  if (kind === 'placement' && index.placementCount === 0) kind = 'info';

  let found: [IndexedPhoto, IndexedPhoto] | null = null;
  let servedKind: PairKind = kind;
  for (let attempt = 0; attempt < attempts && found === null; attempt++) {
    if (attempt === relaxAt) picker.strict = false;
    // The drawn kind gets the first half of the attempts, information pairs the rest.
    const current: PairKind = attempt < relaxAt ? kind : kind === 'random' ? 'random' : 'info';
    const window = params.opponentWindow * 2 ** Math.min(20, attempt >> 1);
    let first: IndexedPhoto | null = null;
    switch (current) {
      case 'gold':
        found = picker.gold();
        break;
      case 'random':
        found = picker.random();
        break;
      case 'boost':
        first = picker.boostFirst();
        break;
      case 'placement':
        first = picker.placementFirst();
        break;
      case 'info':
        first = picker.infoFirst();
        break;
    }
    if (first !== null) {
      const second = picker.opponent(first, window);
      if (second !== null) found = [first, second];
    }
    servedKind = current;
  }
  if (found === null) {
    picker.strict = false;
    found = picker.scan();
    servedKind = 'random';
  }
  if (found === null) return { pair: null, reason: 'no_eligible_pair' };

  const [a, b] = found;
  const [left, right] = rng() < 0.5 ? [a, b] : [b, a];
  const leftWinProbability = winProbability(left.mu, left.sigma2, right.mu, right.sigma2);
  return {
    pair: {
      kind: servedKind,
      left,
      right,
      leftWinProbability,
      boostedPhotoId: servedKind === 'boost' ? a.id : null,
      goldExpectedWinnerId: servedKind === 'gold' ? (a.mu >= b.mu ? a.id : b.id) : null,
    },
    reason: null,
  };
}

/**
 * The pair for "来比一比": `photoId` on one side and its opponent chosen as for any photo (around
 * its rank in μ order, the most informative compatible one), under the hard rules (never the
 * voter's own, never a pair already judged). The voter asked for this photo, so recently seen
 * owners are not avoided. Null when the photo is not in the index or has no eligible opponent:
 * the caller then serves a normal pair.
 */
export function pickPairWith(
  index: CategoryIndex,
  photoId: string,
  voter: PairingVoter,
  rng: Rng,
  params: RatingParams = index.params,
): ChosenPair | null {
  const first = index.get(photoId);
  const picker = new Picker(index, voter, rng, params);
  picker.strict = false;
  if (first === undefined || !picker.usable(first)) return null;
  const attempts = Math.max(2, Math.floor(params.pairAttempts));
  let second: IndexedPhoto | null = null;
  for (let attempt = 0; attempt < attempts && second === null; attempt++) {
    second = picker.opponent(first, params.opponentWindow * 2 ** Math.min(20, attempt >> 1));
  }
  // Last resort, bounded like pickPair's: the first compatible photo of a short run of slots.
  const n = index.size;
  const start = randomInt(rng, Math.max(1, n));
  for (let i = 0; i < Math.min(n, SCAN_LIMIT) && second === null; i++) {
    const candidate = index.at((start + i) % n);
    if (picker.compatible(first, candidate)) second = candidate;
  }
  if (second === null) return null;
  const [left, right] = rng() < 0.5 ? [first, second] : [second, first];
  return {
    kind: 'invited',
    left,
    right,
    leftWinProbability: winProbability(left.mu, left.sigma2, right.mu, right.sigma2),
    boostedPhotoId: null,
    goldExpectedWinnerId: null,
  };
}
