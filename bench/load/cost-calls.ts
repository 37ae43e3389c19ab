/**
 * The calls the cost benches drive, and how their cost is read from /proc: shared by
 * `cost.ts` (one server, every figure) and `cost-compare.ts` (two builds side by side).
 */
import fs from 'node:fs';
import { RAISED, startDemoServer, type DemoServer } from './demo-server.js';
import { Client, signInMany, type Voter } from './traffic.js';

/** user + system CPU time of a process in ms, from /proc/<pid>/stat. */
export function cpuMs(pid: number, file = `/proc/${pid}/stat`): number {
  const stat = fs.readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

/**
 * The CPU time of the server's main thread (its event loop, whose share bounds the request
 * rate). The rest goes to V8's helpers (garbage collection, compilers), libuv's pool and the
 * worker threads; Node leaves all of them unnamed, so they are counted together.
 */
export function mainThreadCpuMs(pid: number): number {
  return cpuMs(pid, `/proc/${pid}/task/${pid}/stat`);
}

/** Bytes the process has written through write(2) and friends (/proc/<pid>/io, wchar). */
export function writtenBytes(pid: number): number {
  const io = fs.readFileSync(`/proc/${pid}/io`, 'utf8');
  return Number(/^wchar: (\d+)$/m.exec(io)?.[1] ?? 0);
}

/** CPU time of every PostgreSQL process on this machine (its backends do the queries' work). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        total += cpuMs(Number(entry));
      }
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

interface Pair {
  pair_id: string;
  photos: { id: number }[];
}

/** A demo server with its client, voters and the pairs it has served so far. */
export interface CostTarget {
  demo: DemoServer;
  pid: number;
  client: Client;
  categories: number[];
  signedIn: Voter[];
  voters: Voter[];
  pairs: { pair: Pair; voter: Voter }[];
}

/** The bundled server with the arena's rate limits out of the way, its voters signed in. */
export async function startCostTarget(options: {
  name: string;
  photosPerCategory: number;
  databaseUrl: string | null;
  /** Another build's bundle (`bench/dist/server/main.js` of another checkout); default: this tree. */
  bundle?: string;
  nodeArgs?: string[];
}): Promise<CostTarget> {
  const demo = await startDemoServer({
    name: options.name,
    photosPerCategory: options.photosPerCategory,
    databaseUrl: options.databaseUrl,
    env: {
      ARENA_MIN_DWELL_MS: '0',
      RATE_LIMIT_PAIRS_PER_MINUTE: RAISED,
      RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: RAISED,
      RATE_LIMIT_VOTES_PER_MINUTE_USER: RAISED,
    },
    ...(options.bundle ? { bundle: options.bundle } : {}),
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
  });
  const pid = demo.server.pid;
  if (pid === null) throw new Error('no server process');
  const client = new Client(demo.server.url, 16);
  const categories = (
    (await client.call<{ id: number }[]>('/api/get_categories', {}, null)).data ?? []
  ).map((category) => category.id);
  // Device ids differ per target, and per run: the device cookies of one server mean nothing to
  // the other, and a PostgreSQL database keeps an earlier run's devices bound (40311).
  const devices = `${options.name}-${Date.now().toString(36)}`;
  const signedIn = await signInMany(client, devices, 200, demo.hostSecret);
  const voters: Voter[] = [
    ...signedIn,
    ...Array.from({ length: 800 }, (_, index) => ({
      anonymousId: `${devices}-${index}`,
      token: null,
    })),
  ];
  return { demo, pid, client, categories, signedIn, voters, pairs: [] };
}

const voterAt = (target: CostTarget, index: number): Voter =>
  target.voters[index % target.voters.length] ?? { anonymousId: 'x', token: null };
const categoryAt = (target: CostTarget, index: number): number =>
  target.categories[index % target.categories.length] ?? 1;

/** Warms the code paths and the in-memory indexes before anything is counted. */
export async function warm(target: CostTarget): Promise<void> {
  for (let index = 0; index < 200; index += 1) {
    await target.client.call(
      '/api/get_random_photos_for_rating',
      { category_id: categoryAt(target, index), anonymous_id: `warm-${target.pid}-${index}` },
      null,
    );
    await target.client.call(
      '/api/get_leaderboard',
      { category_id: categoryAt(target, index), period_type: 'all' },
      null,
    );
  }
}

const PERIODS = ['day', 'week', 'month', 'all'];

/**
 * The measured calls, in order: each answers its envelope code (0 when ok). The votes use the
 * pairs the first call served, one per index.
 */
export const COST_CALLS: readonly {
  call: string;
  run: (target: CostTarget, index: number) => Promise<number>;
}[] = [
  {
    call: 'get_random_photos_for_rating',
    run: async (target, index) => {
      const voter = voterAt(target, index);
      const answer = await target.client.call<Pair>(
        '/api/get_random_photos_for_rating',
        { category_id: categoryAt(target, index), anonymous_id: voter.anonymousId },
        voter.token,
      );
      if (answer.code === 0 && answer.data) target.pairs.push({ pair: answer.data, voter });
      return answer.code;
    },
  },
  {
    call: 'submit_photo_rating',
    run: async (target, index) => {
      const served = target.pairs[index];
      const [left, right] = served?.pair.photos ?? [];
      if (!served || !left || !right) return -1;
      const answer = await target.client.call(
        '/api/submit_photo_rating',
        {
          winner_photo_id: left.id,
          loser_photo_id: right.id,
          anonymous_id: served.voter.anonymousId,
          pair_id: served.pair.pair_id,
        },
        served.voter.token,
      );
      return answer.code;
    },
  },
  {
    call: 'get_leaderboard',
    run: async (target, index) => {
      const voter = voterAt(target, index);
      const body = {
        category_id: categoryAt(target, index),
        period_type: PERIODS[index % 4],
        page: 1,
      };
      return (
        await target.client.call('/api/get_leaderboard', body, index % 3 === 0 ? voter.token : null)
      ).code;
    },
  },
  {
    call: 'get_user_vote_stats',
    run: async (target, index) => {
      const voter = voterAt(target, index);
      const body = { anonymous_id: voter.anonymousId };
      return (await target.client.call('/api/get_user_vote_stats', body, voter.token)).code;
    },
  },
  {
    call: 'get_user_info',
    run: async (target, index) => {
      const token = target.signedIn[index % target.signedIn.length]?.token ?? null;
      return (await target.client.call('/api/get_user_info', { token }, token)).code;
    },
  },
  {
    call: 'get_my_photos',
    run: async (target, index) => {
      const token = target.signedIn[index % target.signedIn.length]?.token ?? null;
      const body = { page: 1, page_size: 20 };
      return (await target.client.call('/api/get_my_photos', body, token)).code;
    },
  },
  {
    call: 'get_categories',
    run: async (target) => (await target.client.call('/api/get_categories', {}, null)).code,
  },
];

/**
 * Gives the first `voters` voters a history before anything is counted: each casts `votes` votes
 * in its own category (voter i votes in category i mod the categories, as the measured calls ask)
 * through the API, and only those voters take part in the measured calls. An engaged voter's
 * calls must not cost more for the history behind them (issue 19).
 */
export async function buildHistory(
  target: CostTarget,
  voters: number,
  votes: number,
): Promise<number> {
  target.voters.splice(voters);
  const [pair, vote] = COST_CALLS;
  if (!pair || !vote) throw new Error('the pair and vote calls come first');
  let notOk = 0;
  // A round of pairs, then their votes: every voter's next pair is fetched after its last vote.
  for (let round = 0; round < votes; round += 8) {
    const size = Math.min(8, votes - round) * voters;
    target.pairs.length = 0;
    notOk += await drive(target, pair.run, 0, size);
    notOk += await drive(target, vote.run, 0, target.pairs.length);
  }
  target.pairs.length = 0;
  return notOk;
}

/** Runs `call` for indexes [from, to), 8 at a time; answers how many were not ok. */
export async function drive(
  target: CostTarget,
  run: (target: CostTarget, index: number) => Promise<number>,
  from: number,
  to: number,
): Promise<number> {
  let next = from;
  let notOk = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < to) {
        const index = next;
        next += 1;
        if ((await run(target, index)) !== 0) notOk += 1;
      }
    }),
  );
  return notOk;
}
