/**
 * Sybil: can one address buy a rank? (issue 14). Starts the real server (bundled, every setting
 * at its default: demo data, rate limits, refit schedule) once to seed a data folder, then runs
 * each scenario on its own server over a fresh copy of that folder, from loopback source
 * addresses of its own (127.0.0.0/8):
 *
 *   honest       300 honest voters from 300 distinct /24s, a few votes each, over every category
 *   shared       the same 300 honest voters behind one address (127.0.20.1)
 *   fishing      fresh anonymous ids from 127.0.9.1 fish for the category's last-ranked photo
 *   camouflage   up to 1,000 fresh ids from 127.0.11.1; honest votes unless the target shows up
 *   accounts     50 device accounts (one upload each) from 127.0.12.1 fish signed in
 *   accounts-24  the same 50 accounts over 127.0.10.1-50 (one /24)
 *   omnipresent  never votes on a low-middle photo; its three closest rivals above it lose
 *                (Min et al., "Improving Your Model Ranking on Chatbot Arena by Vote Rigging",
 *                ICML 2025)
 *
 * Honest voters choose by Bradley-Terry on the demo photos' hidden appeal (demoAppeal, the scale
 * of the demo seeding). After the traffic the server refits (SIGUSR2) and the target's rank on
 * the category's `all` board is read before and after. Prints a table, and Kendall tau of the
 * boards against the hidden truth for the honest scenarios.
 *
 * Targets: every attack moves its target at most 1 place up; the shared address's boards are not
 * worse than the distributed ones (mean tau over the categories, tolerance 0.01). Exit code 0
 * when every target is met, 1 otherwise.
 *
 *   npm run bench:sybil -w bench
 *   npm run bench:sybil -w bench -- --quick --scenarios fishing,honest,shared
 *
 * Options: --scenarios a,b (default: all), --quick (smaller budgets, about 10 minutes; the full
 * run takes about 20), --keep (keep the scratch folder: each scenario's data and server log).
 * Needs nothing but this machine: SQLite in a scratch folder, removed afterwards.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { bundleServer } from '../lib/server-process.js';
import { closeAgents } from './client.js';
import { FULL, QUICK, SCENARIOS, type Kind, type Scenario } from './scenarios.js';
import { kendallTau } from './tau.js';
import {
  allBoard,
  categories,
  hiddenTruth,
  refitNow,
  scratchRoot,
  seedDataDir,
  startWorld,
  storedScore,
  type BoardRow,
} from './world.js';

const TAU_TOLERANCE = 0.01;

const { values } = parseArgs({
  options: {
    scenarios: { type: 'string', default: SCENARIOS.map((scenario) => scenario.name).join(',') },
    quick: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const wanted = values.scenarios.split(',').map((name) => name.trim());
const unknown = wanted.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
if (unknown.length > 0) {
  console.error(`unknown scenario(s): ${unknown.join(', ')}`);
  console.error(`known: ${SCENARIOS.map((scenario) => scenario.name).join(', ')}`);
  process.exit(2);
}
const chosen = SCENARIOS.filter((scenario) => wanted.includes(scenario.name));
const budget = values.quick ? QUICK : FULL;

interface Outcome {
  scenario: Scenario;
  kind: Kind;
  seconds: number;
  votesCast: number;
  votesAccepted: number;
  rateLimited: number;
  shed: number;
  refusals: string;
  identities: string;
  riggedVotes: number;
  before: number | null;
  after: number | null;
  boardSize: number;
  boardSizeAfter: number;
  /** The target was off the board after the refit: its place comes from its stored score. */
  offBoard: boolean;
  /** Places gained (positive: the target climbed). */
  moved: number | null;
  /** Kendall tau of each category's board against the truth, before and after. */
  tauBefore: number[];
  tauAfter: number[];
}

/**
 * The board, with the target placed by its stored score when a refit took it off the board
 * (provisional again): an attack that lifts its target's score must not pass by hiding it.
 */
function withTarget(board: readonly BoardRow[], target: number, dataDir: string): BoardRow[] {
  if (board.some((row) => row.id === target)) return [...board];
  const score = storedScore(dataDir, target);
  if (score === null) return [...board];
  const rank = board.filter((row) => row.score > score).length + 1;
  return [...board, { id: target, rank, score }];
}

