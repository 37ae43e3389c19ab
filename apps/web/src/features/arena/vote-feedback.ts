import type { RevealedScore, SubmitRatingResponse } from '@yanzhi/contract';
import { formatScore, formatScoreChange } from '@yanzhi/contract';
import { getLanguage, t } from '../../lib/i18n';
import { showAchievementToast, showFuelToast, showScoreToast, toast } from '../../services/toasts';
import type { Choice } from './vote-request';

export type ScoreDirection = 'up' | 'down' | 'same';

export interface ScoreChip {
  score: string;
  /** "▲0.1", "▼0.3" or "±0.0". */
  change: string;
  direction: ScoreDirection;
}

/** The chip shown on a photo after the vote: "7.4 ▲0.1". */
export function scoreChip(revealed: RevealedScore): ScoreChip {
  const delta = revealed.current_score - revealed.previous_score;
  const magnitude = formatScoreChange(delta).slice(1);
  const direction: ScoreDirection = magnitude === '0.0' ? 'same' : delta > 0 ? 'up' : 'down';
  const arrow = direction === 'up' ? '▲' : direction === 'down' ? '▼' : '±';
  return { score: formatScore(revealed.current_score), change: `${arrow}${magnitude}`, direction };
}

/** What the live region says: "你选了照片 1：7.4 分，+0.1". */
export function voteAnnouncement(choice: Choice, result: SubmitRatingResponse): string {
  const { current_score, previous_score } = result.winner;
  return t('arena.announce', {
    n: choice + 1,
    score: formatScore(current_score),
    change: formatScoreChange(current_score - previous_score),
  });
}

/**
 * The toasts after a vote (spec §9): fuel earned, the chosen photo's score change, each new
 * achievement, and the unlock of one's own score. Fuel and score replace their previous toast
 * so fast voting does not pile them up.
 */
export function showVoteToasts(result: SubmitRatingResponse): void {
  if (result.fuel_earned > 0) showFuelToast(result.fuel_earned, { replaceKind: true });
  showScoreToast(result.winner.previous_score, result.winner.current_score, {
    replaceKind: true,
  });
  const english = getLanguage() === 'en';
  for (const achievement of result.achievements) {
    showAchievementToast({
      icon: achievement.icon,
      title: english ? achievement.title_en : achievement.title,
      description: english ? achievement.description_en : achievement.description,
    });
  }
  if (result.onboarding.just_unlocked) toast.success(t('arena.unlocked'));
}
