import type { ShareCard } from '@yanzhi/contract';
import { ErrorCode, formatScore } from '@yanzhi/contract';
import { useEffect, useId, useState } from 'react';
import { ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Icon } from '../../components/Icon';
import { PageIcon } from '../../components/PageIcon';
import { Sheet } from '../../components/Sheet';
import { LoadingRegion, Skeleton } from '../../components/Skeleton';
import { ApiError } from '../../lib/api-client';
import { useLanguage } from '../../lib/i18n';
import { usePageTexts } from '../../lib/i18n/page-texts';
import { SHARE_TEXTS } from './texts-data';
import { toast } from '../toasts';
import { cardLanguage, useShareCard, type ShareRequest } from './api/gen-share-image';
import {
  CARD_FILE_NAME,
  absoluteUrl,
  canShare,
  copyText,
  loadCardFile,
  pressToSave,
  shareCard,
} from './share-actions';
import './share.css';

interface ShareModalProps {
  request: ShareRequest;
  onClose: () => void;
}

/** The card as a File for the share sheet, fetched once the card is known (null: links only). */
function useCardFile(card: ShareCard | undefined): File | null {
  const [file, setFile] = useState<{ url: string; file: File } | null>(null);
  const url = card?.url;
  useEffect(() => {
    if (url === undefined || !canShare()) return;
    const controller = new AbortController();
    loadCardFile(url, controller.signal).then(
      (loaded) => {
        if (loaded !== null) setFile({ url, file: loaded });
      },
      () => {
        // No file: the share button shares the link instead.
      },
    );
    return () => {
      controller.abort();
    };
  }, [url]);
  return file !== null && file.url === url ? file.file : null;
}

function CardActions({ card, pressing }: { card: ShareCard; pressing: boolean }) {
  const t = usePageTexts(SHARE_TEXTS);
  const linkId = useId();
  const file = useCardFile(card);
  const [status, setStatus] = useState('');
  const link = absoluteUrl(card.share_url);

  const onShare = async () => {
    const outcome = await shareCard({
      file,
      url: link,
      title: t('app.name'),
      text: `${t('share.text')} ${link}`,
    });
    if (outcome === 'failed') toast.error(t('share.shareFailed'));
  };

  const onCopy = async () => {
    const copied = await copyText(link);
    const message = copied ? t('share.copied') : t('share.copyFailed');
    setStatus(message);
    if (copied) toast.success(message);
    else {
      toast.warning(message);
      const input = document.getElementById(linkId);
      if (input instanceof HTMLInputElement) input.select();
    }
  };

  return (
    <>
      <div className="share-modal__actions">
        {/* Where a download would be ignored, the image above is saved by a long press. */}
        {pressing ? null : (
          <a
            className="button button--primary share-modal__action"
            href={card.url}
            download={CARD_FILE_NAME}
            data-testid="share-save"
          >
            <PageIcon name="download" size={18} />
            {t('share.save')}
          </a>
        )}
        {canShare() ? (
          <button
            type="button"
            className="button button--secondary share-modal__action"
            onClick={() => {
              void onShare();
            }}
          >
            <PageIcon name="share" size={18} />
            {t('share.share')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--secondary share-modal__action"
          onClick={() => {
            void onCopy();
          }}
        >
          <PageIcon name="link" size={18} />
          {t('share.copy')}
        </button>
      </div>
      <div className="share-modal__link">
        <label className="share-modal__link-label" htmlFor={linkId}>
          {t('share.link')}
        </label>
        <input
          id={linkId}
          className="share-modal__link-input"
          type="url"
          readOnly
          value={link}
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
      </div>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </>
  );
}

function CardImage({ card, pressing }: { card: ShareCard; pressing: boolean }) {
  const t = usePageTexts(SHARE_TEXTS);
  const [loaded, setLoaded] = useState(false);
  const score = formatScore(card.current_score);
  return (
    <div
      className={`share-modal__card ${loaded ? '' : 'share-modal__card--loading'} ${
        pressing ? 'share-modal__card--full' : ''
      }`}
    >
      {pressing ? (
        <p className="share-modal__press-hint" data-testid="share-press-hint">
          <PageIcon name="download" size={16} />
          {t('share.pressToSave')}
        </p>
      ) : null}
      <img
        className="share-modal__img"
        src={card.url}
        width={card.width}
        height={card.height}
        alt={
          card.rank === null
            ? t('share.cardAltUnranked', { score })
            : t('share.cardAlt', { rank: card.rank, score })
        }
        data-testid="share-card"
        onLoad={() => {
          setLoaded(true);
        }}
      />
    </div>
  );
}

function isNoPhoto(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.NO_PHOTO_TO_SHARE;
}

/**
 * The share modal of the leaderboard, the profile and a photo's page: the card the server draws
 * (of the chosen photo, else the best one), then save (a download of the PNG, or in webviews
 * that ignore downloads the card full-size to press and hold), share (Web Share API, where
 * present) and copy link. The link never
 * carries a token (the server builds it). Test ids: `share-modal`, `share-card`, `share-save`.
 */
export function ShareModal({ request, onClose }: ShareModalProps) {
  const t = usePageTexts(SHARE_TEXTS);
  const titleId = useId();
  const language = useLanguage();
  const card = useShareCard(request, cardLanguage(language));
  const [pressing] = useState(pressToSave);

  let body;
  if (card.data !== undefined) {
    body = (
      <>
        <CardImage key={card.data.url} card={card.data} pressing={pressing} />
        <CardActions card={card.data} pressing={pressing} />
      </>
    );
  } else if (card.isError && isNoPhoto(card.error)) {
    body = (
      <EmptyState
        icon="camera"
        role="status"
        title={t('share.noPhotoTitle')}
        message={card.error instanceof ApiError ? card.error.message : undefined}
        action={<ButtonLink to="/upload">{t('share.upload')}</ButtonLink>}
      />
    );
  } else if (card.isError) {
    body = (
      <ErrorState
        title={t('share.errorTitle')}
        error={card.error}
        onRetry={() => {
          void card.refetch();
        }}
      />
    );
  } else {
    body = (
      <LoadingRegion label={t('share.loading')}>
        <div className="share-modal__card share-modal__card--skeleton" data-testid="share-loading">
          <Skeleton width="100%" height="100%" radius="16px" />
        </div>
        <div className="share-modal__actions" aria-hidden="true">
          <Skeleton height="44px" radius="999px" />
          <Skeleton height="44px" radius="999px" />
        </div>
      </LoadingRegion>
    );
  }

  return (
    <Sheet onClose={onClose} labelledBy={titleId} testId="share-modal">
      <div className="share-modal">
        <div className="share-modal__header">
          <h2 id={titleId} className="share-modal__title">
            {t('share.title')}
          </h2>
          <button
            type="button"
            className="share-modal__close"
            aria-label={t('common.close')}
            onClick={onClose}
          >
            <Icon name="close" size={22} />
          </button>
        </div>
        {body}
      </div>
    </Sheet>
  );
}