const rankOf = (board: readonly BoardRow[], id: number) =>
  board.find((row) => row.id === id)?.rank ?? null;

/**
 * Places the target gained among the photos on both boards (positive: it climbed), so photos that
 * became established meanwhile (honest votes finish placing them) do not count as places lost.
 */
function placesGained(
  before: readonly BoardRow[],
  after: readonly BoardRow[],
  target: number,
): number | null {
  const common = (board: readonly BoardRow[]) => {
    const ids = new Set((board === before ? after : before).map((row) => row.id));
    const rows = board.filter((row) => ids.has(row.id));
    const mine = rows.find((row) => row.id === target);
    return mine ? rows.filter((row) => row.rank < mine.rank).length + 1 : null;
  };
  const was = common(before);
  const is = common(after);
  return was !== null && is !== null ? was - is : null;
}
const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const fixed = (value: number, digits = 3) => value.toFixed(digits);

async function runScenario(
  scenario: Scenario,
  context: { bundle: Awaited<ReturnType<typeof bundleServer>>; seeded: string; root: string },
  truth: ReadonlyMap<number, number>,
): Promise<Outcome> {
  const world = await startWorld(context.bundle, context.seeded, context.root, scenario.name);
  try {
    const categoryIds = (await categories(world.url)).map((category) => category.id);
    const targetCategory = categoryIds[0];
    if (targetCategory === undefined) throw new Error('no category');
    const boardsBefore = await Promise.all(categoryIds.map((id) => allBoard(world.url, id)));
    const boardBefore = boardsBefore[0] ?? [];
    const { target, rivals } = scenario.pick(boardBefore);
    const started = performance.now();
    const traffic = await scenario.run({
      url: world.url,
      budget,
      truth,
      categoryIds,
      target,
      rivals,
    });
    const seconds = (performance.now() - started) / 1000;
    const refitStarted = performance.now();
    const refitted = await refitNow(world);
    console.log(`   refit in ${fixed((performance.now() - refitStarted) / 1000, 1)} s`);
    const boardsAfter = await Promise.all(
      categoryIds.map((id) => allBoard(world.url, id, refitted)),
    );
    const boardAfter = withTarget(boardsAfter[0] ?? [], target, world.dataDir);
    const before = rankOf(boardBefore, target);
    const after = rankOf(boardAfter, target);
    const offBoard = !(boardsAfter[0] ?? []).some((row) => row.id === target);
    const { tally } = traffic;
    return {
      scenario,
      kind: scenario.kind,
      seconds,
      votesCast: tally.votesCast,
      votesAccepted: tally.votesAccepted,
      rateLimited: tally.rateLimited,
      shed: tally.shed,
      refusals: tally.refusalSummary(),
      identities: `${traffic.identities} ${traffic.identityKind}`,
      riggedVotes: traffic.riggedVotes,
      before,
      after,
      boardSize: boardBefore.length,
      boardSizeAfter: boardsAfter[0]?.length ?? 0,
      offBoard,
      moved: placesGained(boardBefore, boardAfter, target),
      tauBefore: boardsBefore.map((board) => kendallTau(board, truth)),
      tauAfter: boardsAfter.map((board) => kendallTau(board, truth)),
    };
  } finally {
    await world.close();
    await closeAgents();
  }
}

function pad(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
}

