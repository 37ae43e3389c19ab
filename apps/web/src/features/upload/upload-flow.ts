import { useEffect, useState } from 'react';
import { useCategories } from '../../lib/api/get-categories';
import { useLanguage } from '../../lib/i18n';
import { useUploadText } from './texts';
import { useUserStore } from '../../services/user';
import { sessionFrom, useUploadPhoto } from './api/upload-photo';
import {
  cropRect,
  initialCrop,
  loadImage,
  outputSize,
  renderCrop,
  type CropState,
  type LoadedImage,
} from './crop';
import {
  checkChosenFile,
  checkChosenImage,
  checkRenderedCrop,
  refusalMessage,
} from './upload-limits';

export type Step = 'choose' | 'frame' | 'send';
export const STEPS: readonly Step[] = ['choose', 'frame', 'send'];

function objectUrl(blob: Blob | null): string | null {
  if (blob === null || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(blob);
}

function revoke(url: string | null | undefined): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/**
 * The upload's three steps as one state machine: choose a file (checked against the contract's
 * limits, then decoded), frame it and pick a category, send the rendered crop (with a retry
 * that sends the same blob again), or start over.
 */
export function useUploadFlow() {
  const t = useUploadText();
  const language = useLanguage();
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

  const chooseFile = async (file: File) => {
    setProblem(null);
    const refusedFile = checkChosenFile(file);
    if (refusedFile !== null) {
      setProblem(refusalMessage(refusedFile, language));
      return;
    }
    setBusy(true);
    try {
      const loaded = await loadImage(file);
      const refusedImage = checkChosenImage(loaded);
      if (refusedImage !== null) {
        revoke(loaded.url);
        setProblem(refusalMessage(refusedImage, language));
        return;
      }
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

  const submit = async () => {
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
      const refusedCrop = checkRenderedCrop(rendered, outputSize(cropRect(image, crop)));
      if (refusedCrop !== null) {
        setProblem(refusalMessage(refusedCrop, language));
        return;
      }
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

  /** Sends the same rendered crop again after a refusal or a lost connection. */
  const retry = () => {
    if (blob !== null && categoryId !== null) send(blob, categoryId);
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

  return {
    step,
    image,
    crop,
    setCrop,
    categories,
    categoryId,
    chooseCategory: setCategoryChoice,
    problem,
    busy,
    progress,
    resultUrl,
    upload,
    chooseFile,
    submit,
    retry,
    restart,
  };
}

export type UploadFlow = ReturnType<typeof useUploadFlow>;
