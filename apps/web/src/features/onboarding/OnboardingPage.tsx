import { ButtonLink } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { useT, type MessageKey } from '../../lib/i18n';
import './onboarding.css';

interface Step {
  icon: IconName;
  title: MessageKey;
  text: MessageKey;
}

const STEPS: readonly Step[] = [
  { icon: 'tap', title: 'onboarding.pick.title', text: 'onboarding.pick.text' },
  { icon: 'bolt', title: 'onboarding.fuel.title', text: 'onboarding.fuel.text' },
  { icon: 'unlock', title: 'onboarding.unlock.title', text: 'onboarding.unlock.text' },
];

/** Three short cards (swipe or scroll), then one button: start voting. */
export function OnboardingPage() {
  const t = useT();
  return (
    <div className="page onboarding">
      <h1 className="page__title">{t('onboarding.heading')}</h1>
      <ol className="onboarding__cards" aria-label={t('onboarding.stepsLabel')}>
        {STEPS.map((step, index) => (
          <li key={step.title} className="onboarding__card">
            <span className="onboarding__icon">
              <Icon name={step.icon} size={32} />
            </span>
            <span className="onboarding__step">{t('onboarding.step', { n: index + 1 })}</span>
            <h2 className="onboarding__title">{t(step.title)}</h2>
            <p className="onboarding__text">{t(step.text)}</p>
          </li>
        ))}
      </ol>
      <ButtonLink to="/" block className="onboarding__start">
        {t('onboarding.start')}
      </ButtonLink>
    </div>
  );
}