function printTable(outcomes: readonly Outcome[]): boolean {
  const header = [
    'scenario',
    'secs',
    'votes cast',
    'accepted',
    '429s',
    'shed',
    'identities',
    'rigged',
    'target rank (of board)',
    'moved*',
    'met (≤1)',
  ];
  const rows = outcomes.map((outcome) => {
    const moved = outcome.moved === null ? '—' : String(outcome.moved);
    const met =
      outcome.kind === 'honest'
        ? '(honest)'
        : outcome.moved === null || outcome.moved <= 1
          ? 'yes'
          : 'NO';
    return [
      outcome.scenario.name,
      fixed(outcome.seconds, 0),
      String(outcome.votesCast),
      String(outcome.votesAccepted),
      String(outcome.rateLimited),
      String(outcome.shed),
      outcome.identities,
      outcome.kind === 'honest' ? '—' : String(outcome.riggedVotes),
      `${outcome.before ?? '—'}/${outcome.boardSize} → ${outcome.after ?? '—'}` +
        `${outcome.offBoard ? '(off)' : ''}/${outcome.boardSizeAfter}`,
      moved,
      met,
    ];
  });
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...rows.map((row) => row[index]?.length ?? 0)),
  );
  console.log(`\n${pad(header, widths)}`);
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(pad(row, widths));
  console.log(
    '* places gained among the photos on the board before and after (+: climbed); ' +
      '(off): the refit took the target off the board, placed by its stored score',
  );
  for (const outcome of outcomes) {
    if (outcome.refusals) console.log(`${outcome.scenario.name}: other codes ${outcome.refusals}`);
  }
  return outcomes.every(
    (outcome) => outcome.kind === 'honest' || outcome.moved === null || outcome.moved <= 1,
  );
}

function printTau(outcomes: readonly Outcome[]): boolean {
  const honest = outcomes.filter((outcome) => outcome.kind === 'honest');
  if (honest.length === 0) return true;
  console.log('\nKendall tau of the all-time boards against the hidden truth (before → after):');
  for (const outcome of honest) {
    const perCategory = outcome.tauBefore
      .map((tau, index) => `${fixed(tau)}→${fixed(outcome.tauAfter[index] ?? Number.NaN)}`)
      .join('  ');
    console.log(
      `  ${outcome.scenario.name.padEnd(8)} target category ${fixed(outcome.tauBefore[0] ?? 0)} → ` +
        `${fixed(outcome.tauAfter[0] ?? 0)}; mean of ${outcome.tauAfter.length} ` +
        `${fixed(mean(outcome.tauBefore))} → ${fixed(mean(outcome.tauAfter))}  (${perCategory})`,
    );
  }
  const distributed = honest.find((outcome) => outcome.scenario.name === 'honest');
  const shared = honest.find((outcome) => outcome.scenario.name === 'shared');
  if (!distributed || !shared) {
    console.log('  shared vs distributed: needs both "honest" and "shared"; not compared');
    return true;
  }
  const gap = mean(shared.tauAfter) - mean(distributed.tauAfter);
  const met = gap >= -TAU_TOLERANCE;
  console.log(
    `  shared τ not worse than distributed τ (mean, tolerance ${TAU_TOLERANCE}): ` +
      `${fixed(mean(shared.tauAfter))} vs ${fixed(mean(distributed.tauAfter))} ` +
      `(${gap >= 0 ? '+' : ''}${fixed(gap)}) → ${met ? 'yes' : 'NO'}`,
  );
  return met;
}

async function main(): Promise<void> {
  const started = performance.now();
  const root = scratchRoot();
  try {
    console.log(
      `sybil bench (${values.quick ? 'quick' : 'full'}): ${chosen.map((s) => s.name).join(', ')}`,
    );
    const bundle = await bundleServer();
    const seeded = await seedDataDir(bundle, root);
    const truth = hiddenTruth(seeded);
    console.log(
      `seeded ${truth.size} demo photos with their hidden appeal in ` +
        `${fixed((performance.now() - started) / 1000, 0)} s`,
    );
    const outcomes: Outcome[] = [];
    for (const scenario of chosen) {
      console.log(`\n== ${scenario.name}: ${scenario.describe}`);
      const outcome = await runScenario(scenario, { bundle, seeded, root }, truth);
      console.log(
        `   ${outcome.votesAccepted}/${outcome.votesCast} votes accepted, ` +
          `${outcome.rateLimited} answered 429xx, ${fixed(outcome.seconds, 0)} s; ` +
          `target ${outcome.before ?? '—'} → ${outcome.after ?? '—'} after a refit`,
      );
      outcomes.push(outcome);
    }
    const attacksMet = printTable(outcomes);
    const tauMet = printTau(outcomes);
    console.log(`\n${fixed((performance.now() - started) / 60_000, 1)} min in all`);
    process.exitCode = attacksMet && tauMet ? 0 : 1;
  } finally {
    if (values.keep) console.log(`kept the data folders and server logs in ${root}`);
    else fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
