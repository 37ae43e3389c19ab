/** The daily ranks the refit would have recorded, so rank_change and freezing do real work. */
import { SCORE_MAX, SCORE_MIN } from '@yanzhi/contract';
import type { Db, DatabaseKind } from '../../apps/server/src/db/database.js';
import { addDays, currentPeriod, dayKey } from '../../apps/server/src/domain/leaderboard/index.js';
import { seededRng } from '../../apps/server/src/domain/rating/rng.js';
import { bulkInsert } from './bulk-insert.js';
import { inPeriod, levelCounts, onBoard, ranksByLevel, type Dataset } from './dataset.js';

/**
 * The ranks the refit would have recorded: yesterday for every photo on a running board, and
 * the day before the big month's last day for its photos (freezing it looks those up).
 */
export async function seedScoreDays(
  db: Db,
  kind: DatabaseKind,
  data: Dataset,
  timeZone: string,
  now: number,
): Promise<number> {
  const random = seededRng(7);
  const jitter = (rank: number | null) =>
    rank === null ? null : Math.max(1, rank + Math.round((random() - 0.5) * 60));
  const level = (row: number) => SCORE_MAX - (data.scores[row] ?? SCORE_MIN);
  const board = (row: number) => onBoard(data, row);
  const allRanks = ranksByLevel(levelCounts(data, board));
  const week = currentPeriod('week', now, timeZone);
  const month = currentPeriod('month', now, timeZone);
  const weekRanks = ranksByLevel(
    levelCounts(data, (row) => board(row) && inPeriod(data, row, week)),
  );
  const monthRanks = ranksByLevel(
    levelCounts(data, (row) => board(row) && inPeriod(data, row, month)),
  );
  const bigRanks = ranksByLevel(
    levelCounts(data, (row) => board(row) && inPeriod(data, row, data.bigMonth)),
  );
  const yesterday = addDays(dayKey(now, timeZone), -1);
  const bigDay = addDays(data.bigMonth.end ?? '', -1);

  const rows: unknown[][] = [];
  for (let row = 0; row < data.count; row += 1) {
    if (!board(row)) continue;
    const at = level(row);
    if (inPeriod(data, row, data.bigMonth)) {
      rows.push([
        row + 1,
        bigDay,
        data.scores[row],
        jitter(allRanks[at] ?? 1),
        null,
        jitter(bigRanks[at] ?? 1),
      ]);
    }
    rows.push([
      row + 1,
      yesterday,
      data.scores[row],
      jitter(allRanks[at] ?? 1),
      jitter(inPeriod(data, row, week) ? (weekRanks[at] ?? 1) : null),
      jitter(inPeriod(data, row, month) ? (monthRanks[at] ?? 1) : null),
    ]);
  }
  await bulkInsert(
    db,
    kind,
    'photo_score_days',
    [
      ['photo_id', 'int'],
      ['day', 'text'],
      ['score', 'int'],
      ['rank_all', 'int'],
      ['rank_week', 'int'],
      ['rank_month', 'int'],
    ],
    {},
    rows.length,
    (index) => rows[index] ?? [],
  );
  return rows.length;
}
