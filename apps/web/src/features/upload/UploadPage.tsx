import {
  useEffect,
  useId,
  useState,
  type ChangeEvent,
  type CSSProperties,
  type FocusEvent,
} from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Icon } from '../../components/Icon';
import { PageIcon } from '../../components/PageIcon';
import { PhotoFrame } from '../../components/PhotoFrame';
import { useCategories } from '../../lib/api/get-categories';
import { categoryName } from '../../lib/categories';
import { useLanguage, useT } from '../../lib/i18n';
import { useUserStore } from '../../services/user';
import { sessionFrom, useUploadPhoto } from './api/upload-photo';
import { CropStage } from './CropStage';
import { initialCrop, loadImage, renderCrop, type CropState, type LoadedImage } from './crop';
import './upload.css';

export const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

type Step = 'choose' | 'frame' | 'send';
const STEPS: readonly Step[] = ['choose', 'frame', 'send'];

function objectUrl(blob: Blob | null): string | null {
  if (blob === null || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(blob);
}

function revoke(url: string | null | undefined): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

function StepIndicator({ step }: { step: Step }) {
  const t = useT();
  const current = STEPS.indexOf(step);
  return (
    <ol className="upload__steps" aria-label={t('upload.steps')}>
      {STEPS.map((name, index) => (
        <li
          key={name}
          className="upload__step"
          data-state={index < current ? 'done' : index === current ? 'current' : 'todo'}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="upload__step-number tabular" aria-hidden="true">
            {index + 1}
          </span>
          {t(`upload.step.${name}`)}
        </li>
      ))}
    </ol>
  );
}

function Tips() {
  const t = useT();
  return (
    <ul className="upload__tips" aria-label={t('upload.tipsLabel')}>
      <li>
        <PageIcon name="face" size={16} /> {t('upload.tip.face')}
      </li>
      <li>
        <PageIcon name="sun" size={16} /> {t('upload.tip.light')}
      </li>
      <li>
        <PageIcon name="noFilter" size={16} /> {t('upload.tip.filter')}
      </li>
    </ul>
  );
}

/** Upload in three steps: choose a photo, frame it to 3:4 and pick a category, send it. */
/**
 * The file pickers are visually hidden inputs shown by their labels: focus on one brings its
 * label into view (the browser would scroll only to the hidden input, leaving the label under
 * the bottom bar in a short viewport).
 */
function showLabel(event: FocusEvent<HTMLInputElement>): void {
  event.currentTarget.labels?.[0]?.scrollIntoView({ block: 'nearest' });
}

export function UploadPage() {
  const t = useT();
  const language = useLanguage();
  const albumId = useId();
  const cameraId = useId();
  const categoryInputId = useId();
  const categories = useCategories();
  const upload = useUploadPhoto();
  const setSession = useUserStore((state) => state.setSession);
  const [step, setStep] = useState<Step>('choose');
  const [image, setImage] = useState<LoadedImage | null>(null);
  const [crop, setCrop] = useState<CropState | null>(null);
  const [categoryChoice, setCategoryChoice] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [blob, setBlob] = useState<Blob | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [resultUrl, setResultUrl] = useState<string | null>(null);
  const categoryId = categoryChoice ?? categories.data?.[0]?.id ?? null;

  // Object URLs are released when replaced or when the page goes.
  useEffect(
    () => () => {
      revoke(image?.url);
    },
    [image],
  );
  useEffect(
    () => () => {
      revoke(resultUrl);
    },
    [resultUrl],
  );

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setBusy(true);
    try {
      const loaded = await loadImage(file);
      setImage(loaded);
      setCrop(initialCrop(loaded));
      setStep('frame');
    } catch {
      setProblem(t('upload.unreadable'));
    } finally {
      setBusy(false);
    }
  };

  const send = (file: Blob, category: number) => {
    setProgress(0);
    upload.mutate(
      {
        file,
        categoryId: category,
        onProgress: ({ fraction }) => {
          setProgress(fraction);
        },
      },
      {
        onSuccess: (data) => {
          const session = sessionFrom(data);
          if (session) setSession(session);
        },
      },
    );
  };

  const onSubmit = async () => {
    if (image === null || crop === null) {
      setProblem(t('upload.noFile'));
      return;
    }
    if (categoryId === null) {
      setProblem(t('upload.noCategory'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const rendered = await renderCrop(image, crop);
      setBlob(rendered);
      setResultUrl(objectUrl(rendered));
      setStep('send');
      send(rendered, categoryId);
    } catch {
      setProblem(t('upload.unreadable'));
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    upload.reset();
    setImage(null);
    setCrop(null);
    setBlob(null);
    setResultUrl(null);
    setProgress(null);
    setProblem(null);
    setStep('choose');
  };

  let body;
  if (step === 'choose') {
    body = (
      <section className="upload__section" aria-labelledby="upload-choose-heading">
        <h2 id="upload-choose-heading" className="section-title">
          {t('upload.step.choose')}
        </h2>
        <Tips />
        <div className="upload__sources">
          <input
            id={albumId}
            className="visually-hidden"
            type="file"
            name="file"
            accept={ACCEPTED_TYPES}
            disabled={busy}
            onChange={(event) => {
              void onFile(event);
            }}
            onFocus={showLabel}
          />
          <label className="upload__picker" htmlFor={albumId}>
            <span className="upload__placeholder">
              <Icon name="plus" size={28} />
            </span>
            <span className="upload__picker-text">
              {t('upload.album')}
              <small>{t('upload.fileHint')}</small>
            </span>
          </label>
          <input
            id={cameraId}
            className="visually-hidden"
            type="file"
            name="camera"
            accept={ACCEPTED_TYPES}
            capture="user"
            disabled={busy}
            onChange={(event) => {
              void onFile(event);
            }}
            onFocus={showLabel}
          />
          <label className="upload__picker" htmlFor={cameraId}>
            <span className="upload__placeholder">
              <Icon name="camera" size={28} />
            </span>
            <span className="upload__picker-text">
              {t('upload.camera')}
              <small>{t('upload.cameraHint')}</small>
            </span>
          </label>
        </div>
        {busy ? (
          <p className="upload__note" role="status">
            {t('upload.reading')}
          </p>
        ) : null}
      </section>
    );
  } else if (step === 'frame' && image !== null && crop !== null) {
    body = (
      <section className="upload__section" aria-labelledby="upload-frame-heading">
        <h2 id="upload-frame-heading" className="section-title">
          {t('upload.step.frame')}
        </h2>
        <CropStage image={image} crop={crop} onChange={setCrop} />
        <div className="field">
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
                setCategoryChoice(Number(event.target.value));
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
          <Button variant="secondary" onClick={restart}>
            {t('upload.rechoose')}
          </Button>
          <Button
            disabled={busy || categoryId === null}
            onClick={() => {
              void onSubmit();
            }}
          >
            {t('upload.submit')}
          </Button>
        </div>
      </section>
    );
  } else {
    const percent = progress === null ? null : Math.round(progress * 100);
    const fill = { '--progress': progress ?? 0 } as CSSProperties;
    body = (
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
            <span className="upload__progress-text" aria-hidden="true">
              {t('upload.submitting')} {percent === null ? '' : `${percent}%`}
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
            <p className="upload__done-title">
              {!upload.data.photo.provisional ? t('upload.successLive') : t('upload.success')}
            </p>
            <p className="upload__note">{t('upload.next')}</p>
            <div className="upload__actions">
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
        {upload.isError ? (
          <>
            <ErrorState
              title={t('upload.failed')}
              error={upload.error}
              onRetry={() => {
                if (blob !== null && categoryId !== null) send(blob, categoryId);
              }}
            />
            <Button variant="secondary" block onClick={restart}>
              {t('upload.rechoose')}
            </Button>
          </>
        ) : null}
      </section>
    );
  }

  return (
    <div className="page upload">
      <h1 className="page__title">{t('upload.heading')}</h1>
      <StepIndicator step={step} />
      {body}
      {problem ? (
        <p className="upload__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
