import type { PhotoCard } from '@yanzhi/contract';
import { useEffect, useRef, type CSSProperties } from 'react';
import { Icon } from '../../components/Icon';
import { Sheet } from '../../components/Sheet';
import { usePageTexts } from '../../lib/i18n/page-texts';
import { VIEWER_TEXTS } from './viewer-texts-data';
import { useZoom } from './use-zoom';
import './viewer.css';

interface PhotoViewerProps {
  photo: PhotoCard;
  n: number;
  onClose: () => void;
}

/** The history entry the viewer adds, so the phone's back button closes it (not the page). */
const VIEWER_ENTRY = 'yanzhi-photo-viewer';

function isViewerEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && VIEWER_ENTRY in state;
}

/**
 * Back closes the viewer: opening it adds a history entry; going back from it (the system back
 * button or gesture) closes it, and closing it any other way takes that entry away again.
 */
function useBackCloses(onClose: () => void): void {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    window.history.pushState({ ...(window.history.state as object), [VIEWER_ENTRY]: true }, '');
    const onPop = () => {
      if (!isViewerEntry(window.history.state)) onCloseRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (isViewerEntry(window.history.state)) window.history.back();
    };
  }, []);
}

/**
 * A photo full screen, to look closer before voting: pinch or double-tap to zoom, drag to look
 * around; the close button, Escape or back close it. A modal dialog (focus trapped, given back).
 */
export function PhotoViewer({ photo, n, onClose }: PhotoViewerProps) {
  const t = usePageTexts(VIEWER_TEXTS);
  const { zoom, gesturing, toggle, ref, handlers } = useZoom();
  useBackCloses(onClose);
  /** The fingers that opened the viewer lift over it: that is not a press on its close button. */
  const pressedClose = useRef(false);
  const { image } = photo;
  const zoomed = zoom.scale > 1;
  const transform = {
    transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`,
  } as CSSProperties;
  // + and - zoom from the keyboard, wherever focus is in the viewer (Escape is the sheet's).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.key === '+' || event.key === '=') && !zoomed) toggle();
      else if (event.key === '-' && zoomed) toggle();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [zoomed, toggle]);

  return (
    <Sheet
      onClose={onClose}
      label={t('arena.viewerLabel', { n })}
      variant="viewer"
      testId="photo-viewer"
    >
      <div className="viewer">
        <div className="viewer__bar">
          <button
            type="button"
            className="viewer__button"
            aria-label={t('common.close')}
            data-testid="viewer-close"
            onPointerDown={() => {
              pressedClose.current = true;
            }}
            onClick={(event) => {
              // detail 0: a keyboard activation, which has no press to check.
              if (event.detail !== 0 && !pressedClose.current) return;
              onClose();
            }}
          >
            <Icon name="close" size={22} />
          </button>
          <button
            type="button"
            className="viewer__button viewer__button--text"
            aria-pressed={zoomed}
            onClick={toggle}
          >
            {zoomed ? t('arena.viewerZoomOut') : t('arena.viewerZoomIn')}
          </button>
        </div>
        <div
          ref={(element) => {
            ref.current = element;
          }}
          className={`viewer__stage ${zoomed ? 'viewer__stage--zoomed' : ''} ${gesturing ? 'viewer__stage--gesturing' : ''}`}
          data-testid="viewer-stage"
          data-scale={zoom.scale.toFixed(2)}
          {...handlers}
        >
          <img
            className="viewer__img"
            src={image.url}
            width={image.width}
            height={image.height}
            alt={t('arena.viewerLabel', { n })}
            draggable={false}
            style={transform}
          />
        </div>
        <p className="viewer__hint">{t('arena.viewerHint')}</p>
      </div>
    </Sheet>
  );
}
