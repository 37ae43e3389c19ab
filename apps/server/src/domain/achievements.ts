import { ONBOARDING_VOTES_TO_UNLOCK } from '@yanzhi/contract';

/** Achievements (DESIGN §6): awarded once, stored, announced with the achievement toast. */
export interface AchievementDefinition {
  key: string;
  icon: string;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
}

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  {
    key: 'first_vote',
    icon: 'first-vote',
    title: '初来乍到',
    title_en: 'First pick',
    description: '投出你的第一票',
    description_en: 'Cast your first vote',
  },
  {
    key: 'votes_10',
    icon: 'votes',
    title: '眼光入门',
    title_en: 'Getting the eye',
    description: `投满 ${ONBOARDING_VOTES_TO_UNLOCK} 票，解锁你的颜值分`,
    description_en: `Cast ${ONBOARDING_VOTES_TO_UNLOCK} votes and unlock your score`,
  },
  {
    key: 'votes_100',
    icon: 'votes',
    title: '阅人无数',
    title_en: 'Seen them all',
    description: '累计投出 100 票',
    description_en: 'Cast 100 votes',
  },
  {
    key: 'votes_1000',
    icon: 'votes',
    title: '火眼金睛',
    title_en: 'Eagle eye',
    description: '累计投出 1000 票',
    description_en: 'Cast 1,000 votes',
  },
  {
    key: 'streak_3',
    icon: 'streak',
    title: '三日不辍',
    title_en: 'Three-day streak',
    description: '连续 3 天参与投票',
    description_en: 'Vote on 3 days in a row',
  },
  {
    key: 'streak_7',
    icon: 'streak',
    title: '一周打卡',
    title_en: 'Week-long streak',
    description: '连续 7 天参与投票',
    description_en: 'Vote on 7 days in a row',
  },
  {
    key: 'photo_win_streak_5',
    icon: 'win-streak',
    title: '五连胜',
    title_en: 'Five in a row',
    description: '你的照片连续赢下 5 场对决',
    description_en: 'One of your photos wins 5 matches in a row',
  },
  {
    key: 'score_7',
    icon: 'score',
    title: '七分颜值',
    title_en: 'Score 7',
    description: '你的照片达到 7.0 分',
    description_en: 'One of your photos reaches 7.0',
  },
  {
    key: 'score_8',
    icon: 'score',
    title: '八分颜值',
    title_en: 'Score 8',
    description: '你的照片达到 8.0 分',
    description_en: 'One of your photos reaches 8.0',
  },
  {
    key: 'score_9',
    icon: 'score',
    title: '九分颜值',
    title_en: 'Score 9',
    description: '你的照片达到 9.0 分',
    description_en: 'One of your photos reaches 9.0',
  },
];

/** What the voter has done, after this vote. */
export interface VoterProgress {
  totalVotes: number;
  streakDays: number;
}

/** What counts toward the counted achievements: the voter's, and their photos' best run. */
export interface ProgressFacts extends VoterProgress {
  /** The longest current win run among the user's photos (null: no user or no photo). */
  bestWinStreak: number | null;
}

/**
 * The achievements earned by reaching a count, with that count: the one place the thresholds
 * live, so what unlocks them and the progress the profile shows ("37/100") cannot disagree.
 * The score achievements are not counts and show no progress.
 */
const COUNTED: Readonly<Record<string, { measure: keyof ProgressFacts; target: number }>> = {
  first_vote: { measure: 'totalVotes', target: 1 },
  votes_10: { measure: 'totalVotes', target: ONBOARDING_VOTES_TO_UNLOCK },
  votes_100: { measure: 'totalVotes', target: 100 },
  votes_1000: { measure: 'totalVotes', target: 1000 },
  streak_3: { measure: 'streakDays', target: 3 },
  streak_7: { measure: 'streakDays', target: 7 },
  photo_win_streak_5: { measure: 'bestWinStreak', target: 5 },
};

/** How far a counted achievement has come (capped at its target); null when it has no count. */
export function achievementProgress(
  key: string,
  facts: ProgressFacts,
): { current: number; target: number } | null {
  const counted = COUNTED[key];
  if (counted === undefined) return null;
  const value = facts[counted.measure];
  if (value === null) return null;
  return { current: Math.max(0, Math.min(value, counted.target)), target: counted.target };
}

function reached(keys: readonly string[], facts: ProgressFacts): string[] {
  return keys.filter((key) => {
    const progress = achievementProgress(key, facts);
    return progress !== null && progress.current >= progress.target;
  });
}

/** Achievements a voter's own voting has earned. */
export function voterAchievementKeys(progress: VoterProgress): string[] {
  return reached(['first_vote', 'votes_10', 'votes_100', 'votes_1000', 'streak_3', 'streak_7'], {
    ...progress,
    bestWinStreak: null,
  });
}

/** Achievements a photo's result earns its owner. */
export function photoAchievementKeys(photo: { winStreak: number; currentScore: number }): string[] {
  const keys = reached(['photo_win_streak_5'], {
    totalVotes: 0,
    streakDays: 0,
    bestWinStreak: photo.winStreak,
  });
  if (photo.currentScore >= 700) keys.push('score_7');
  if (photo.currentScore >= 800) keys.push('score_8');
  if (photo.currentScore >= 900) keys.push('score_9');
  return keys;
}
