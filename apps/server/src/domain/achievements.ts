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

/** Achievements a voter's own voting has earned. */
export function voterAchievementKeys(progress: VoterProgress): string[] {
  const keys: string[] = [];
  if (progress.totalVotes >= 1) keys.push('first_vote');
  if (progress.totalVotes >= ONBOARDING_VOTES_TO_UNLOCK) keys.push('votes_10');
  if (progress.totalVotes >= 100) keys.push('votes_100');
  if (progress.totalVotes >= 1000) keys.push('votes_1000');
  if (progress.streakDays >= 3) keys.push('streak_3');
  if (progress.streakDays >= 7) keys.push('streak_7');
  return keys;
}

/** Achievements a photo's result earns its owner. */
export function photoAchievementKeys(photo: { winStreak: number; currentScore: number }): string[] {
  const keys: string[] = [];
  if (photo.winStreak >= 5) keys.push('photo_win_streak_5');
  if (photo.currentScore >= 700) keys.push('score_7');
  if (photo.currentScore >= 800) keys.push('score_8');
  if (photo.currentScore >= 900) keys.push('score_9');
  return keys;
}
