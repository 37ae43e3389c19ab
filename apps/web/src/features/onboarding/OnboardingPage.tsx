import { ButtonLink } from '../../components/Button';
import type { IconName } from '../../components/Icon';
import { PageIcon, type PageIconName } from '../../components/PageIcon';
import { UnlockProgress } from '../../components/UnlockProgress';
import { useVoteStats } from '../../lib/api/get-user-vote-stats';
import { useUserStore } from '../../services/user';
import { useOnboardingText } from './texts';
import type { OnboardingTextKey } from './texts-data';
import './onboarding.css';

interface Step {
  icon: IconName | PageIconName;
  title: OnboardingTextKey;
  text: OnboardingTextKey;
}

const STEPS: readonly Step[] = [
  { icon: 'tap', title: 'onboarding.pick.title', text: 'onboarding.pick.text' },
  { icon: 'bolt', title: 'onboarding.fuel.title', text: 'onboarding.fuel.text' },
  { icon: 'unlock', title: 'onboarding.unlock.title', text: 'onboarding.unlock.text' },
];

/** The voter's way to the unlock of their own score, once the server has told us. */
function VoterProgress() {
  const t = useOnboardingText();
  const userId = useUserStore((state) => state.user?.id ?? null);
  const stats = useVoteStats(userId);
  if (stats.data === undefined) return null;
  const { votes, required, unlocked } = stats.data.onboarding;
  return (
    <section className="onboarding__progress" aria-label={t('onboarding.progressTitle')}>
      {unlocked ? (
        <p className="onboarding__unlocked">
          <PageIcon name="check" size={18} />
          {t('unlock.done')}
        </p>
      ) : (
        <UnlockProgress votes={votes} required={required} />
      )}
    </section>
  );
}

/** Three short cards (swipe or scroll), the voter's progress, then one button: start voting. */
export function OnboardingPage() {
  const t = useOnboardingText();
  return (
    <div className="page onboarding">
      <h1 className="page__title">{t('onboarding.heading')}</h1>
      {/* On a phone the cards scroll sideways: the list takes focus so the arrow keys scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ol className="onboarding__cards" aria-label={t('onboarding.stepsLabel')} tabIndex={0}>
        {STEPS.map((step, index) => (
          <li key={step.title} className="onboarding__card">
            <span className="onboarding__icon">
              <PageIcon name={step.icon} size={32} />
            </span>
            <span className="onboarding__step">{t('onboarding.step', { n: index + 1 })}</span>
            <h2 className="onboarding__title">{t(step.title)}</h2>
            <p className="onboarding__text">{t(step.text)}</p>
          </li>
        ))}
      </ol>
      <VoterProgress />
      <ButtonLink to="/" block className="onboarding__start">
        {t('onboarding.start')}
      </ButtonLink>
    </div>
  );
}
