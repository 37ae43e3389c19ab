/**
 * Competition ranks ("1, 2, 2, 4"): photos with equal scores share a rank, the next score's
 * rank counts every photo above it. Returns the photos in board order (score high to low, then
 * the older photo, i.e. the smaller id, first) with their rank.
 */
export function rankInOrder<T extends { id: number; score: number }>(
  items: readonly T[],
): (T & { rank: number })[] {
  const ordered = [...items].sort((a, b) => b.score - a.score || a.id - b.id);
  let rank = 0;
  let previous: number | undefined;
  return ordered.map((item, index) => {
    if (item.score !== previous) {
      rank = index + 1;
      previous = item.score;
    }
    return { ...item, rank };
  });
}
