import { UnlockMeter } from '../../components/UnlockProgress';
import { Link } from '../../lib/router';
import { useT } from '../../lib/i18n';
import { nextStep } from './vote-feedback';

interface UnlockDoneProps {
  required: number;
  /** Signed in (a score to look at on the profile), or a visitor who has yet to upload. */
  hasAccount: boolean;
}

/**
 * The newcomer's progress bar once its last vote is in, for the rest of the visit: full, with
 * the one thing the unlock means for this voter as a link (the toast said it was unlocked; this
 * is where to go next), in the same place, so nothing under it moves.
 */
export function UnlockDone({ required, hasAccount }: UnlockDoneProps) {
  const t = useT();
  return (
    <div className="unlock-progress unlock-done" data-testid="unlock-progress">
      <Link
        className="unlock-progress__text unlock-done__link"
        to={hasAccount ? '/profile' : '/upload'}
      >
        {nextStep({ hasAccount })}
        <span aria-hidden="true"> ›</span>
      </Link>
      <UnlockMeter done={required} required={required} valueText={t('unlock.done')} />
    </div>
  );
}
