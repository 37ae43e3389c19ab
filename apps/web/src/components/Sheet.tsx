import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../lib/i18n';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'textarea:not([disabled])',
  'select:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

interface SheetProps {
  onClose: () => void;
  /** The id of the heading that names the dialog, or a label when it has none. */
  labelledBy?: string;
  label?: string;
  /** A bottom sheet of controls, or a full-screen viewer. */
  variant?: 'sheet' | 'viewer';
  testId?: string;
  children: ReactNode;
}

function focusablesOf(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/** Keeps Tab and Shift+Tab inside the panel. */
function trapTab(event: KeyboardEvent, panel: HTMLElement): void {
  const focusables = focusablesOf(panel);
  const first = focusables[0];
  const last = focusables.at(-1);
  const active = document.activeElement;
  const outside = !(active instanceof Node) || !panel.contains(active);
  if (first === undefined || last === undefined) {
    event.preventDefault();
    panel.focus();
  } else if (event.shiftKey && (outside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog over the page: focus moves in and stays in (Tab is trapped), Escape or a tap
 * on the scrim closes it, and focus returns to what opened it. Rendered into <body> so no
 * transformed ancestor (the route transitions) can clip or offset it.
 */
export function Sheet({
  onClose,
  labelledBy,
  label,
  variant = 'sheet',
  testId,
  children,
}: SheetProps) {
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const current = panel.current;
    if (current !== null) {
      (focusablesOf(current)[0] ?? current).focus({ preventScroll: true });
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab' && current !== null) {
        trapTab(event, current);
      }
    };
    // The on-screen keyboard shrinks the viewport (a WebView that resizes the page for it, or
    // Chrome's visual viewport): the field being typed in is brought back into view.
    const keepFieldInView = () => {
      const field = document.activeElement;
      if (
        field instanceof HTMLElement &&
        current?.contains(field) &&
        field.matches('textarea, input')
      ) {
        field.scrollIntoView({ block: 'nearest' });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('resize', keepFieldInView);
    window.visualViewport?.addEventListener('resize', keepFieldInView);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('resize', keepFieldInView);
      window.visualViewport?.removeEventListener('resize', keepFieldInView);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  return createPortal(
    <div className={`sheet-layer sheet-layer--${variant}`}>
      <button
        type="button"
        className="sheet-layer__scrim"
        tabIndex={-1}
        aria-label={t('common.close')}
        onClick={onClose}
      />
      <div
        ref={panel}
        className={`sheet sheet--${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={labelledBy === undefined ? label : undefined}
        tabIndex={-1}
        data-testid={testId}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
