import type { Achievement } from '@yanzhi/contract';
import type { VoterAchievementsTable } from '../db/schema.js';
import { ACHIEVEMENTS, achievementProgress, type ProgressFacts } from '../domain/achievements.js';

type Unlocked = Pick<VoterAchievementsTable, 'key' | 'unlocked_at'>;

/**
 * Every achievement, with its unlock time when the voter has it (locked ones: null) and, for a
 * locked one with a count, how far it has come (when the facts are known).
 */
export function allAchievements(
  unlocked: readonly Unlocked[],
  facts: ProgressFacts | null = null,
): Achievement[] {
  const at = new Map(unlocked.map((row) => [row.key, row.unlocked_at]));
  return ACHIEVEMENTS.map((definition) => {
    const time = at.get(definition.key);
    return {
      ...definition,
      unlocked_at: time === undefined ? null : new Date(time).toISOString(),
      progress:
        time === undefined && facts !== null ? achievementProgress(definition.key, facts) : null,
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
