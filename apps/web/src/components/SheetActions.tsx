import { Button } from './Button';

interface SheetActionsProps {
  /**
   * The sheet's BEM block, whose `__error` and `__actions` styles this uses (the report sheet
   * gives its send button more room than the profile's sheets).
   */
  block: string;
  /** Why the last confirm failed, said above the buttons. */
  error?: string | null;
  cancelLabel: string;
  onCancel: () => void;
  /** The confirm button's words (its busy words while the call runs). */
  confirmLabel: string;
  confirmDisabled: boolean;
  /** Without it the confirm button submits the sheet's form. */
  onConfirm?: () => void;
  /** For what cannot be undone. */
  danger?: boolean;
}

/** A sheet's closing lines: the failure of the last try, if any, then cancel and confirm. */
export function SheetActions({
  block,
  error,
  cancelLabel,
  onCancel,
  confirmLabel,
  confirmDisabled,
  onConfirm,
  danger = false,
}: SheetActionsProps) {
  return (
    <>
      {error ? (
        <p className={`${block}__error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className={`${block}__actions`}>
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button
          type={onConfirm ? 'button' : 'submit'}
          className={danger ? 'button--danger' : undefined}
          disabled={confirmDisabled}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}
