/**
 * The accuracy part of the ranking benchmark's report: votes per photo (votes ÷ N) to Kendall τ
 * 0.8 per system and voter model, the engine's ratio to the best peer, τ at fixed budgets, the
 * harder voter models, the brigade's target and the verdict on issue 18's targets.
 */
import type { AccuracyResult } from './accuracy.js';
import { firstCrossing } from './metrics.js';
import { isPeer, PAIRING, type SystemName } from './peers/index.js';
import type { VoterModel } from './voters.js';

export const mean = (xs: readonly number[]) =>
  xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
export const sd = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, xs.length - 1));
};
const pad = (s: string, w: number) => s.padStart(w);
/** The width of the systems' column (the longest name, `engine-filtered`, and a space). */
const NAME = 16;
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;

export interface Verdict {
  readonly target: string;
  /** null when the runs needed were not made (SYSTEMS / MODELS / N subsets). */
  readonly met: boolean | null;
  readonly figures: string;
}

/** Votes per photo to reach `level`: per-seed mean and spread, or the mean curve's crossing. */
interface Reach {
  /** The figure compared across systems; null when not reached within MAX. */
  readonly value: number | null;
  readonly text: string;
}

function reach(runs: readonly AccuracyResult[], level: number): Reach {
  const ms = runs[0]?.ms ?? [];
  if (runs.length === 0) return { value: null, text: '-' };
  const perSeed = runs.map((r) => firstCrossing(r.ms, r.tau, level));
  const reached = perSeed.filter((x): x is number => x !== null);
  if (reached.length === runs.length) {
    const m = mean(reached);
    return { value: m, text: `${m.toFixed(1)}±${sd(reached).toFixed(1)}` };
  }
  // Some seeds never get there: the mean of the others would flatter; use the mean curve.
  const curve = ms.map((_, k) => mean(runs.map((r) => r.tau[k] as number)));
  const cross = firstCrossing(ms, curve, level);
  return {
    value: cross,
    text: `${cross === null ? 'never' : `~${cross.toFixed(1)}`} (${reached.length}/${runs.length})`,
  };
}

/** Mean τ over seeds at `x` votes per photo (NaN when beyond the runs). */
function tauAt(runs: readonly AccuracyResult[], x: number): number {
  const values = runs.flatMap((r) => {
    const k = r.ms.findIndex((m) => m >= x - 1e-9);
    return k < 0 ? [] : [r.tau[k] as number];
  });
  return values.length === runs.length && values.length > 0 ? mean(values) : NaN;
}

export class AccuracyReport {
  constructor(
    private readonly results: readonly AccuracyResult[],
    private readonly systems: readonly SystemName[],
    private readonly ns: readonly number[],
    private readonly max: number,
  ) {}

  private runs(system: SystemName, model: VoterModel, n: number) {
    return this.results.filter((r) => r.system === system && r.model === model && r.n === n);
  }

  private peers() {
    return this.systems.filter(isPeer);
  }

  /** The engine's figure and the best peer's, for one column. */
  private versus(model: VoterModel, n: number, level: number) {
    const engine = reach(this.runs('engine', model, n), level).value;
    let best: { name: SystemName; value: number } | null = null;
    for (const name of this.peers()) {
      const value = reach(this.runs(name, model, n), level).value;
      if (value !== null && (best === null || value < best.value)) best = { name, value };
    }
    return { engine, best };
  }

  printSystems(): void {
    console.log('systems (each fed the same voters one vote at a time, pairs by its own rule):');
    for (const name of this.systems) console.log(`  ${name.padEnd(NAME)} ${PAIRING[name]}`);
    console.log('');
  }

