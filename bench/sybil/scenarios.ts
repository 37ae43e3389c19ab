/**
 * The traffic of each scenario: honest crowds (300 addresses, or one shared address) and the
 * attacks of issue 14, each from its own block of loopback source addresses so no per-address
 * window of one scenario spills into another.
 */
import { FormData } from 'undici';
import { makeJpegs } from '../faults/clients.js';
import { Device, Tally } from './client.js';
import {
  Pacer,
  UNPACED,
  attackerPacer,
  dwell,
  fetchPair,
  honestWinner,
  lanes,
  vote,
  type Cycle,
  type Pair,
} from './voting.js';
import type { BoardRow } from './world.js';

export interface Budget {
  /** Honest scenarios: voters, and the votes each casts (the same in both). */
  honestVoters: number;
  honestVotesEach: number;
  /** The shared address is paced by the per-address limits: it may need longer. */
  sharedSeconds: number;
  fishingIds: number;
  fishingSeconds: number;
  camouflageIds: number;
  camouflageSeconds: number;
  accounts: number;
  /** Target votes each account tries to land. */
  accountVotesEach: number;
  accountSeconds: number;
  omnipresentVotes: number;
  omnipresentSeconds: number;
}

export const FULL: Budget = {
  honestVoters: 300,
  honestVotesEach: 3,
  sharedSeconds: 420,
  fishingIds: 185,
  fishingSeconds: 150,
  camouflageIds: 1000,
  camouflageSeconds: 220,
  accounts: 50,
  accountVotesEach: 4,
  accountSeconds: 120,
  omnipresentVotes: 400,
  omnipresentSeconds: 120,
};

export const QUICK: Budget = {
  honestVoters: 300,
  honestVotesEach: 2,
  sharedSeconds: 240,
  fishingIds: 60,
  fishingSeconds: 60,
  camouflageIds: 300,
  camouflageSeconds: 70,
  accounts: 50,
  accountVotesEach: 2,
  accountSeconds: 60,
  omnipresentVotes: 150,
  omnipresentSeconds: 60,
};

export interface ScenarioInput {
  url: string;
  budget: Budget;
  truth: ReadonlyMap<number, number>;
  /** Every active category (honest voters spread over them); the first is the target's. */
  categoryIds: readonly number[];
  target: number;
  rivals: readonly number[];
}

export interface Traffic {
  tally: Tally;
  /** Distinct anonymous ids or accounts the scenario used. */
  identities: number;
  identityKind: 'ids' | 'accounts' | 'voters';
  /** Votes accepted that favour the attacker (for the target, or against a rival). */
  riggedVotes: number;
}

export type Kind = 'honest' | 'attack';

export interface Scenario {
  name: string;
  kind: Kind;
  describe: string;
  /** The target on the category's board before (and its close rivals, for omnipresent). */
  pick: (board: readonly BoardRow[]) => { target: number; rivals: number[] };
  run: (input: ScenarioInput) => Promise<Traffic>;
}

const ATTACKER_DWELL = [450, 750] as const;
const HUMAN_DWELL = [800, 2500] as const;

function deadline(seconds: number): () => boolean {
  const end = performance.now() + seconds * 1000;
  return () => performance.now() >= end;
}

/** 300 distinct /24s: 127.1.0.1 … 127.1.255.1, 127.2.0.1 … */
const distinctAddress = (index: number) => `127.${1 + Math.floor(index / 256)}.${index % 256}.1`;

const lastRanked = (board: readonly BoardRow[]) => {
  const last = board.at(-1);
  if (!last) throw new Error('the target category has no established photo');
  return { target: last.id, rivals: [] };
};

/** Honest voters, each on its own address or all behind one, over every category. */
async function honestCrowd(
  input: ScenarioInput,
  addressOf: (index: number) => string,
  seconds: number,
): Promise<Traffic> {
  const tally = new Tally();
  const cycle: Cycle = { tally, pacer: UNPACED, over: deadline(seconds), backoffMs: [4000, 12000] };
  const voters = Array.from(
    { length: input.budget.honestVoters },
    (_, index) => new Device(input.url, addressOf(index), tally),
  );
  await lanes(voters.length, cycle.over, async (lane) => {
    const device = voters[lane];
    if (!device) return false;
    // People arrive over ten seconds, not in one burst (which the load shedder would answer).
    await dwell([0, 10_000]);
    let landed = 0;
    for (let attempt = 0; landed < input.budget.honestVotesEach && attempt < 20; attempt += 1) {
      const category = input.categoryIds[Math.floor(Math.random() * input.categoryIds.length)];
      if (category === undefined) return false;
      const pair = await fetchPair(cycle, device, category);
      if (!pair) continue;
      await dwell(HUMAN_DWELL);
      if (await vote(cycle, device, pair, honestWinner(pair, input.truth))) landed += 1;
    }
    return false;
  });
  return { tally, identities: voters.length, identityKind: 'voters', riggedVotes: 0 };
}

