import type { Achievement, VoteStats } from '@yanzhi/contract';
import { Suspense, lazy } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { useLanguage } from '../../lib/i18n';
import { useProfileText } from './texts';

/**
 * The badges are a chunk of their own (the toasts fetch them too): the profile opens on the
 * photos tab, so its first paint does not wait for them (ADR 0018).
 */
const AchievementIcon = lazy(async () => ({
  default: (await import('../../components/AchievementIcon')).AchievementIcon,
}));
/** A badge's place while its code arrives. */
const BADGE_PLACE = { display: 'inline-block', width: 28, height: 28, flex: 'none' } as const;

/** The achievements tab: every achievement, earned or still locked. */
export function AchievementsPanel({
  stats,
  error,
  pending,
  onRetry,
}: {
  stats: VoteStats | undefined;
  error: unknown;
  pending: boolean;
  onRetry: () => void;
}) {
  const t = useProfileText();
  const language = useLanguage();
  if (pending) {
    return (
      <LoadingRegion>
        <Skeleton height="56px" radius="12px" />
      </LoadingRegion>
    );
  }
  if (stats === undefined) return <ErrorState error={error} onRetry={onRetry} />;
  if (stats.achievements.length === 0) {
    return <p className="profile__note">{t('achievements.empty')}</p>;
  }
  const earned = stats.achievements.filter((item) => item.unlocked_at !== null).length;
  return (
    <>
      <p className="profile__note">
        {t('achievements.count', { earned, total: stats.achievements.length })}
      </p>
      <ul className="achievements">
        {stats.achievements.map((item: Achievement) => {
          const unlocked = item.unlocked_at !== null;
          return (
            <li
              key={item.key}
              className={`achievement ${unlocked ? 'achievement--earned' : 'achievement--locked'}`}
              data-testid="achievement"
            >
              <Suspense fallback={<span className="achievement__icon" style={BADGE_PLACE} />}>
                <AchievementIcon icon={item.icon} size={28} className="achievement__icon" />
              </Suspense>
              <div>
                <p className="achievement__title">
                  {language === 'en' ? item.title_en : item.title}
                </p>
                <p className="achievement__text">
                  {language === 'en' ? item.description_en : item.description}
                </p>
              </div>
              {!unlocked && item.progress ? (
                <Progress {...item.progress} />
              ) : (
                <span className="achievement__state">
                  {unlocked ? t('achievements.earned') : t('achievements.locked')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** How far a locked achievement has come: "37/100", read out as progress. */
function Progress({ current, target }: { current: number; target: number }) {
  const t = useProfileText();
  return (
    <span
      className="achievement__state achievement__progress tabular"
      data-testid="achievement-progress"
      role="img"
      aria-label={`${t('achievements.locked')} · ${t('achievements.progressLabel', { current, target })}`}
    >
      {t('achievements.progress', { current, target })}
    </span>
  );
}
