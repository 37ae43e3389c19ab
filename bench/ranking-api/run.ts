/**
 * Issue 18 measured from outside, through the API: uploaded photos, real voters' devices, the
 * real refit. For each voter model (clean, 25% bad) a fresh server (bundled, SQLite scratch
 * folder, every setting at its default but SEED_DEMO=0) gets N photos uploaded through
 * upload_photo, each by its own device account from its own /24, with a hidden strength θ from
 * bench/ranking's world of the same seed. That world's voters (each its own device and /24) ask
 * for pairs (get_random_photos_for_rating) and vote (submit_photo_rating) a few at a time,
 * waiting out every 429xx. At each checkpoint (accepted votes ÷ N) the server refits (SIGUSR2)
 * and the public all-time board (every page, no auth) and each owner's get_my_photos are read.
 *
 * Headline τ: all N photos, the board's order, photos not on the board tied below it (a photo
 * not shown is not ranked). Peers (bench/ranking/peers) run in process on the same worlds.
 *
 *   npm run bench:ranking-api -w bench
 *   npm run bench:ranking-api -w bench -- --n 500 --seeds 10 --seeds-api 2
 *
 * Options: --n (200), --voters (120), --max votes per photo (30), --step (5), --seeds peer seeds
 * (5), --seeds-api full server runs per model (1), --models (clean,bad25), --concurrency voters
 * voting at once (12), --keep (keep the scratch folder with the server logs).
 * Targets: board coverage at 10 votes per photo ≥ 90% (every model run); with 25% bad voters at
 * 20 votes per photo, board τ − best peer's τ ≥ 0.03. Exit code 1 when one is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { bundleServer } from '../lib/server-process.js';
import { VOTER_MODELS, type VoterModel } from '../ranking/voters.js';
import { runApi, type ApiRun } from './arena.js';
import { PEERS, REFERENCE, peerTau } from './peers.js';
import { printRuns, verdicts, type ModelResult } from './report.js';
import { CHANGED_SETTINGS, scratchRoot } from './server.js';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '200' },
    voters: { type: 'string', default: '120' },
    max: { type: 'string', default: '30' },
    step: { type: 'string', default: '5' },
    seeds: { type: 'string', default: '5' },
    'seeds-api': { type: 'string', default: '1' },
    models: { type: 'string', default: 'clean,bad25' },
    concurrency: { type: 'string', default: '12' },
    keep: { type: 'boolean', default: false },
  },
});
const int = (text: string, name: string) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive integer`);
  return value;
};
const n = int(values.n, 'n');
const voters = int(values.voters, 'voters');
const max = int(values.max, 'max');
const step = int(values.step, 'step');
const seeds = int(values.seeds, 'seeds');
const seedsApi = int(values['seeds-api'], 'seeds-api');
const concurrency = int(values.concurrency, 'concurrency');
const models = values.models.split(',').map((name) => name.trim());
const unknown = models.filter((name) => !(VOTER_MODELS as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown model(s): ${unknown.join(', ')}`);
const checkpoints = Array.from({ length: Math.floor(max / step) }, (_, k) => (k + 1) * step);

async function main(): Promise<void> {
  const started = performance.now();
  console.log(
    `reproduce: npm run bench:ranking-api -w bench -- --n ${n} --voters ${voters} --max ${max} ` +
      `--step ${step} --seeds ${seeds} --seeds-api ${seedsApi} --models ${models.join(',')} ` +
      `--concurrency ${concurrency}`,
  );
  console.log(
    `node ${process.version}, ${os.cpus().length} cores, load average ` +
      `${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}; server settings changed: ` +
      `${Object.entries(CHANGED_SETTINGS)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')} (no demo photos: only the bench's photos, all with a known θ)`,
  );
  const root = scratchRoot();
  try {
    const bundle = await bundleServer();
    const results: ModelResult[] = [];
    for (const model of models as VoterModel[]) {
      const peerStarted = performance.now();
      const peers = new Map(
        [...PEERS, REFERENCE].map((system) => [
          system,
          peerTau(system, model, { n, voters, step, max, seeds }),
        ]),
      );
      console.log(
        `\n== ${model}: peers (${seeds} seeds) in ` +
          `${((performance.now() - peerStarted) / 1000).toFixed(0)} s`,
      );
      const runs: ApiRun[] = [];
      for (let seed = 1; seed <= seedsApi; seed += 1) {
        console.log(`== ${model}: API run, seed ${seed}`);
        runs.push(await runApi(bundle, root, { n, voters, checkpoints, concurrency }, model, seed));
      }
      results.push({ model, runs, peers });
    }
    printRuns(results, checkpoints);
    const met = verdicts(results, checkpoints);
    console.log(
      `\n${((performance.now() - started) / 60_000).toFixed(1)} min in all; load average now ` +
        os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(' '),
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    if (values.keep) console.log(`kept the data folders and server logs in ${root}`);
    else fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
