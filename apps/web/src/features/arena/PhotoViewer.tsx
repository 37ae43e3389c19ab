import type { PhotoCard } from '@yanzhi/contract';
import { useRef } from 'react';
import { Sheet } from '../../components/Sheet';
import { useT } from '../../lib/i18n';

interface PhotoViewerProps {
  photo: PhotoCard;
  n: number;
  onClose: () => void;
}

/** A photo full screen, to look closer before voting; a tap anywhere or Escape closes it. */
export function PhotoViewer({ photo, n, onClose }: PhotoViewerProps) {
  const t = useT();
  /** The finger that long-pressed to open the viewer lifts over it: that is not a tap on it. */
  const pressedInside = useRef(false);
  const { image } = photo;
  return (
    <Sheet
      onClose={onClose}
      label={t('arena.viewerLabel', { n })}
      variant="viewer"
      testId="photo-viewer"
    >
      <button
        type="button"
        className="viewer__close"
        aria-label={t('common.close')}
        onPointerDown={() => {
          pressedInside.current = true;
        }}
        onClick={(event) => {
          // detail 0: a keyboard activation, which has no press to check.
          if (event.detail !== 0 && !pressedInside.current) return;
          onClose();
        }}
      >
        <img
          className="viewer__img"
          src={image.url}
          width={image.width}
          height={image.height}
          alt={t('arena.viewerLabel', { n })}
        />
      </button>
    </Sheet>
  );
}
