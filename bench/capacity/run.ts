/**
 * The storage side of the capacity model (docs/capacity.md, issue 19), measured:
 *
 *  1. Real traffic. The bundled server on a fresh database with demo photos; `--cycles` arena
 *     cycles (a pair fetched, then voted on) through the API, by 200 signed-in and 800 anonymous
 *     voters. Every table's and index's growth divided by the votes recorded: rows and bytes per
 *     vote, whatever table a vote writes (votes, served pairs, the fuel ledger, score days…).
 *  2. At size. The scale benches' seed (bench/scale/seed.ts): `--photos` photos and `--votes`
 *     votes in one category. The votes table's bytes per vote there beside the figure from 1
 *     (the check of the model at the largest size run), and the bytes per photo and per voter.
 *  3. The projection at 10M, 100M and 1B votes, photos = votes × `--photos-per-vote`, voters =
 *     votes ÷ `--votes-per-voter`.
 *
 *   npm run bench:capacity -w bench
 *   npm run bench:capacity -w bench -- --db postgres --photos 1000000 --votes 10000000
 *
 * Options: --db sqlite|postgres|both (both), --cycles N (4000), --photos N (100000), --votes N
 * (1000000), --photos-per-vote X (0.1), --votes-per-voter N (200). PostgreSQL: fresh schemas in
 * TEST_DATABASE_URL (default: the local yanzhi_test), dropped afterwards.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseKind } from '../../apps/server/src/db/database.js';
import { postgresDatabase, sqliteDatabase, type BenchDatabase } from '../leaderboard/databases.js';
import { COST_CALLS, drive, startCostTarget } from '../load/cost-calls.js';
import { seedScale } from '../scale/seed.js';
import { tableSizes, totalBytes, type TableSize } from './sizes.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    cycles: { type: 'string', default: '4000' },
    photos: { type: 'string', default: '100000' },
    votes: { type: 'string', default: '1000000' },
    'photos-per-vote': { type: 'string', default: '0.1' },
    'votes-per-voter': { type: 'string', default: '200' },
  },
});
const cycles = Number(values.cycles);
const photos = Number(values.photos);
const votes = Number(values.votes);
const photosPerVote = Number(values['photos-per-vote']);
const votesPerVoter = Number(values['votes-per-voter']);
for (const [name, value] of Object.entries({ cycles, photos, votes, votesPerVoter })) {
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a whole number`);
}
if (!(photosPerVote > 0)) throw new Error('--photos-per-vote must be positive');
const postgresUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://yanzhi:yanzhi@127.0.0.1:5432/yanzhi_test';
const kinds: DatabaseKind[] =
  values.db === 'both' ? ['sqlite', 'postgres'] : [values.db as DatabaseKind];

function costCall(name: string) {
  const found = COST_CALLS.find((entry) => entry.call === name);
  if (!found) throw new Error(`bench/load/cost-calls.ts has no ${name}`);
  return found;
}
const FETCH = costCall('get_random_photos_for_rating');
const VOTE = costCall('submit_photo_rating');

/** The tables besides `votes` that gain about a row with every vote. */
const PER_VOTE_TABLES = ['served_pairs', 'fuel_ledger'];

interface PerVote {
  table: string;
  rows: number;
  tableBytes: number;
  indexBytes: number;
}

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const gb = (bytes: number) => fmt(bytes / 2 ** 30, 1);
const indexSum = (size: TableSize | undefined) =>
  size === undefined ? 0 : totalBytes(size) - size.tableBytes;

/** 1: the growth of every table per vote recorded, under real arena traffic. */
async function perVoteUnderTraffic(kind: DatabaseKind): Promise<PerVote[]> {
  const schema = kind === 'postgres' ? await postgresDatabase(postgresUrl) : null;
  const target = await startCostTarget({
    name: `capacity-${kind}`,
    photosPerCategory: 200,
    databaseUrl: schema === null ? null : (schema.env.DATABASE_URL ?? null),
  });
  const handle =
    schema?.open() ??
    openDatabase({ kind: 'sqlite', file: path.join(target.demo.dataDir, 'yanzhi.db') });
  try {
    const before = await tableSizes(handle.db, kind);
    const failedFetches = await drive(target, FETCH.run, 0, cycles);
    const failedVotes = await drive(target, VOTE.run, 0, cycles);
    const after = await tableSizes(handle.db, kind);
    const recorded = (after.get('votes')?.rows ?? 0) - (before.get('votes')?.rows ?? 0);
    console.log(
      `  ${kind}: ${fmt(cycles)} cycles, ${fmt(recorded)} votes recorded ` +
        `(${failedFetches} fetches and ${failedVotes} votes not ok)`,
    );
    if (recorded <= 0) throw new Error('no vote was recorded');
    const rows: PerVote[] = [];
    for (const [name, size] of after) {
      const was = before.get(name);
      const grown = {
        table: name,
        rows: (size.rows - (was?.rows ?? 0)) / recorded,
        tableBytes: (size.tableBytes - (was?.tableBytes ?? 0)) / recorded,
        indexBytes: (indexSum(size) - indexSum(was)) / recorded,
      };
      if (grown.rows !== 0 || grown.tableBytes + grown.indexBytes > 0) rows.push(grown);
    }
    return rows.sort((a, b) => b.tableBytes + b.indexBytes - (a.tableBytes + a.indexBytes));
  } finally {
    await handle.close();
    await target.demo.close();
    await schema?.drop();
  }
}

