/**
 * Two runs of the ranking benchmark side by side, seed by seed (ADR 0007's design studies):
 * the same worlds (θ, voters, vote stream) judged by two engines, so each seed gives a paired
 * difference, and the differences' standard error says whether a change is more than noise.
 *
 *   RESULTS=before.json npm run bench:ranking -w bench      (on the code or PARAMS before)
 *   RESULTS=after.json PARAMS='{…}' npm run bench:ranking -w bench
 *   npm run bench:ranking-compare -w bench -- before.json after.json [system]
 *
 * Per voter model and N, for the system named (engine by default): votes per photo to τ 0.8
 * (seeds that never get there in either run are counted, not averaged), τ at 20 and at the
 * largest budget both runs reached, and the brigade target's |error| where the runs have one.
 * A difference is marked when it is more than twice its standard error.
 */
import fs from 'node:fs';
import type { SavedResult } from './accuracy.js';
import { firstCrossing } from './metrics.js';
import { mean, sd } from './report-accuracy.js';

/** The value at budget `x` votes per photo of a per-checkpoint series, or null beyond the run. */
function valueAt(run: SavedResult, series: readonly number[], x: number): number | null {
  const k = run.ms.findIndex((m) => m >= x - 1e-9);
  return k < 0 ? null : (series[k] ?? null);
}

export interface PairedFigure {
  readonly label: string;
  readonly before: number;
  readonly after: number;
  /** Mean of after − before over the paired seeds, and its standard error. */
  readonly delta: number;
  readonly se: number;
  readonly seeds: number;
  /** Seeds left out because one run or both never reached the level (votes to τ only). */
  readonly unpaired: number;
}

function paired(label: string, pairs: readonly [number, number][], unpaired = 0): PairedFigure {
  const deltas = pairs.map(([a, b]) => b - a);
  return {
    label,
    before: mean(pairs.map(([a]) => a)),
    after: mean(pairs.map(([, b]) => b)),
    delta: mean(deltas),
    se: deltas.length > 1 ? sd(deltas) / Math.sqrt(deltas.length) : Number.NaN,
    seeds: pairs.length,
    unpaired,
  };
}

/** The paired figures of one voter model and N (runs of one system, matched by seed). */
export function compareGroup(
  before: readonly SavedResult[],
  after: readonly SavedResult[],
): PairedFigure[] {
  const bySeed = new Map(after.map((run) => [run.seed, run]));
  const matched = before.flatMap((a) => {
    const b = bySeed.get(a.seed);
    return b === undefined ? [] : [[a, b] as const];
  });
  const figures: PairedFigure[] = [];
  const reach: [number, number][] = [];
  for (const [a, b] of matched) {
    const x = firstCrossing(a.ms, a.tau, 0.8);
    const y = firstCrossing(b.ms, b.tau, 0.8);
    if (x !== null && y !== null) reach.push([x, y]);
  }
  figures.push(paired('votes per photo to τ 0.8', reach, matched.length - reach.length));
  const top = Math.min(...matched.flatMap(([a, b]) => [a.ms.at(-1) ?? 0, b.ms.at(-1) ?? 0]));
  for (const x of [...new Set([20, top])].filter((budget) => budget <= top)) {
    const tau = matched.flatMap(([a, b]) => {
      const ta = valueAt(a, a.tau, x);
      const tb = valueAt(b, b.tau, x);
      return ta === null || tb === null ? [] : [[ta, tb] as [number, number]];
    });
    figures.push(paired(`τ at ${x} votes per photo`, tau));
    if (matched[0]?.[0].model !== 'brigade') continue;
    const target = matched.flatMap(([a, b]) => {
      const ea = valueAt(a, a.targetError, x);
      const eb = valueAt(b, b.targetError, x);
      return ea === null || eb === null ? [] : [[Math.abs(ea), Math.abs(eb)] as [number, number]];
    });
    figures.push(paired(`brigade target |error| at ${x}`, target));
  }
  return figures;
}

function format(figure: PairedFigure): string {
  const digits = figure.label.startsWith('τ') ? 4 : 2;
  const clear = Math.abs(figure.delta) > 2 * figure.se ? '  (more than 2 se)' : '';
  const left = figure.unpaired > 0 ? `, ${figure.unpaired} seed(s) unpaired` : '';
  return (
    `  ${figure.label.padEnd(32)} ${figure.before.toFixed(digits)} → ${figure.after.toFixed(digits)}` +
    `   Δ ${figure.delta >= 0 ? '+' : ''}${figure.delta.toFixed(digits)} ± ${figure.se.toFixed(digits)}` +
    ` (${figure.seeds} seeds${left})${clear}`
  );
}

function main(): void {
  const [beforeFile, afterFile, system = 'engine'] = process.argv.slice(2);
  if (beforeFile === undefined || afterFile === undefined) {
    throw new Error('usage: bench:ranking-compare -- before.json after.json [system]');
  }
  const read = (file: string) =>
    (JSON.parse(fs.readFileSync(file, 'utf8')) as SavedResult[]).filter(
      (run) => run.system === system,
    );
  const before = read(beforeFile);
  const after = read(afterFile);
  const groups = [...new Set(before.map((run) => `${run.model}|${run.n}`))];
  console.log(`${system}: ${beforeFile} → ${afterFile}, paired by seed (mean, Δ ± standard error)`);
  for (const group of groups) {
    const of = (runs: readonly SavedResult[]) =>
      runs.filter((run) => `${run.model}|${run.n}` === group);
    const [model, n] = group.split('|');
    const figures = compareGroup(of(before), of(after));
    if ((figures[0]?.seeds ?? 0) + (figures[0]?.unpaired ?? 0) === 0) continue;
    console.log(`${model ?? ''}, N=${n ?? ''}`);
    for (const figure of figures) console.log(format(figure));
  }
}

main();
