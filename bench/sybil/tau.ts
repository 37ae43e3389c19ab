import type { BoardRow } from './world.js';

/**
 * Kendall tau between a board's order and the hidden truth, over the board's photos whose truth
 * is known: +1 when every better-ranked photo has the higher appeal. Shared ranks count as
 * neither agreeing nor disagreeing.
 */
export function kendallTau(board: readonly BoardRow[], truth: ReadonlyMap<number, number>): number {
  const rows = board.filter((row) => truth.has(row.id));
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < rows.length; i += 1) {
    for (let j = i + 1; j < rows.length; j += 1) {
      const a = rows[i];
      const b = rows[j];
      if (!a || !b || a.rank === b.rank) continue;
      const byRank = Math.sign(b.rank - a.rank);
      const byTruth = Math.sign((truth.get(a.id) ?? 0) - (truth.get(b.id) ?? 0));
      if (byRank * byTruth > 0) concordant += 1;
      else if (byRank * byTruth < 0) discordant += 1;
    }
  }
  const pairs = (rows.length * (rows.length - 1)) / 2;
  return pairs === 0 ? 0 : (concordant - discordant) / pairs;
}
