/**
 * Times consecutive phases (a refit's, for its log and bench:refit): each `lap` closes the phase
 * that ran since the previous one; `laps` closes several timed elsewhere (the refit thread), the
 * last of them taking what remains.
 */
export interface PhaseTimer {
  /** Milliseconds spent in each phase, in the order they ran. */
  phases: Record<string, number>;
  lap: (name: string) => void;
  laps: (timed: Record<string, number>) => void;
}

export function phaseTimer(): PhaseTimer {
  const phases: Record<string, number> = {};
  let mark = performance.now();
  return {
    phases,
    lap: (name) => {
      const now = performance.now();
      phases[name] = Math.round(now - mark);
      mark = now;
    },
    laps: (timed) => {
      const now = performance.now();
      const entries = Object.entries(timed);
      let rest = now - mark;
      entries.forEach(([name, ms], at) => {
        phases[name] = Math.round(at === entries.length - 1 ? Math.max(0, rest) : ms);
        rest -= ms;
      });
      mark = now;
    },
  };
}
