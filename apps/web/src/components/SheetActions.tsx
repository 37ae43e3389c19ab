import { Button } from './Button';

interface SheetActionsProps {
  /** The row's layout, the sheet's own (the report sheet gives its send button more room). */
  className: string;
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

/** A sheet's closing row: cancel, then confirm. */
export function SheetActions({
  className,
  cancelLabel,
  onCancel,
  confirmLabel,
  confirmDisabled,
  onConfirm,
  danger = false,
}: SheetActionsProps) {
  return (
    <div className={className}>
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
  );
}
