/**
 * The per-category in-memory index of active photos that pairing works on (DESIGN §5).
 *
 * Two views of the same entries, so a request never scans the category:
 *  - an order-statistics treap keyed by (μ, insertion sequence): O(log n) insert, update, remove,
 *    rank of a photo, photo at a rank, and "how many photos have μ below x" (binary search);
 *  - a dense array with swap-removal: O(1) uniform random access; two more dense arrays hold the
 *    photos in their placement burst and the boosted photos, also with O(1) random access.
 * Treap priorities are a hash of the insertion sequence, so the structure is deterministic.
 */
import { organicComparisons } from './boost-delivery.js';
import { updateOnline, type OnlineUpdateResult } from './online.js';
import { DEFAULT_RATING_PARAMS, type RatingParams } from './params.js';

export interface IndexedPhoto {
  readonly id: string;
  readonly ownerId: string;
  /** Current posterior mean (refit, then online updates). */
  readonly mu: number;
  /** Current posterior variance. */
  readonly sigma2: number;
  /** Informative comparisons so far (votes with positive weight). */
  readonly comparisons: number;
  /** Boosted exposures still owed (DESIGN §6); > 0 means boosted. */
  readonly boostRemaining: number;
  /** The boost run's exposures bought and its schedule's start (boost-delivery.ts). */
  readonly boostBought?: number;
  readonly boostStartedAt?: number | null;
  /** Boosted exposures ever settled: comparisons organic pairing does not count. */
  readonly boostServed?: number;
}

export type IndexedPhotoPatch = Partial<Omit<IndexedPhoto, 'id' | 'ownerId'>>;

interface Node {
  entry: IndexedPhoto;
  seq: number;
  priority: number;
  left: Node | null;
  right: Node | null;
  size: number;
  slot: number;
  placementSlot: number;
  boostSlot: number;
}

