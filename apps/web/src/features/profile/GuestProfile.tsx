import { ONBOARDING_VOTES_TO_UNLOCK } from '@yanzhi/contract';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { UnlockProgress } from '../../components/UnlockProgress';
import { useProfileText } from './texts';
import { useVoteStats } from '../../lib/api/get-user-vote-stats';
import { useAccountText } from '../../services/account';
import { Stat } from './Stat';

/**
 * A visitor without an account: their voting stats and fuel, an invitation to upload, and a way
 * back into an account saved with a passkey or a recovery code.
 */
export function GuestProfile({ onSignIn }: { onSignIn: () => void }) {
  const t = useProfileText();
  const text = useAccountText();
  const stats = useVoteStats(null);
  const data = stats.data;
  return (
    <>
      <section className="card profile-card" aria-labelledby="guest-heading">
        <h2 id="guest-heading" className="profile-card__name">
          {t('profile.guestStats')}
        </h2>
        {data ? (
          <>
            <dl className="stats stats--four">
              <Stat
                label={t('profile.totalVotes')}
                value={String(data.total_votes)}
                testId="total-votes"
              />
              <Stat
                label={t('profile.todayVotes')}
                value={String(data.today_votes)}
                testId="today-votes"
              />
              <Stat label={t('profile.fuel')} value={`⚡ ${data.fuel}`} testId="fuel" />
              <Stat label={t('profile.streak')} value={String(data.streak_days)} testId="streak" />
            </dl>
            {data.onboarding.unlocked ? null : (
              <UnlockProgress votes={data.onboarding.votes} required={data.onboarding.required} />
            )}
          </>
        ) : stats.isPending ? (
          // As tall as the four figures and the progress line, so nothing below moves.
          <LoadingRegion>
            <Skeleton height="124px" radius="12px" />
            <UnlockProgress votes={0} required={ONBOARDING_VOTES_TO_UNLOCK} placeholder />
          </LoadingRegion>
        ) : (
          <ErrorState
            error={stats.error}
            onRetry={() => {
              void stats.refetch();
            }}
          />
        )}
      </section>
      <EmptyState
        icon="camera"
        title={t('profile.guestTitle')}
        message={t('profile.guestText')}
        action={<ButtonLink to="/upload">{t('profile.uploadCta')}</ButtonLink>}
      />
      <section className="card guest-sign-in" aria-labelledby="guest-sign-in-heading">
        <h2 id="guest-sign-in-heading" className="guest-sign-in__title">
          {text('signIn.guestTitle')}
        </h2>
        <p className="guest-sign-in__text">{text('signIn.guestText')}</p>
        <Button variant="secondary" block onClick={onSignIn}>
          {text('signIn.button')}
        </Button>
      </section>
    </>
  );
}
