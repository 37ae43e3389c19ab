import type { Achievement } from '@yanzhi/contract';
import type { VoterAchievementsTable } from '../db/schema.js';
import { ACHIEVEMENTS } from '../domain/achievements.js';

type Unlocked = Pick<VoterAchievementsTable, 'key' | 'unlocked_at'>;

/** Every achievement, with its unlock time when the voter has it (locked ones: null). */
export function allAchievements(unlocked: readonly Unlocked[]): Achievement[] {
  const at = new Map(unlocked.map((row) => [row.key, row.unlocked_at]));
  return ACHIEVEMENTS.map((definition) => {
    const time = at.get(definition.key);
    return {
      ...definition,
      unlocked_at: time === undefined ? null : new Date(time).toISOString(),
      progress: null,
    };
  });
}

/** The given achievement keys as the contract shows them, in catalogue order. */
export function achievementsByKey(
  keys: readonly string[],
  unlocked: readonly Unlocked[],
): Achievement[] {
  const wanted = new Set(keys);
  return allAchievements(unlocked).filter((achievement) => wanted.has(achievement.key));
}
