/** The API ranking bench's tables and verdicts. */
import type { SystemName } from '../ranking/peers/index.js';
import type { VoterModel } from '../ranking/voters.js';
import type { ApiCheckpoint, ApiRun } from './arena.js';
import { PEERS, REFERENCE } from './peers.js';

export const COVERAGE_AT = 10;
export const COVERAGE_TARGET = 0.9;
export const MARGIN_AT = 20;
export const MARGIN_TARGET = 0.03;

export interface ModelResult {
  readonly model: VoterModel;
  readonly runs: readonly ApiRun[];
  /** Mean τ over the peer seeds, by system then checkpoint. */
  readonly peers: ReadonlyMap<SystemName, ReadonlyMap<number, number>>;
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
const fixed = (value: number | undefined, digits = 3) =>
  value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits);

/** The API runs' mean of one checkpoint field at checkpoint index k. */
function apiMean(result: ModelResult, k: number, field: keyof ApiCheckpoint): number {
  return mean(
    result.runs.flatMap((run) => {
      const point = run.checkpoints[k];
      return point ? [point[field]] : [];
    }),
  );
}

function bestPeer(result: ModelResult, checkpoint: number): { name: string; tau: number } {
  let best = { name: '—', tau: Number.NaN };
  for (const peer of PEERS) {
    const tau = result.peers.get(peer)?.get(checkpoint);
    if (tau !== undefined && !(tau <= best.tau)) best = { name: peer, tau };
  }
  return best;
}

function table(header: readonly string[], rows: readonly string[][]): void {
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...rows.map((row) => row[index]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    cells.map((cell, index) => cell.padStart(widths[index] ?? 0)).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function printRuns(results: readonly ModelResult[], checkpoints: readonly number[]): void {
  for (const result of results) {
    const seeds = result.runs.length;
    console.log(
      `\n${result.model}: engine through the API (${seeds} server run${seeds === 1 ? '' : 's'}) ` +
        `vs peers in process (mean τ over their seeds); τ is Kendall τ-b against the hidden θ`,
    );
    const header = [
      'votes/photo',
      'actual',
      'board cover',
      'board τ (all N)*',
      'board τ listed',
      'owners τ',
      'provisional',
      ...PEERS,
      'best peer',
      'board−best',
      `${REFERENCE} sim`,
    ];
    const rows = checkpoints.map((checkpoint, k) => {
      const best = bestPeer(result, checkpoint);
      const board = apiMean(result, k, 'tauAll');
      return [
        String(checkpoint),
        fixed(apiMean(result, k, 'votesPerPhoto'), 2),
        `${fixed(100 * apiMean(result, k, 'coverage'), 1)}%`,
        fixed(board),
        fixed(apiMean(result, k, 'tauListed')),
        fixed(apiMean(result, k, 'tauOwners')),
        `${fixed(100 * apiMean(result, k, 'provisional'), 0)}%`,
        ...PEERS.map((peer) => fixed(result.peers.get(peer)?.get(checkpoint))),
        best.name,
        fixed(board - best.tau),
        fixed(result.peers.get(REFERENCE)?.get(checkpoint)),
      ];
    });
    table(header, rows);
    console.log(
      '* headline: every one of the N photos, in the board order, photos not on the board tied ' +
        "below it; owners τ: all N by the score get_my_photos shows each photo's owner",
    );
    for (const run of result.runs) {
      const { tally } = run;
      console.log(
        `seed ${run.seed}: ${tally.votesAccepted}/${tally.votesCast} votes accepted, ` +
          `${tally.rateLimited} answered 429xx, ${tally.shed} shed, other codes ` +
          `${tally.refusalSummary() || 'none'}; ${run.noPair} pair requests without a pair; ` +
          `${run.neverShown} photos never shown; uploads ${run.seconds.upload.toFixed(0)} s, ` +
          `voting and checkpoints ${run.seconds.voting.toFixed(0)} s, run ` +
          `${(run.seconds.total / 60).toFixed(1)} min; refits ` +
          run.checkpoints.map((point) => point.refitSeconds.toFixed(1)).join('/') +
          ' s',
      );
    }
  }
}

/** Prints the two targets; true when every one measured is met (and both measured). */
export function verdicts(results: readonly ModelResult[], checkpoints: readonly number[]): boolean {
  console.log('');
  let met = true;
  for (const result of results) {
    const k = checkpoints.indexOf(COVERAGE_AT);
    const coverage = k < 0 ? Number.NaN : apiMean(result, k, 'coverage');
    const ok = coverage >= COVERAGE_TARGET;
    met &&= ok;
    console.log(
      `${result.model}: board coverage at ${COVERAGE_AT} votes per photo ` +
        `${fixed(100 * coverage, 1)}% (target ≥ ${100 * COVERAGE_TARGET}%) → ` +
        (ok ? 'MET' : 'MISSED'),
    );
  }
  const bad = results.find((result) => result.model === 'bad25');
  if (!bad) {
    console.log(`bad25 not run: τ margin at ${MARGIN_AT} votes per photo not measured → MISSED`);
    return false;
  }
  const k = checkpoints.indexOf(MARGIN_AT);
  const board = k < 0 ? Number.NaN : apiMean(bad, k, 'tauAll');
  const best = bestPeer(bad, MARGIN_AT);
  const margin = board - best.tau;
  const ok = margin >= MARGIN_TARGET;
  console.log(
    `bad25: board τ at ${MARGIN_AT} votes per photo ${fixed(board)} − best peer ` +
      `(${best.name}) ${fixed(best.tau)} = ${fixed(margin)} (target ≥ ${MARGIN_TARGET}) → ` +
      (ok ? 'MET' : 'MISSED'),
  );
  return met && ok;
}
