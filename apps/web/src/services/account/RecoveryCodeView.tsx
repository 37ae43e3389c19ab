import { useState } from 'react';
import { Button } from '../../components/Button';
import {
  RECOVERY_IMAGE_FILE,
  RECOVERY_TEXT_FILE,
  downloadBlob,
  recoveryCodeImage,
  recoveryCodeText,
} from './recovery-code-files';
import './account.css';
import { useAccountText } from './texts';

interface RecoveryCodeViewProps {
  code: string;
  /** The id its heading takes, for the dialog around it. */
  titleId: string;
  /** Shown right after a sign-in that spent the previous code. */
  afterSignIn?: boolean;
  onDone: () => void;
}

/**
 * A recovery code, shown once: large and monospaced, with copy, save as text and save as an
 * image, a plain warning, and "I have saved it" as the only way on.
 */
export function RecoveryCodeView({
  code,
  titleId,
  afterSignIn = false,
  onDone,
}: RecoveryCodeViewProps) {
  const t = useAccountText();
  const [status, setStatus] = useState('');
  const groups = code.split('-');
  const firstHalf = `${groups.slice(0, 3).join('-')}${groups.length > 3 ? '-' : ''}`;
  const secondHalf = groups.slice(3).join('-');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setStatus(t('recoveryCode.copied'));
    } catch {
      setStatus(t('recoveryCode.copyFailed'));
    }
  };
  const saveImage = async () => {
    try {
      downloadBlob(await recoveryCodeImage(code, t), RECOVERY_IMAGE_FILE);
      setStatus(t('recoveryCode.savedImage'));
    } catch {
      setStatus(t('recoveryCode.imageFailed'));
    }
  };

  return (
    <div className="sheet-form recovery-code">
      <h2 id={titleId} className="sheet-form__title">
        {afterSignIn ? t('recoveryCode.titleAfterSignIn') : t('recoveryCode.title')}
      </h2>
      {afterSignIn ? <p className="recovery-code__warning">{t('recoveryCode.usedGone')}</p> : null}
      <p className="recovery-code__warning">{t('recoveryCode.warning')}</p>
      <p className="recovery-code__code" data-testid="recovery-code">
        {/* Two halves that never break inside, so a narrow phone shows three groups a line. */}
        <span className="recovery-code__half">{firstHalf}</span>
        <span className="recovery-code__half">{secondHalf}</span>
      </p>
      <div className="recovery-code__tools">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('recoveryCode.copy')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            downloadBlob(
              new Blob([recoveryCodeText(code, t)], { type: 'text/plain;charset=utf-8' }),
              RECOVERY_TEXT_FILE,
            );
            setStatus(t('recoveryCode.savedText'));
          }}
        >
          {t('recoveryCode.saveText')}
        </Button>
        <Button variant="secondary" onClick={() => void saveImage()}>
          {t('recoveryCode.saveImage')}
        </Button>
      </div>
      <p className="recovery-code__status" role="status">
        {status}
      </p>
      <Button block onClick={onDone}>
        {t('recoveryCode.done')}
      </Button>
    </div>
  );
}
