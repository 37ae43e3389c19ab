import { useId, type ReactNode } from 'react';
import { SheetActions } from './SheetActions';
import { Sheet } from './Sheet';
import { useT } from '../lib/i18n';

interface ConfirmSheetProps {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}

/** A confirmation for something that cannot be undone: what happens, cancel, confirm. */
export function ConfirmSheet({
  title,
  text,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
  onClose,
  testId,
}: ConfirmSheetProps) {
  const t = useT();
  const titleId = useId();
  return (
    <Sheet onClose={onClose} labelledBy={titleId} testId={testId}>
      <div className="sheet-form">
        <h2 id={titleId} className="sheet-form__title">
          {title}
        </h2>
        <div className="sheet-form__text">{text}</div>
        <SheetActions
          block="sheet-form"
          error={error}
          cancelLabel={t('common.cancel')}
          onCancel={onClose}
          confirmLabel={busy ? busyLabel : confirmLabel}
          confirmDisabled={busy}
          onConfirm={onConfirm}
          danger
        />
      </div>
    </Sheet>
  );
}