  /** Issue 18's table: votes per photo to τ 0.8, clean and 25% bad, per N. */
  printMain(models: readonly VoterModel[]): void {
    const columns = this.ns.flatMap((n) => models.map((model) => ({ n, model })));
    if (columns.length === 0) return;
    const width = 18;
    console.log(
      '== Votes per photo (votes ÷ N) to Kendall τ 0.8: mean±sd over seeds; "(k/s)" = only k of ' +
        `s seeds reach it within ${this.max}, figure from the mean curve; "never" = not within ${this.max} ==`,
    );
    console.log(''.padEnd(NAME) + columns.map((c) => pad(`${c.model} N=${c.n}`, width)).join(''));
    for (const name of this.systems) {
      console.log(
        name.padEnd(NAME) +
          columns.map((c) => pad(reach(this.runs(name, c.model, c.n), 0.8).text, width)).join(''),
      );
    }
    if (this.systems.includes('engine') && this.peers().length > 0) {
      const ratios = columns.map((c) => {
        const { engine, best } = this.versus(c.model, c.n, 0.8);
        if (best === null) return `no peer ≤${this.max}`;
        if (engine === null) return `never/${best.name}`;
        return `${(engine / best.value).toFixed(2)}× ${best.name}`;
      });
      console.log('engine÷best'.padEnd(NAME) + ratios.map((r) => pad(r, width)).join(''));
    }
    console.log('');
  }

  /** Mean τ at fixed budgets, and votes per photo to τ 0.9. */
  printBudgets(models: readonly VoterModel[], points: readonly number[]): void {
    for (const n of this.ns) {
      for (const model of models) {
        const shown = points.filter((x) => x <= this.max);
        console.log(`== ${model}, N=${n}: mean τ at votes per photo (votes ÷ N), and to τ 0.9 ==`);
        console.log(
          ''.padEnd(NAME) + shown.map((x) => pad(`τ@${x}`, 8)).join('') + pad('to τ 0.9', 18),
        );
        for (const name of this.systems) {
          const runs = this.runs(name, model, n);
          if (runs.length === 0) continue;
          console.log(
            name.padEnd(NAME) +
              shown.map((x) => pad(tauAt(runs, x).toFixed(3), 8)).join('') +
              pad(reach(runs, 0.9).text, 18),
          );
        }
        console.log('');
      }
    }
  }

  /** τ at `at` votes per photo per system under each harder voter model. */
  printHarder(models: readonly VoterModel[], at: number): void {
    if (models.length === 0) return;
    for (const n of this.ns) {
      console.log(`== Harder voters, N=${n}: mean τ at ${at} votes per photo (votes ÷ N) ==`);
      console.log(''.padEnd(NAME) + models.map((m) => pad(m, 10)).join(''));
      for (const name of this.systems) {
        console.log(
          name.padEnd(NAME) +
            models
              .map((m) => {
                const runs = this.runs(name, m, n);
                return pad(runs.length === 0 ? '-' : tauAt(runs, at).toFixed(3), 10);
              })
              .join(''),
        );
      }
      console.log('');
    }
  }

  /**
   * The brigade's target: |shown − true rank percentile| at the given budgets, its signed mean
   * (the lift), and the same photo's |error| with clean voters (what noise alone gives).
   */
  printBrigade(points: readonly number[]): void {
    for (const n of this.ns) {
      if (this.systems.every((s) => this.runs(s, 'brigade', n).length === 0)) continue;
      console.log(
        `== Brigade (5% of voters always pick the photo at the 25th true percentile), N=${n}: ` +
          "the target's rank percentile error |shown − true| × 100, mean±sd over seeds; its " +
          'signed mean; the same photo with clean voters ==',
      );
      console.log(
        ''.padEnd(NAME) +
          points
            .map((x) => pad(`|err|@${x}`, 12) + pad(`lift@${x}`, 9) + pad(`clean@${x}`, 10))
            .join(''),
      );
      for (const name of this.systems) {
        const runs = this.runs(name, 'brigade', n);
        if (runs.length === 0) continue;
        const clean = this.runs(name, 'clean', n);
        const cells = points.map((x) => {
          const errors = this.targetErrors(runs, x);
          const abs = errors.map(Math.abs);
          const base = this.targetErrors(clean, x).map(Math.abs);
          return (
            pad(errors.length === 0 ? '-' : `${mean(abs).toFixed(1)}±${sd(abs).toFixed(1)}`, 12) +
            pad(errors.length === 0 ? '-' : signed(mean(errors)), 9) +
            pad(base.length === 0 ? '-' : mean(base).toFixed(1), 10)
          );
        });
        console.log(name.padEnd(NAME) + cells.join(''));
      }
      console.log('');
    }
  }

