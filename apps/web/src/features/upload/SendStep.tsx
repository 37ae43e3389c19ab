import { Suspense, useRef, type CSSProperties } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { PhotoFrame } from '../../components/PhotoFrame';
import { SaveAccountOffer } from '../../services/account';
import { sessionFrom } from './api/upload-photo';
import type { UploadFlow } from './upload-flow';
import { canRetry, shownPercent } from './upload-outcome';
import { useUploadText } from './texts';

/** Step 3: the rendered crop on its way (progress), then what next, or the refusal with a retry. */
export function SendStep({ flow }: { flow: UploadFlow }) {
  const t = useUploadText();
  const { progress, resultUrl, upload, restart } = flow;
  const doneTitle = useRef<HTMLParagraphElement>(null);
  // One number for the label and the bar: they never disagree, and 100 means stored.
  const percent = shownPercent(progress, upload.isSuccess);
  const fill = { '--progress': (percent ?? 0) / 100 } as CSSProperties;
  return (
    <section className="upload__section" aria-labelledby="upload-send-heading">
      <h2 id="upload-send-heading" className="section-title">
        {t('upload.step.send')}
      </h2>
      {resultUrl ? (
        <PhotoFrame className="upload__preview" src={resultUrl} alt={t('upload.preview')}>
          {upload.isSuccess ? (
            <span className="upload__badge">{t('photo.provisional')}</span>
          ) : null}
        </PhotoFrame>
      ) : null}
      {upload.isPending || upload.isIdle ? (
        <div className="upload__progress">
          <span className="upload__progress-text" aria-hidden="true" data-testid="upload-percent">
            {t('upload.submitting')} {percent === null ? '' : `${String(percent)}%`}
          </span>
          <span
            className="upload__progress-bar"
            role="progressbar"
            aria-label={t('upload.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
          >
            <span className="upload__progress-fill" style={fill} />
          </span>
        </div>
      ) : null}
      {upload.isSuccess ? (
        <div className="upload__done" role="status">
          <p className="upload__done-title" ref={doneTitle} tabIndex={-1}>
            {!upload.data.photo.provisional ? t('upload.successLive') : t('upload.success')}
          </p>
          <p className="upload__note">{t('upload.next')}</p>
          <div className="upload__actions upload__actions--fit">
            <ButtonLink to="/">{t('upload.voteMeanwhile')}</ButtonLink>
            <ButtonLink to="/profile" variant="secondary">
              {t('upload.toProfile')}
            </ButtonLink>
          </div>
          <Button variant="ghost" block onClick={restart}>
            {t('upload.another')}
          </Button>
        </div>
      ) : null}
      {/* This upload made a device account: offer to keep it before anything can strand it. */}
      {upload.isSuccess && sessionFrom(upload.data) !== null ? (
        <Suspense fallback={null}>
          <SaveAccountOffer
            onDismiss={() => {
              // The offer goes away: focus lands on what happened, not on the page's body.
              doneTitle.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      {upload.isError ? (
        canRetry(upload.error) ? (
          <>
            <ErrorState title={t('upload.failed')} error={upload.error} onRetry={flow.retry} />
            <Button variant="secondary" block onClick={restart}>
              {t('upload.rechoose')}
            </Button>
          </>
        ) : (
          <>
            {/* The same photo would be refused again: no retry, another photo instead. */}
            <ErrorState title={t('upload.failed')} error={upload.error} />
            <Button block onClick={restart}>
              {t('upload.chooseAnother')}
            </Button>
          </>
        )
      ) : null}
    </section>
  );
}
