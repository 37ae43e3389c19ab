/**
 * The bench's photos, generated in memory from a fixed seed so both databases hold the same
 * boards: scores roughly normal (many ties), publication spread over two years with one big
 * past month, recent provisional photos, a few hidden ones, and the signed-in caller's two
 * photos placed deep on the all-time board and on the big month's board.
 */
import { SCORE_MAX, SCORE_MIN } from '@yanzhi/contract';
import {
  addDays,
  currentPeriod,
  periodOf,
  type Period,
} from '../../apps/server/src/domain/leaderboard/index.js';
import { seededRng } from '../../apps/server/src/domain/rating/rng.js';

const DAY_MS = 86_400_000;
const LEVELS = SCORE_MAX - SCORE_MIN + 1;

export interface DatasetOptions {
  photos: number;
  users: number;
  now: number;
  timeZone: string;
  /** Share of the photos first published in the big past month. */
  bigMonthShare: number;
  /** How many months before the running one the big month is. */
  bigMonthsBack: number;
}

/** Row `i` is photo id `i + 1`; the caller's photos are the last two rows. */
export interface Dataset {
  count: number;
  userIds: Int32Array;
  hidden: Uint8Array;
  provisional: Uint8Array;
  scores: Int16Array;
  comparisons: Int32Array;
  publishedAt: Float64Array;
  updatedAt: Float64Array;
  bigMonth: Period;
  /** Established active photos: the all-time board. */
  boardSize: number;
  bigMonthSize: number;
  caller: { allPhotoId: number; allRank: number; monthPhotoId: number; monthRank: number };
}

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** The month `back` months before the one running at `now`. */
export function monthBefore(now: number, timeZone: string, back: number): Period {
  let period = currentPeriod('month', now, timeZone);
  for (let step = 0; step < back; step += 1) {
    period = periodOf('month', addDays(period.start ?? '', -1), timeZone);
  }
  return period;
}

/** Photos per score level (index 0 is the top score) among the rows `include` accepts. */
export function levelCounts(data: Dataset, include: (row: number) => boolean): Int32Array {
  const counts = new Int32Array(LEVELS);
  for (let row = 0; row < data.count; row += 1) {
    if (!include(row)) continue;
    const level = SCORE_MAX - (data.scores[row] ?? SCORE_MIN);
    counts[level] = (counts[level] ?? 0) + 1;
  }
  return counts;
}

/** For each level, the competition rank a photo of that score has (photos above + 1). */
export function ranksByLevel(counts: Int32Array): Int32Array {
  const ranks = new Int32Array(LEVELS);
  let above = 0;
  for (let level = 0; level < LEVELS; level += 1) {
    ranks[level] = above + 1;
    above += counts[level] ?? 0;
  }
  return ranks;
}

/** The lowest score whose rank is at most `rank`. */
function scoreAtRank(counts: Int32Array, rank: number): number {
  const ranks = ranksByLevel(counts);
  let level = 0;
  while (level + 1 < LEVELS && (ranks[level + 1] ?? 0) <= rank) level += 1;
  return SCORE_MAX - level;
}

/** The competition rank of a row among the rows `include` accepts. */
function rankOf(data: Dataset, row: number, include: (row: number) => boolean): number {
  const level = SCORE_MAX - (data.scores[row] ?? SCORE_MIN);
  return ranksByLevel(levelCounts(data, include))[level] ?? 0;
}

export function onBoard(data: Dataset, row: number): boolean {
  return data.hidden[row] === 0 && data.provisional[row] === 0;
}

export function inPeriod(data: Dataset, row: number, period: Period): boolean {
  const at = data.publishedAt[row] ?? 0;
  return at >= (period.startsAt ?? 0) && at < (period.endsAt ?? 0);
}

export function generateDataset(options: DatasetOptions): Dataset {
  const { photos: count, users, now } = options;
  const random = seededRng(20_261_121);
  const bigMonth = monthBefore(now, options.timeZone, options.bigMonthsBack);
  const bigStart = bigMonth.startsAt ?? 0;
  const bigSpan = (bigMonth.endsAt ?? 0) - bigStart;
  const data: Dataset = {
    count,
    userIds: new Int32Array(count),
    hidden: new Uint8Array(count),
    provisional: new Uint8Array(count),
    scores: new Int16Array(count),
    comparisons: new Int32Array(count),
    publishedAt: new Float64Array(count),
    updatedAt: new Float64Array(count),
    bigMonth,
    boardSize: 0,
    bigMonthSize: 0,
    caller: { allPhotoId: count - 1, allRank: 0, monthPhotoId: count, monthRank: 0 },
  };
  for (let row = 0; row < count; row += 1) {
    const draw = random();
    const provisional = draw < 0.05;
    let published: number;
    if (provisional) published = now - random() * 3 * DAY_MS;
    else if (draw < 0.05 + options.bigMonthShare) published = bigStart + random() * bigSpan;
    else published = now - 3_600_000 - random() * 730 * DAY_MS;
    const score = Math.round(550 + 120 * normal(random));
    data.userIds[row] = 1 + Math.floor(random() * users);
    data.hidden[row] = random() < 0.01 ? 1 : 0;
    data.provisional[row] = provisional ? 1 : 0;
    data.scores[row] = Math.min(SCORE_MAX, Math.max(SCORE_MIN, score));
    data.comparisons[row] = provisional
      ? Math.floor(random() * 20)
      : 20 + Math.floor(-60 * Math.log(1 - random()));
    data.publishedAt[row] = Math.floor(published);
    data.updatedAt[row] = Math.floor(published + random() * (now - published));
  }
  placeCaller(data, options);
  data.boardSize = levelCounts(data, (row) => onBoard(data, row)).reduce((a, b) => a + b, 0);
  data.bigMonthSize = levelCounts(
    data,
    (row) => onBoard(data, row) && inPeriod(data, row, bigMonth),
  ).reduce((a, b) => a + b, 0);
  return data;
}

/**
 * The caller's best photo sits at 70 % of the all-time board (rank ~700,000 of a million
 * photos), published outside the big month; the second, lower one at 80 % of the big month.
 */
function placeCaller(data: Dataset, options: DatasetOptions): void {
  const best = data.count - 2;
  const second = data.count - 1;
  for (const row of [best, second]) {
    data.userIds[row] = options.users + 1;
    data.hidden[row] = 0;
    data.provisional[row] = 0;
  }
  data.publishedAt[best] = (data.bigMonth.startsAt ?? 0) - 40 * DAY_MS;
  data.publishedAt[second] = (data.bigMonth.startsAt ?? 0) + DAY_MS;
  const others = (row: number) => row < best && onBoard(data, row);
  const all = scoreAtRank(levelCounts(data, others), Math.round(0.7 * data.count));
  const month = scoreAtRank(
    levelCounts(data, (row) => others(row) && inPeriod(data, row, data.bigMonth)),
    Math.round(0.8 * options.bigMonthShare * data.count),
  );
  data.scores[best] = all;
  data.scores[second] = Math.min(month, all - 1);
  for (const row of [best, second]) {
    data.updatedAt[row] = data.publishedAt[row] ?? 0;
    data.comparisons[row] = 80;
  }
  data.caller.allRank = rankOf(data, best, (row) => onBoard(data, row));
  data.caller.monthRank = rankOf(
    data,
    second,
    (row) => onBoard(data, row) && inPeriod(data, row, data.bigMonth),
  );
}
