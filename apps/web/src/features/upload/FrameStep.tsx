import { useId } from 'react';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { categoryName } from '../../lib/categories';
import { useLanguage } from '../../lib/i18n';
import { useUploadText } from './texts';
import { CropStage } from './CropStage';
import type { CropState, LoadedImage } from './crop';
import type { UploadFlow } from './upload-flow';

interface FrameStepProps {
  image: LoadedImage;
  crop: CropState;
  flow: UploadFlow;
}

/** Step 2: the 3:4 crop, the category, and back to choosing or on to sending. */
export function FrameStep({ image, crop, flow }: FrameStepProps) {
  const t = useUploadText();
  const language = useLanguage();
  const categoryInputId = useId();
  const { categories, categoryId } = flow;
  return (
    <section className="upload__section" aria-labelledby="upload-frame-heading">
      {/* The step indicator above already names the step on screen. */}
      <h2 id="upload-frame-heading" className="visually-hidden">
        {t('upload.step.frame')}
      </h2>
      <CropStage image={image} crop={crop} onChange={flow.setCrop} />
      {/* Sticky above the bottom bar: on a small phone the category and 上传 are on screen at
          once, however tall the crop stage is. */}
      <div className="upload__frame-bar" data-testid="upload-frame-bar">
        <div className="field field--inline">
          <label className="field__label" htmlFor={categoryInputId}>
            {t('upload.category')}
          </label>
          {categories.isError ? (
            <ErrorState
              title={t('category.loadError')}
              error={categories.error}
              onRetry={() => {
                void categories.refetch();
              }}
            />
          ) : (
            <select
              id={categoryInputId}
              className="field__control"
              name="category_id"
              value={categoryId ?? ''}
              disabled={categories.isPending}
              onChange={(event) => {
                flow.chooseCategory(Number(event.target.value));
              }}
            >
              {categories.isPending ? <option value="">{t('app.loading')}</option> : null}
              {categories.data?.map((category) => (
                <option key={category.id} value={category.id}>
                  {categoryName(category, language)}
                </option>
              ))}
            </select>
          )}
        </div>
        <div className="upload__actions">
          <Button variant="secondary" onClick={flow.restart}>
            {t('upload.rechoose')}
          </Button>
          <Button
            disabled={flow.busy || categoryId === null}
            onClick={() => {
              void flow.submit();
            }}
          >
            {t('upload.submit')}
          </Button>
        </div>
      </div>
    </section>
  );
}
