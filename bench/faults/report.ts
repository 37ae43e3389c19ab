/** The fault test's output: one table row per round, then a summary. */
import fs from 'node:fs';
import { percentile } from '../lib/stats.js';
import type { CheckResult } from './checks.js';
import type { Journal, WriteKind, WriteState } from './journal.js';

export interface RoundFigures {
  round: number;
  loadMs: number;
  counts: Record<WriteKind, Record<WriteState, number>>;
  result: CheckResult;
  violations: string[];
  restartMs: number;
  sweepMs: number;
  /** Answered votes' latencies this round, sorted. */
  voteMs: number[];
}

const COLUMNS = [
  ['round', (f: RoundFigures) => f.round],
  ['load s', (f: RoundFigures) => (f.loadMs / 1000).toFixed(1)],
  ['votes ok', (f: RoundFigures) => f.counts.vote.acked],
  ['uploads ok', (f: RoundFigures) => f.counts.upload.acked],
  ['boosts ok', (f: RoundFigures) => f.counts.boost.acked],
  ['deletes ok', (f: RoundFigures) => f.counts.delete.acked],
  [
    'in flight: in/out',
    (f: RoundFigures) => `${f.result.inflightCommitted}/${f.result.inflightAbsent}`,
  ],
  [
    'vote p50/p99 ms',
    (f: RoundFigures) =>
      `${Math.round(percentile(f.voteMs, 50))}/${Math.round(percentile(f.voteMs, 99))}`,
  ],
  ['refused', (f: RoundFigures) => sumOf(f, 'refused')],
  ['undelivered', (f: RoundFigures) => sumOf(f, 'undelivered')],
  ['acked checked', (f: RoundFigures) => f.result.checked],
  ['votes in db', (f: RoundFigures) => f.result.votes],
  [
    'invariants',
    (f: RoundFigures) => (f.violations.length === 0 ? 'ok' : `${f.violations.length} FAIL`),
  ],
  ['restart ms', (f: RoundFigures) => Math.round(f.restartMs)],
  ['sweep ms', (f: RoundFigures) => Math.round(f.sweepMs)],
] as const;

function sumOf(figures: RoundFigures, state: WriteState): number {
  return Object.values(figures.counts).reduce((total, counts) => total + counts[state], 0);
}

const widths = COLUMNS.map(([name]) => Math.max(name.length, 6));
const line = (cells: readonly string[]) =>
  cells.map((cell, index) => cell.padStart(widths[index] ?? 6)).join(' | ');

export class RoundTable {
  private readonly rows: RoundFigures[] = [];

  printHeader(): void {
    console.log(line(COLUMNS.map(([name]) => name)));
    console.log(widths.map((width) => '-'.repeat(width)).join('-+-'));
  }

  printRow(figures: RoundFigures): void {
    this.rows.push(figures);
    console.log(line(COLUMNS.map(([, value]) => String(value(figures)))));
    for (const violation of figures.violations.slice(0, 20)) console.log(`    ! ${violation}`);
    if (figures.violations.length > 20) {
      console.log(`    ! … and ${figures.violations.length - 20} more`);
    }
  }

  printSummary(
    journal: Journal,
    restartTimes: readonly number[],
    violations: readonly string[],
    logFile: string,
  ): void {
    const acked = (kind: WriteKind) =>
      this.rows.reduce((total, row) => total + row.counts[kind].acked, 0);
    const writes = [journal.votes, journal.uploads, journal.boosts, journal.deletes].flat();
    const resolved = (state: WriteState) => writes.filter((write) => write.state === state).length;
    const sorted = [...restartTimes].sort((a, b) => a - b);
    const logErrors = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((entry) => /"level":(50|60)/.test(entry)).length;
    const refusals = [...journal.refusals].map(([key, count]) => `${key} ×${count}`).join(', ');
    console.log('');
    console.log('summary');
    console.log(
      `  acknowledged writes: ${acked('vote')} votes, ${acked('upload')} uploads, ` +
        `${acked('boost')} boosts, ${acked('delete')} deletions, ` +
        `${journal.logins.filter((write) => write.state === 'acked').length} sign-ins; ` +
        `lost: ${violations.filter((violation) => violation.includes(': lost ')).length}`,
    );
    console.log(
      `  in flight at the kills: ${resolved('inflight-committed')} found committed, ` +
        `${resolved('inflight-absent')} found absent`,
    );
    console.log(`  refusals (call:code): ${refusals || 'none'}`);
    console.log(
      `  restart to ready: p50 ${Math.round(percentile(sorted, 50))} ms, ` +
        `max ${Math.round(sorted.at(-1) ?? Number.NaN)} ms over ${sorted.length} restarts`,
    );
    console.log(`  server log lines at error level: ${logErrors} (${logFile})`);
    console.log(`  violations: ${violations.length}`);
  }
}
