import type {
  Achievement as AchievementDto,
  RevealedScore,
  SubmitRatingResponse,
} from '@yanzhi/contract';
import { formatScore, formatScoreChange } from '@yanzhi/contract';
import { getLanguage, t } from '../../lib/i18n';
import { showAchievementToast, type Achievement } from '../../services/toasts';
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

/** Who voted, as far as what the unlock means for them. */
export interface VoterContext {
  /** Signed in: an account, which a first upload creates (so likely a photo with a score). */
  hasAccount: boolean;
}

/** The achievement that comes with the unlock of one's own score (server domain/achievements). */
export const UNLOCK_ACHIEVEMENT_KEY = 'votes_10';

/**
 * What the unlock means for this voter, said once: one with an account has a score to look at
 * on the profile; a visitor without one has no photo yet, so the unlock only means that an
 * upload now gets a score.
 */
export function unlockMessage(context: VoterContext): string {
  return t(context.hasAccount ? 'arena.unlockedWithAccount' : 'arena.unlockedNoAccount');
}

/** Where the unlocked score is for this voter: the profile, or behind a first upload. */
export function nextStep(context: VoterContext): string {
  return t(context.hasAccount ? 'arena.unlockDoneProfile' : 'arena.unlockDoneUpload');
}

/**
 * The toasts a vote's answer raises (issue 17's feedback model): none for the vote itself (its
 * fuel, the progress and the two scores show in place) and none for the two photos' scores,
 * which are never the voter's own (the server does not pair them, DESIGN §5); one per new
 * achievement, the unlock's achievement carrying what the unlock means for this voter (or a
 * toast of its own if that achievement was earned before), so the unlock is said once.
 */
export function voteToasts(result: SubmitRatingResponse, context: VoterContext): Achievement[] {
  if (result.already_recorded) return [];
  const english = getLanguage() === 'en';
  const shown = (achievement: AchievementDto): Achievement => ({
    icon: achievement.icon,
    title: english ? achievement.title_en : achievement.title,
    description: english ? achievement.description_en : achievement.description,
  });
  const { just_unlocked } = result.onboarding;
  const unlock = just_unlocked
    ? result.achievements.find((achievement) => achievement.key === UNLOCK_ACHIEVEMENT_KEY)
    : undefined;
  const others = result.achievements.filter((achievement) => achievement !== unlock).map(shown);
  if (!just_unlocked) return others;
  // Titled by the unlock itself when its achievement was earned before: then only the next
  // step is left to say.
  const said: Achievement =
    unlock === undefined
      ? { icon: 'votes', title: t('arena.unlocked'), description: nextStep(context) }
      : { ...shown(unlock), description: unlockMessage(context) };
  return [said, ...others];
}

/** Shows the toasts of `voteToasts`, one after another (the toast area shows one at a time). */
export function showVoteToasts(result: SubmitRatingResponse, context: VoterContext): void {
  for (const achievement of voteToasts(result, context)) showAchievementToast(achievement);
}
