import type { CSSProperties } from 'react';
import { Link } from '../../lib/router';
import { useT } from '../../lib/i18n';
import { nextStep } from './vote-feedback';

const FULL = { '--progress': 1 } as CSSProperties;

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
      <span className="unlock-progress__meter">
        <span
          className="unlock-progress__bar"
          role="progressbar"
          aria-label={t('unlock.label')}
          aria-valuemin={0}
          aria-valuemax={required}
          aria-valuenow={required}
          aria-valuetext={t('unlock.done')}
        >
          <span className="unlock-progress__fill" style={FULL} />
        </span>
        <span className="unlock-progress__count tabular" aria-hidden="true">
          {required}/{required}
        </span>
      </span>
    </div>
  );
}
