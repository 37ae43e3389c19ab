import { useId, useRef } from 'react';
import { Sheet } from '../../components/Sheet';
import { RecoveryCodeView } from './RecoveryCodeView';

/**
 * The recovery code in a sheet of its own. Escape and the scrim do not close it: the code is
 * never shown again, so "I have saved it" is the way out (focus is taken back to it).
 */
export function RecoveryCodeSheet({
  code,
  afterSignIn,
  onDone,
}: {
  code: string;
  afterSignIn?: boolean;
  onDone: () => void;
}) {
  const titleId = useId();
  const layer = useRef<HTMLDivElement>(null);
  return (
    <Sheet
      labelledBy={titleId}
      testId="recovery-code-sheet"
      onClose={() => {
        layer.current?.querySelector<HTMLButtonElement>('.button--primary')?.focus();
      }}
    >
      <div ref={layer}>
        <RecoveryCodeView code={code} titleId={titleId} afterSignIn={afterSignIn} onDone={onDone} />
      </div>
    </Sheet>
  );
}
