import { TOAST_DURATION_MS, formatScore, formatScoreChange } from '@yanzhi/contract';
import { t } from '../../lib/i18n';
import { showToast, type RepeatableToastOptions } from './toast-store';

export interface Achievement {
  icon: string;
  title: string;
  /** What the achievement is for; a caller may put what it means for this person instead. */
  description: string;
}

/** A score in hundredths as the tenths it is shown with ("5.34" is shown, and counted, as 5.3). */
function shownTenths(score: number): number {
  return Math.round(score / 10);
}

/**
 * "5.5 → 5.7 (+0.2)", titled score up when the change is positive, otherwise score down (spec
 * §9). The change is the difference of the two scores as shown, so the three numbers always
 * agree ("5.3 → 5.3 (+0.1)" was seen when the change was rounded on its own); a change that
 * shows as nothing is not news, and no toast is shown (null).
 */
export function showScoreToast(
  oldScore: number,
  newScore: number,
  options: RepeatableToastOptions = {},
): string | null {
  const change = shownTenths(newScore) - shownTenths(oldScore);
  if (change === 0) return null;
  const up = change > 0;
  return showToast({
    ...options,
    type: up ? 'success' : 'warning',
    kind: up ? 'score-up' : 'score-down',
    title: t(up ? 'toast.score.up' : 'toast.score.down'),
    message: `${formatScore(oldScore)} → ${formatScore(newScore)} (${formatScoreChange(change * 10)})`,
    duration: TOAST_DURATION_MS.score,
  });
}

export function showAchievementToast(achievement: Achievement): string {
  return showToast({
    type: 'success',
    kind: 'achievement',
    icon: achievement.icon,
    title: achievement.title,
    message: achievement.description,
    duration: TOAST_DURATION_MS.achievement,
  });
}

/** "+N fuel points" (spec §9), for fuel granted at once, never for each vote. */
export function showFuelToast(amount: number, options: RepeatableToastOptions = {}): string {
  return showToast({
    ...options,
    type: 'success',
    kind: 'fuel',
    title: t('toast.fuel.title'),
    message: t('toast.fuel.message', { count: amount }),
    duration: TOAST_DURATION_MS.fuel,
  });
}
