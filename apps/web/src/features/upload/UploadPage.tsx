import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Icon } from '../../components/Icon';
import { PhotoFrame } from '../../components/PhotoFrame';
import { categoryName, useCategories } from '../../lib/categories';
import { useLanguage, useT } from '../../lib/i18n';
import { useUserStore } from '../user';
import { sessionFrom, useUploadPhoto } from './api/upload-photo';
import './upload.css';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

interface ChosenFile {
  file: File;
  previewUrl: string | null;
}

function choose(file: File | undefined): ChosenFile | null {
  if (!file) return null;
  const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  return { file, previewUrl };
}

/** Upload: choose a photo and a category, send it, and show the server's answer. */
export function UploadPage() {
  const t = useT();
  const language = useLanguage();
  const fileInputId = useId();
  const categoryInputId = useId();
  const categories = useCategories();
  const upload = useUploadPhoto();
  const setSession = useUserStore((state) => state.setSession);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [categoryChoice, setCategoryChoice] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const file = chosen?.file ?? null;
  const preview = chosen?.previewUrl ?? null;
  // The preview's object URL is released when another file is chosen or the page goes.
  useEffect(
    () => () => {
      if (chosen?.previewUrl) URL.revokeObjectURL(chosen.previewUrl);
    },
    [chosen],
  );
  const categoryId = categoryChoice ?? categories.data?.[0]?.id ?? null;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setProblem(t('upload.noFile'));
      return;
    }
    if (categoryId === null) {
      setProblem(t('upload.noCategory'));
      return;
    }
    setProblem(null);
    upload.mutate(
      { file, categoryId },
      {
        onSuccess: (data) => {
          const session = sessionFrom(data);
          if (session) setSession(session);
        },
      },
    );
  };

  if (upload.isSuccess) {
    return (
      <div className="page upload">
        <h1 className="page__title">{t('upload.heading')}</h1>
        {preview ? (
          <PhotoFrame className="upload__preview" src={preview} alt={t('upload.preview')} />
        ) : null}
        <EmptyState
          icon="sparkle"
          role="status"
          title={t('upload.success')}
          action={<ButtonLink to="/">{t('upload.voteMeanwhile')}</ButtonLink>}
        />
      </div>
    );
  }

  return (
    <div className="page upload">
      <h1 className="page__title">{t('upload.heading')}</h1>

      <ul className="upload__tips" aria-label={t('upload.tipsLabel')}>
        <li>
          <Icon name="face" size={16} /> {t('upload.tip.face')}
        </li>
        <li>
          <Icon name="sun" size={16} /> {t('upload.tip.light')}
        </li>
        <li>
          <Icon name="noFilter" size={16} /> {t('upload.tip.filter')}
        </li>
      </ul>

      <form className="upload__form" onSubmit={onSubmit} noValidate>
        <input
          id={fileInputId}
          className="visually-hidden"
          type="file"
          name="file"
          accept={ACCEPTED_TYPES}
          onChange={(event) => {
            setChosen(choose(event.target.files?.[0]));
            setProblem(null);
            upload.reset();
          }}
        />
        <label className="upload__picker" htmlFor={fileInputId}>
          {preview ? (
            <PhotoFrame className="upload__preview" src={preview} alt={t('upload.preview')} />
          ) : (
            <span className="upload__placeholder">
              <Icon name="camera" size={32} />
            </span>
          )}
          <span className="upload__picker-text">
            {t('upload.file')}
            <small>{t('upload.fileHint')}</small>
          </span>
        </label>

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

        {problem ? (
          <p className="upload__problem" role="alert">
            {problem}
          </p>
        ) : null}
        {upload.isError ? <ErrorState title={t('upload.failed')} error={upload.error} /> : null}

        <Button type="submit" block disabled={upload.isPending}>
          {upload.isPending ? t('upload.submitting') : t('upload.submit')}
        </Button>
      </form>
    </div>
  );
}