/**
 * Fresh anonymous ids from one address, one after another on a few lanes: each fetches pairs
 * until the target shows up (or `tries` run out), then votes for it; with `camouflage`, an id
 * that never meets the target votes honestly on its last pair instead.
 */
async function fishWithFreshIds(
  input: ScenarioInput,
  options: { address: string; ids: number; seconds: number; tries: number; camouflage: boolean },
): Promise<Traffic> {
  const tally = new Tally();
  const cycle: Cycle = {
    tally,
    pacer: attackerPacer(),
    over: deadline(options.seconds),
    backoffMs: [1500, 3000],
  };
  const category = input.categoryIds[0] ?? 0;
  let ids = 0;
  let rigged = 0;
  await lanes(8, cycle.over, async () => {
    if (ids >= options.ids) return false;
    ids += 1;
    const device = new Device(input.url, options.address, tally);
    let last: Pair | null = null;
    for (let attempt = 0; attempt < options.tries && !cycle.over(); attempt += 1) {
      const pair = await fetchPair(cycle, device, category);
      if (!pair) continue;
      last = pair;
      if (pair.ids.includes(input.target)) {
        await dwell(ATTACKER_DWELL);
        if (await vote(cycle, device, pair, input.target)) rigged += 1;
        return true;
      }
    }
    if (options.camouflage && last) {
      await dwell(ATTACKER_DWELL);
      await vote(cycle, device, last, honestWinner(last, input.truth));
    }
    return true;
  });
  return { tally, identities: ids, identityKind: 'ids', riggedVotes: rigged };
}

/**
 * Device accounts made by uploading a photo without a session (each answer carries a session),
 * into another category so the target's board and pairs stay as they were.
 */
async function makeAccounts(
  input: ScenarioInput,
  addressOf: (index: number) => string,
  tally: Tally,
): Promise<Device[]> {
  const uploadCategory = input.categoryIds[1] ?? input.categoryIds[0] ?? 0;
  const images = await makeJpegs(input.budget.accounts);
  const accounts: Device[] = [];
  for (const [index, image] of images.entries()) {
    const device = new Device(input.url, addressOf(index), tally);
    const form = new FormData();
    form.append('category_id', String(uploadCategory));
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'me.jpg');
    const answer = await device.call<{ token?: string }>('/api/upload_photo', form);
    if (answer.code === 0 && typeof answer.data?.token === 'string') {
      device.token = answer.data.token;
      accounts.push(device);
    }
  }
  return accounts;
}

/** Signed-in accounts fish for the target, each until it landed its votes or time is up. */
async function fishWithAccounts(
  input: ScenarioInput,
  addressOf: (index: number) => string,
  pacerOf: (index: number) => Pacer,
): Promise<Traffic> {
  const tally = new Tally();
  const accounts = await makeAccounts(input, addressOf, tally);
  const over = deadline(input.budget.accountSeconds);
  const category = input.categoryIds[0] ?? 0;
  let rigged = 0;
  await lanes(accounts.length, over, async (lane) => {
    const device = accounts[lane];
    if (!device) return false;
    const cycle: Cycle = { tally, pacer: pacerOf(lane), over, backoffMs: [1500, 3000] };
    let landed = 0;
    for (let attempt = 0; landed < input.budget.accountVotesEach && attempt < 400; attempt += 1) {
      const pair = await fetchPair(cycle, device, category);
      if (!pair) {
        if (over()) break;
        continue;
      }
      if (!pair.ids.includes(input.target)) continue;
      await dwell(ATTACKER_DWELL);
      if (await vote(cycle, device, pair, input.target)) landed += 1;
    }
    rigged += landed;
    return false;
  });
  return { tally, identities: accounts.length, identityKind: 'accounts', riggedVotes: rigged };
}

