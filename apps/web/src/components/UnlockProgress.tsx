import type { CSSProperties } from 'react';
import { useT } from '../lib/i18n';

interface UnlockProgressProps {
  votes: number;
  required: number;
  className?: string;
  /** Only keeps the line's place (invisible, hidden from assistive technology). */
  placeholder?: boolean;
}

/** "再投 7 票解锁你的颜值分" over a slim bar: the newcomer's way to their own score. */
export function UnlockProgress({
  votes,
  required,
  className,
  placeholder = false,
}: UnlockProgressProps) {
  const t = useT();
  const done = Math.min(Math.max(votes, 0), required);
  const remaining = required - done;
  const text =
    remaining === 1 ? t('unlock.remainingOne') : t('unlock.remaining', { count: remaining });
  return (
    <div
      className={`unlock-progress ${placeholder ? 'unlock-progress--placeholder' : ''} ${className ?? ''}`}
      data-testid={placeholder ? undefined : 'unlock-progress'}
      aria-hidden={placeholder || undefined}
    >
      <span className="unlock-progress__text">{text}</span>
      <UnlockMeter done={done} required={required} valueText={text} />
    </div>
  );
}

interface UnlockMeterProps {
  done: number;
  required: number;
  /** What a screen reader says the bar stands at. */
  valueText: string;
}

/** The unlock's slim bar and its "done/required" count (the count is for the eye only). */
export function UnlockMeter({ done, required, valueText }: UnlockMeterProps) {
  const t = useT();
  const fill = { '--progress': required > 0 ? done / required : 1 } as CSSProperties;
  return (
    <span className="unlock-progress__meter">
      <span
        className="unlock-progress__bar"
        role="progressbar"
        aria-label={t('unlock.label')}
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={done}
        aria-valuetext={valueText}
      >
        <span className="unlock-progress__fill" style={fill} />
      </span>
      <span className="unlock-progress__count tabular" aria-hidden="true">
        {done}/{required}
      </span>
    </span>
  );
}