/** 2: the seeded database at size. */
async function atSize(kind: DatabaseKind): Promise<Map<string, TableSize>> {
  const target: BenchDatabase =
    kind === 'sqlite' ? sqliteDatabase() : await postgresDatabase(postgresUrl);
  try {
    await seedScale(target, photos, votes);
    const handle = target.open();
    try {
      return await tableSizes(handle.db, kind);
    } finally {
      await handle.close();
    }
  } finally {
    await target.drop();
  }
}

console.log('Yanzhi Arena capacity: storage per vote, measured, and projected');
console.log(
  `  reproduce: npm run bench:capacity -w bench -- --db ${values.db} --cycles ${cycles} ` +
    `--photos ${photos} --votes ${votes} --photos-per-vote ${photosPerVote} ` +
    `--votes-per-voter ${votesPerVoter}`,
);
console.log('');

for (const kind of kinds) {
  const label = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  console.log(`== ${label} ==`);
  const traffic = await perVoteUnderTraffic(kind);
  console.log(`  bytes per vote under real traffic (growth ÷ votes recorded):`);
  console.table(
    traffic.map((row) => ({
      table: row.table,
      'rows/vote': fmt(row.rows, 2),
      'table B/vote': fmt(row.tableBytes),
      'indexes B/vote': fmt(row.indexBytes),
      'total B/vote': fmt(row.tableBytes + row.indexBytes),
    })),
  );

  const seeded = await atSize(kind);
  const votesAt = seeded.get('votes');
  const photosAt = seeded.get('photos');
  const votersAt = seeded.get('voters');
  if (!votesAt || !photosAt || !votersAt || votesAt.rows === 0) {
    throw new Error('the seeded database has no votes, photos or voters table');
  }
  const modelVotes = traffic.find((row) => row.table === 'votes');
  const measuredPerVote = totalBytes(votesAt) / votesAt.rows;
  console.log(
    `  the votes table at ${fmt(votesAt.rows)} votes (${fmt(photosAt.rows)} photos), ` +
      `bytes per vote: table ${fmt(votesAt.tableBytes / votesAt.rows)}, ` +
      `indexes ${fmt(indexSum(votesAt) / votesAt.rows)}, total ${fmt(measuredPerVote)}; ` +
      `the traffic figure: ${fmt((modelVotes?.tableBytes ?? 0) + (modelVotes?.indexBytes ?? 0))}`,
  );
  console.table(
    [...votesAt.indexes].map(([index, bytes]) => ({
      'votes index': index,
      'B/vote': fmt(bytes / votesAt.rows, 1),
    })),
  );
  const perPhoto = totalBytes(photosAt) / photosAt.rows;
  const perVoter = totalBytes(votersAt) / votersAt.rows;
  console.log(
    `  per photo ${fmt(perPhoto)} B (photos table and indexes), per voter ${fmt(perVoter)} B`,
  );

  // 3: the votes table at the larger of the two figures (the seed's pair ids are in order, real
  // ones are random, so its pair-id index is packed tighter than traffic leaves it); the other
  // tables a vote writes at the traffic figures. Voters come from the seed; tables that grow with
  // new voters (device bindings, achievements) are left out: they follow people, not votes.
  const votesPerVote = Math.max(
    measuredPerVote,
    (modelVotes?.tableBytes ?? 0) + (modelVotes?.indexBytes ?? 0),
  );
  const perVoteTables = traffic.filter((row) => PER_VOTE_TABLES.includes(row.table));
  const others = perVoteTables.reduce((sum, row) => sum + row.tableBytes + row.indexBytes, 0);
  console.log(
    `  projection: votes at ${fmt(votesPerVote)} B each; ${perVoteTables
      .map((row) => `${row.table} ${fmt(row.tableBytes + row.indexBytes)} B`)
      .join(
        ', ',
      )} per vote; photos = votes × ${photosPerVote}, voters = votes ÷ ${votesPerVoter}; ` +
      'served pairs kept for judged votes, unjudged ones pruned:',
  );
  console.table(
    [10_000_000, 100_000_000, 1_000_000_000].map((count) => ({
      votes: fmt(count),
      'votes table + indexes GB': gb(count * votesPerVote),
      'served pairs + fuel ledger GB': gb(count * others),
      'photos GB': gb(count * photosPerVote * perPhoto),
      'voters GB': gb((count / votesPerVoter) * perVoter),
      'total GB': gb(
        count * (votesPerVote + others + photosPerVote * perPhoto) +
          (count / votesPerVoter) * perVoter,
      ),
    })),
  );
  console.log('');
}