/**
 * Omnipresent rigging (Min et al., ICML 2025): never votes on the target; whenever a pair holds
 * one of its close rivals and not the target, the rival loses. Fresh ids, a few votes each.
 */
async function omnipresent(input: ScenarioInput): Promise<Traffic> {
  const tally = new Tally();
  const cycle: Cycle = {
    tally,
    pacer: attackerPacer(),
    over: deadline(input.budget.omnipresentSeconds),
    backoffMs: [1500, 3000],
  };
  const category = input.categoryIds[0] ?? 0;
  const rivals = new Set(input.rivals);
  let ids = 0;
  let rigged = 0;
  await lanes(8, cycle.over, async () => {
    if (rigged >= input.budget.omnipresentVotes) return false;
    ids += 1;
    const device = new Device(input.url, '127.0.13.1', tally);
    let landed = 0;
    for (let attempt = 0; landed < 4 && attempt < 40 && !cycle.over(); attempt += 1) {
      const pair = await fetchPair(cycle, device, category);
      if (!pair || pair.ids.includes(input.target)) continue;
      const rival = pair.ids.find((id) => rivals.has(id));
      if (rival === undefined) continue;
      await dwell(ATTACKER_DWELL);
      const other = pair.ids[0] === rival ? pair.ids[1] : pair.ids[0];
      if (await vote(cycle, device, pair, other)) landed += 1;
    }
    rigged += landed;
    return true;
  });
  return { tally, identities: ids, identityKind: 'ids', riggedVotes: rigged };
}

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'honest',
    kind: 'honest',
    describe: 'honest voters, each from its own address (300 distinct /24s)',
    pick: lastRanked,
    run: (input) => honestCrowd(input, distinctAddress, input.budget.sharedSeconds),
  },
  {
    name: 'shared',
    kind: 'honest',
    describe: 'the same honest voters, all behind one address (campus or carrier NAT)',
    pick: lastRanked,
    run: (input) => honestCrowd(input, () => '127.0.20.1', input.budget.sharedSeconds),
  },
  {
    name: 'fishing',
    kind: 'attack',
    describe: 'fresh anonymous ids from one address fish for the last-ranked photo',
    pick: lastRanked,
    run: (input) =>
      fishWithFreshIds(input, {
        address: '127.0.9.1',
        ids: input.budget.fishingIds,
        seconds: input.budget.fishingSeconds,
        tries: 40,
        camouflage: false,
      }),
  },
  {
    name: 'camouflage',
    kind: 'attack',
    describe: 'fresh ids from one address, honest votes on other pairs, the target when it shows',
    pick: lastRanked,
    run: (input) =>
      fishWithFreshIds(input, {
        address: '127.0.11.1',
        ids: input.budget.camouflageIds,
        seconds: input.budget.camouflageSeconds,
        tries: 3,
        camouflage: true,
      }),
  },
  {
    name: 'accounts',
    kind: 'attack',
    describe: 'device accounts (one upload each) from one address fish signed in',
    pick: lastRanked,
    run: (input) => {
      const pacer = attackerPacer();
      return fishWithAccounts(
        input,
        () => '127.0.12.1',
        () => pacer,
      );
    },
  },
  {
    name: 'accounts-24',
    kind: 'attack',
    describe: 'the same accounts spread over 50 addresses of one /24',
    pick: lastRanked,
    run: (input) => {
      const pacers = new Map<number, Pacer>();
      return fishWithAccounts(
        input,
        (index) => `127.0.10.${(index % 50) + 1}`,
        (index) => {
          const key = index % 50;
          // Each account alone is held by the per-id pair limit (120 a minute) and the
          // per-user vote limit (60 a minute), not by its address's.
          const pacer = pacers.get(key) ?? new Pacer(115, 58);
          pacers.set(key, pacer);
          return pacer;
        },
      );
    },
  },
  {
    name: 'omnipresent',
    kind: 'attack',
    describe: 'never votes on a low-middle photo; its three closest rivals above it lose',
    pick: (board) => {
      const index = Math.max(3, Math.floor((board.length * 2) / 3));
      const target = board[index] ?? board.at(-1);
      if (!target) throw new Error('the target category has no established photo');
      const rivals = board.slice(Math.max(0, board.indexOf(target) - 3), board.indexOf(target));
      return { target: target.id, rivals: rivals.map((row) => row.id) };
    },
    run: omnipresent,
  },
];