/** A 32-bit integer hash (splitmix-style finaliser) used as the treap priority. */
function hashPriority(seq: number): number {
  let x = (seq + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

const sizeOf = (node: Node | null): number => (node === null ? 0 : node.size);

/** Strict order of nodes: μ, then insertion sequence. True when (mu, seq) comes before `node`. */
function before(mu: number, seq: number, node: Node): boolean {
  return mu < node.entry.mu || (mu === node.entry.mu && seq < node.seq);
}

/** True when `node` comes before (mu, seq). */
function nodeBefore(node: Node, mu: number, seq: number): boolean {
  return node.entry.mu < mu || (node.entry.mu === mu && node.seq < seq);
}

function validate(entry: IndexedPhoto): void {
  if (!Number.isFinite(entry.mu) || !(entry.sigma2 > 0) || !Number.isFinite(entry.sigma2)) {
    throw new RangeError(`CategoryIndex: photo ${entry.id} has an invalid mu or sigma2`);
  }
}

export class CategoryIndex {
  readonly params: RatingParams;
  private root: Node | null = null;
  private readonly byId = new Map<string, Node>();
  private readonly dense: Node[] = [];
  private readonly placement: Node[] = [];
  private readonly boosted: Node[] = [];
  private readonly owners = new Map<string, number>();
  private nextSeq = 0;

  constructor(params: RatingParams = DEFAULT_RATING_PARAMS, photos: Iterable<IndexedPhoto> = []) {
    this.params = params;
    for (const photo of photos) this.upsert(photo);
  }

  /** Number of photos. */
  get size(): number {
    return this.dense.length;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): IndexedPhoto | undefined {
    return this.byId.get(id)?.entry;
  }

  /** The photo in dense slot `slot` (0 ≤ slot < size); slots are in no particular order. O(1). */
  at(slot: number): IndexedPhoto {
    const node = this.dense[slot];
    if (node === undefined) throw new RangeError(`CategoryIndex.at: no slot ${slot}`);
    return node.entry;
  }

  /** The photo with the given rank in ascending μ (0 = lowest). O(log n). */
  byRank(rank: number): IndexedPhoto {
    let node = this.root;
    let k = rank;
    while (node !== null) {
      const leftSize = sizeOf(node.left);
      if (k < leftSize) node = node.left;
      else if (k === leftSize) return node.entry;
      else {
        k -= leftSize + 1;
        node = node.right;
      }
    }
    throw new RangeError(`CategoryIndex.byRank: no rank ${rank}`);
  }

  /** Rank of a photo in ascending μ, or −1 when absent. O(log n). */
  rankOf(id: string): number {
    const target = this.byId.get(id);
    if (target === undefined) return -1;
    const { mu } = target.entry;
    let rank = 0;
    let node = this.root;
    while (node !== null) {
      if (node === target) return rank + sizeOf(node.left);
      if (before(mu, target.seq, node)) node = node.left;
      else {
        rank += sizeOf(node.left) + 1;
        node = node.right;
      }
    }
    return -1;
  }

  /** How many photos have μ < `mu` (binary search). O(log n). */
  countBelow(mu: number): number {
    let count = 0;
    let node = this.root;
    while (node !== null) {
      if (node.entry.mu < mu) {
        count += sizeOf(node.left) + 1;
        node = node.right;
      } else node = node.left;
    }
    return count;
  }

  /** How many photos have μ ≤ `mu`. O(log n). */
  countAtMost(mu: number): number {
    let count = 0;
    let node = this.root;
    while (node !== null) {
      if (node.entry.mu <= mu) {
        count += sizeOf(node.left) + 1;
        node = node.right;
      } else node = node.left;
    }
    return count;
  }

  /** Photos of one owner in the index. O(1). */
  ownerCount(ownerId: string): number {
    return this.owners.get(ownerId) ?? 0;
  }

  /** Photos still in their placement burst (comparisons < placementComparisons). */
  get placementCount(): number {
    return this.placement.length;
  }

  placementAt(i: number): IndexedPhoto {
    const node = this.placement[i];
    if (node === undefined) throw new RangeError(`CategoryIndex.placementAt: no slot ${i}`);
    return node.entry;
  }

  /** Photos with boostRemaining > 0. */
  get boostedCount(): number {
    return this.boosted.length;
  }

  boostedAt(i: number): IndexedPhoto {
    const node = this.boosted[i];
    if (node === undefined) throw new RangeError(`CategoryIndex.boostedAt: no slot ${i}`);
    return node.entry;
  }

  /** All photos in ascending μ. O(n). */
  *ascending(): IterableIterator<IndexedPhoto> {
    const stack: Node[] = [];
    let node = this.root;
    while (node !== null || stack.length > 0) {
      while (node !== null) {
        stack.push(node);
        node = node.left;
      }
      const top = stack.pop() as Node;
      yield top.entry;
      node = top.right;
    }
  }

  /** Inserts a photo or replaces the entry with the same id. O(log n). */
  upsert(photo: IndexedPhoto): void {
    validate(photo);
    const existing = this.byId.get(photo.id);
    if (existing !== undefined) {
      this.replace(existing, photo);
      return;
    }
    const seq = this.nextSeq++;
    const node: Node = {
      entry: photo,
      seq,
      priority: hashPriority(seq),
      left: null,
      right: null,
      size: 1,
      slot: this.dense.length,
      placementSlot: -1,
      boostSlot: -1,
    };
    this.byId.set(photo.id, node);
    this.dense.push(node);
    this.owners.set(photo.ownerId, this.ownerCount(photo.ownerId) + 1);
    this.treeInsert(node);
    this.syncMemberships(node);
  }

  /** Changes some fields of a photo; returns the new entry (undefined when absent). O(log n). */
  update(id: string, patch: IndexedPhotoPatch): IndexedPhoto | undefined {
    const node = this.byId.get(id);
    if (node === undefined) return undefined;
    const next = { ...node.entry, ...patch, id: node.entry.id, ownerId: node.entry.ownerId };
    validate(next);
    this.replace(node, next);
    return next;
  }

  /** Removes a photo; false when absent. O(log n). */
  remove(id: string): boolean {
    const node = this.byId.get(id);
    if (node === undefined) return false;
    this.treeRemove(node);
    this.byId.delete(id);
    CategoryIndex.swapRemove(this.dense, node.slot, (n, s) => (n.slot = s));
    if (node.placementSlot >= 0) {
      CategoryIndex.swapRemove(this.placement, node.placementSlot, (n, s) => (n.placementSlot = s));
    }
    if (node.boostSlot >= 0) {
      CategoryIndex.swapRemove(this.boosted, node.boostSlot, (n, s) => (n.boostSlot = s));
    }
    const owned = this.ownerCount(node.entry.ownerId) - 1;
    if (owned > 0) this.owners.set(node.entry.ownerId, owned);
    else this.owners.delete(node.entry.ownerId);
    return true;
  }

  /**
   * Applies one vote with the online update (online.ts): both photos' μ and σ² change and, when
   * the weight is positive, their comparison counts grow by one. Returns null when a photo is
   * absent. O(log n).
   */
  applyVote(winnerId: string, loserId: string, weight: number): OnlineUpdateResult | null {
    const winner = this.get(winnerId);
    const loser = this.get(loserId);
    if (winner === undefined || loser === undefined || winnerId === loserId) return null;
    const result = updateOnline(winner, loser, weight, this.params);
    const counted = weight > 0 ? 1 : 0;
    this.update(winnerId, { ...result.winner, comparisons: winner.comparisons + counted });
    this.update(loserId, { ...result.loser, comparisons: loser.comparisons + counted });
    return result;
  }

  /** Spends one boosted exposure of a photo (when a boosted pair's vote settles). O(log n). */
  consumeBoost(id: string): void {
    const entry = this.get(id);
    if (entry !== undefined && entry.boostRemaining > 0) {
      this.update(id, {
        boostRemaining: entry.boostRemaining - 1,
        boostServed: (entry.boostServed ?? 0) + 1,
      });
    }
  }

  /**
   * Installs a refit's results (μ and σ² by position of `ids`); photos absent from the index are
   * skipped. O(k log n) for k photos.
   */
  applyRefit(ids: readonly string[], mu: ArrayLike<number>, sigma2: ArrayLike<number>): void {
    for (let i = 0; i < ids.length; i++) {
      this.update(ids[i] as string, { mu: mu[i], sigma2: sigma2[i] });
    }
  }

  private replace(node: Node, next: IndexedPhoto): void {
    const previousOwner = node.entry.ownerId;
    if (next.ownerId !== previousOwner) {
      const owned = this.ownerCount(previousOwner) - 1;
      if (owned > 0) this.owners.set(previousOwner, owned);
      else this.owners.delete(previousOwner);
      this.owners.set(next.ownerId, this.ownerCount(next.ownerId) + 1);
    }
    if (next.mu !== node.entry.mu) {
      this.treeRemove(node);
      node.entry = next;
      this.treeInsert(node);
    } else {
      node.entry = next;
    }
    this.syncMemberships(node);
  }

  private syncMemberships(node: Node): void {
    // A boosted photo's placement burst lasts as long as its twin's would (boost-delivery.ts).
    const inPlacement = organicComparisons(node.entry) < this.params.placementComparisons;
    if (inPlacement && node.placementSlot < 0) {
      node.placementSlot = this.placement.length;
      this.placement.push(node);
    } else if (!inPlacement && node.placementSlot >= 0) {
      CategoryIndex.swapRemove(this.placement, node.placementSlot, (n, s) => (n.placementSlot = s));
      node.placementSlot = -1;
    }
    const isBoosted = node.entry.boostRemaining > 0;
    if (isBoosted && node.boostSlot < 0) {
      node.boostSlot = this.boosted.length;
      this.boosted.push(node);
    } else if (!isBoosted && node.boostSlot >= 0) {
      CategoryIndex.swapRemove(this.boosted, node.boostSlot, (n, s) => (n.boostSlot = s));
      node.boostSlot = -1;
    }
  }

  private static swapRemove(list: Node[], slot: number, setSlot: (n: Node, s: number) => void) {
    const last = list.pop() as Node;
    if (slot < list.length) {
      list[slot] = last;
      setSlot(last, slot);
    }
  }

  // ── Treap ─────────────────────────────────────────────────────────────────────────────────
  // Insert and remove walk one path from the root, as in a search, and split or merge only the
  // small subtree where the node goes or leaves (expected O(1) nodes): a photo's μ moves on every
  // vote and every refit, and splitting the whole tree three times a move (two splits to remove,
  // one to insert) took 1.6 s of a 12.7 s incremental refit at 200,000 photos (bench:scale).

  /** Puts `node` (its left, right and size unset) where its (μ, seq) and priority say. */
  private treeInsert(node: Node): void {
    const { mu } = node.entry;
    const { seq, priority } = node;
    let parent: Node | null = null;
    let current = this.root;
    // Down past every node of higher or equal priority (merge's order: a parent's is ≥ its
    // children's), counting the new node into each one's subtree.
    while (current !== null && current.priority >= priority) {
      current.size += 1;
      parent = current;
      current = before(mu, seq, current) ? current.left : current.right;
    }
    // The node takes `current`'s place, with `current`'s subtree split around it.
    const [left, right] = this.split(current, mu, seq);
    node.left = left;
    node.right = right;
    node.size = 1 + sizeOf(left) + sizeOf(right);
    if (parent === null) this.root = node;
    else if (before(mu, seq, parent)) parent.left = node;
    else parent.right = node;
  }

  /** Takes `target` out of the tree: its two subtrees, merged, take its place. */
  private treeRemove(target: Node): void {
    const { mu } = target.entry;
    const { seq } = target;
    let parent: Node | null = null;
    let current = this.root;
    while (current !== target) {
      if (current === null) throw new Error(`CategoryIndex: photo ${target.entry.id} not in order`);
      current.size -= 1;
      parent = current;
      current = before(mu, seq, current) ? current.left : current.right;
    }
    const joined = this.merge(target.left, target.right);
    if (parent === null) this.root = joined;
    else if (parent.left === target) parent.left = joined;
    else parent.right = joined;
    target.left = null;
    target.right = null;
    target.size = 1;
  }

  /** Splits into (nodes ordered before (mu, seq), the rest). */
  private split(node: Node | null, mu: number, seq: number): [Node | null, Node | null] {
    if (node === null) return [null, null];
    if (nodeBefore(node, mu, seq)) {
      const [l, r] = this.split(node.right, mu, seq);
      node.right = l;
      node.size = 1 + sizeOf(node.left) + sizeOf(l);
      return [node, r];
    }
    const [l, r] = this.split(node.left, mu, seq);
    node.left = r;
    node.size = 1 + sizeOf(r) + sizeOf(node.right);
    return [l, node];
  }

  private merge(a: Node | null, b: Node | null): Node | null {
    if (a === null) return b;
    if (b === null) return a;
    if (a.priority >= b.priority) {
      a.right = this.merge(a.right, b);
      a.size = 1 + sizeOf(a.left) + sizeOf(a.right);
      return a;
    }
    b.left = this.merge(a, b.left);
    b.size = 1 + sizeOf(b.left) + sizeOf(b.right);
    return b;
  }
}
