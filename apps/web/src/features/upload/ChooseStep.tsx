import { FilePicker } from './FilePicker';
import { limitsLineParams } from './upload-limits';
import { UploadTips } from './UploadTips';
import { useUploadText } from './texts';

interface ChooseStepProps {
  busy: boolean;
  onFile: (file: File) => void;
}

/** Step 1: the tips, the album and the front camera, and what a photo may be. */
export function ChooseStep({ busy, onFile }: ChooseStepProps) {
  const t = useUploadText();
  return (
    <section className="upload__section" aria-labelledby="upload-choose-heading">
      <h2 id="upload-choose-heading" className="section-title">
        {t('upload.step.choose')}
      </h2>
      <UploadTips />
      <div className="upload__sources">
        <FilePicker
          name="file"
          icon="plus"
          label={t('upload.album')}
          hint={t('upload.fileHint')}
          disabled={busy}
          onFile={onFile}
        />
        <FilePicker
          name="camera"
          icon="camera"
          label={t('upload.camera')}
          hint={t('upload.cameraHint')}
          capture="user"
          disabled={busy}
          onFile={onFile}
        />
      </div>
      <p className="upload__note upload__limits" data-testid="upload-limits">
        {t('upload.limits', limitsLineParams())}
      </p>
      {busy ? (
        <p className="upload__note" role="status">
          {t('upload.reading')}
        </p>
      ) : null}
    </section>
  );
}