  /** Signed rank percentile errors of the target photo at `x` votes per photo, one per seed. */
  private targetErrors(runs: readonly AccuracyResult[], x: number): number[] {
    return runs.flatMap((r) => {
      const k = r.ms.findIndex((m) => m >= x - 1e-9);
      return k < 0 ? [] : [r.targetError[k] as number];
    });
  }

  /** Issue 18's "done when" targets on the benchmark, each MET / MISSED / not measured. */
  judge(brigadeAt: readonly number[]): Verdict[] {
    const verdicts: Verdict[] = [];
    const ratioTarget = (model: VoterModel, limit: number, label: string) => {
      for (const n of this.ns) {
        const { engine, best } = this.versus(model, n, 0.8);
        const target = `${label}, N=${n}: votes to τ 0.8 ≤ ${limit}× the best peer's`;
        if (this.runs('engine', model, n).length === 0 || this.peers().length === 0) {
          verdicts.push({ target, met: null, figures: 'engine or peers not run' });
        } else if (best === null) {
          // No peer within MAX: its figure is above MAX, so engine ≤ limit × MAX suffices.
          const enough = engine !== null && engine <= limit * this.max;
          verdicts.push({
            target,
            met: enough ? true : null,
            figures: `no peer reaches τ 0.8 within ${this.max}; engine ${engine?.toFixed(1) ?? 'never'}${enough ? ` ≤ ${limit}×${this.max}` : ' (raise MAX to decide)'}`,
          });
        } else if (engine === null) {
          verdicts.push({
            target,
            met: false,
            figures: `engine never within ${this.max}; ${best.name} ${best.value.toFixed(1)}`,
          });
        } else {
          const ratio = engine / best.value;
          verdicts.push({
            target,
            met: ratio <= limit,
            figures: `engine ${engine.toFixed(1)} ÷ ${best.name} ${best.value.toFixed(1)} = ${ratio.toFixed(2)}`,
          });
        }
      }
    };
    ratioTarget('clean', 0.8, 'clean voters');
    ratioTarget('bad25', 0.6, '25% bad voters');
    for (const n of this.ns) {
      const runs = this.runs('engine', 'bad25', n);
      const target = `25% bad voters, N=${n}: τ 0.9 within 60 votes per photo`;
      if (runs.length === 0 || this.max < 60) {
        verdicts.push({ target, met: null, figures: 'not run (engine, bad25, MAX ≥ 60)' });
        continue;
      }
      const r = reach(runs, 0.9);
      verdicts.push({
        target,
        met: r.value !== null && r.value <= 60,
        figures: `engine ${r.text}`,
      });
    }
    for (const n of this.ns) {
      const runs = this.runs('engine', 'brigade', n);
      const target = `brigade of 5%, N=${n}: target's rank percentile error < 5`;
      const errors = brigadeAt.map((x) => ({ x, e: this.targetErrors(runs, x) }));
      if (runs.length === 0 || errors.some(({ e }) => e.length === 0)) {
        verdicts.push({ target, met: null, figures: 'not run (engine, brigade)' });
        continue;
      }
      const abs = errors.map(({ x, e }) => ({ x, m: mean(e.map(Math.abs)) }));
      verdicts.push({
        target,
        met: Math.max(...abs.map(({ m }) => m)) < 5,
        figures: `engine, mean over seeds, ${abs.map(({ x, m }) => `@${x}: ${m.toFixed(1)}`).join(', ')}`,
      });
    }
    return verdicts;
  }
}

export function printVerdicts(verdicts: readonly Verdict[]): void {
  console.log("== Verdict on issue 18's benchmark targets ==");
  for (const v of verdicts) {
    const state = v.met === null ? 'NOT MEASURED' : v.met ? 'MET' : 'MISSED';
    console.log(`${state.padEnd(13)} ${v.target}: ${v.figures}`);
  }
  console.log('');
}
