/**
 * Arena load: the pair + vote cycle over HTTP on loopback, as phones drive it (each virtual
 * voter fetches a pair, votes, repeats), next to a bare Fastify JSON endpoint driven by the same
 * client in the same run. Both servers run in their own process.
 *
 *   npm run bench:arena-load -w bench      (VOTERS=32 SECONDS=10 PHOTOS=200 to change)
 */
import os from 'node:os';
import { startChild, startYanzhi } from '../lib/process.js';
import { summarise } from '../lib/stats.js';
import { devices, DeviceJar } from '../lib/device-jar.js';

const voters = Number(process.env.VOTERS ?? 32);
const seconds = Number(process.env.SECONDS ?? 10);
const photos = Number(process.env.PHOTOS ?? 200);

interface Envelope {
  code: number;
  msg: string;
  data: { pair_id: string; photos: { id: number }[] } | { id: number }[] | null;
}

async function post(
  url: string,
  body: Record<string, unknown>,
): Promise<{ ms: number; envelope: Envelope }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: devices.headers(DeviceJar.deviceOf(body), { 'content-type': 'application/json' }),
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope;
  return { ms: performance.now() - started, envelope };
}

process.stdout.write(`starting the server and rendering ${photos} demo photos ...\n`);
const server = await startYanzhi({
  CATEGORIES: 'female:女生:Women',
  SEED_DEMO: '1',
  DEMO_PHOTOS_PER_CATEGORY: String(photos),
  ARENA_MIN_DWELL_MS: '0',
});
const categories = (await post(`${server.url}/api/get_categories`, {})).envelope.data;
const categoryId = Array.isArray(categories) ? categories[0]?.id : undefined;
if (categoryId === undefined) throw new Error('no category');

const pairLatencies: number[] = [];
const voteLatencies: number[] = [];
let errors = 0;

async function voter(index: number, deadline: number): Promise<void> {
  const anonymousId = `web-bench-${index}-${Date.now()}`;
  while (performance.now() < deadline) {
    const pair = await post(`${server.url}/api/get_random_photos_for_rating`, {
      category_id: categoryId,
      anonymous_id: anonymousId,
    });
    pairLatencies.push(pair.ms);
    const data = pair.envelope.data;
    if (pair.envelope.code !== 0 || data === null || Array.isArray(data)) {
      errors += 1;
      continue;
    }
    const [left, right] = data.photos;
    if (!left || !right) continue;
    const leftWins = Math.random() < 0.5;
    const result = await post(`${server.url}/api/submit_photo_rating`, {
      winner_photo_id: leftWins ? left.id : right.id,
      loser_photo_id: leftWins ? right.id : left.id,
      anonymous_id: anonymousId,
      pair_id: data.pair_id,
    });
    voteLatencies.push(result.ms);
    if (result.envelope.code !== 0) errors += 1;
  }
}

const started = performance.now();
await Promise.all(
  Array.from({ length: voters }, (_, index) => voter(index, started + seconds * 1000)),
);
const elapsed = (performance.now() - started) / 1000;
await server.stop();

const bare = await startChild('bench/lib/bare-server.ts', {});
const bareLatencies: number[] = [];
const bareStarted = performance.now();
await Promise.all(
  Array.from({ length: voters }, async () => {
    while (performance.now() < bareStarted + seconds * 1000) {
      bareLatencies.push((await post(`${bare.url}/bare`, {})).ms);
    }
  }),
);
const bareElapsed = (performance.now() - bareStarted) / 1000;
await bare.stop();

console.log(
  `node ${process.version}, ${os.cpus().length} cores, SQLite, ${voters} concurrent voters, ` +
    `${seconds} s, ${photos} photos in the category, client and servers in separate processes`,
);
console.table([
  summarise('get_random_photos_for_rating', pairLatencies, elapsed, 0),
  summarise('submit_photo_rating', voteLatencies, elapsed, errors),
  summarise('bare Fastify POST /bare', bareLatencies, bareElapsed, 0),
]);
console.log(`pair + vote cycles per second: ${Math.round(voteLatencies.length / elapsed)}`);
