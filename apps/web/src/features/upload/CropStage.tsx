import { useId, useRef, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import {
  clampCrop,
  cropRect,
  dragCrop,
  maxZoom,
  previewPlacement,
  type CropState,
  type LoadedImage,
} from './crop';
import { useUploadText } from './texts';

interface CropStageProps {
  image: LoadedImage;
  crop: CropState;
  onChange: (crop: CropState) => void;
}

interface Pointer {
  x: number;
  y: number;
}

/** One arrow key press moves the photo by this share of the frame's width. */
const KEY_STEP = 0.05;

/**
 * The 3:4 frame over the chosen photo: drag to move, pinch (two pointers) or the wheel to zoom,
 * arrow keys to move and the zoom slider for keyboard and screen-reader users.
 */
export function CropStage({ image, crop, onChange }: CropStageProps) {
  const t = useUploadText();
  const zoomId = useId();
  const hintId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Pointer>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const limit = maxZoom(image);
  const placement = previewPlacement(image, crop);
  const frameWidth = () => frame.current?.getBoundingClientRect().width ?? 0;

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Synthetic pointers (tests, some WebViews) cannot be captured; dragging still works.
    }
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), zoom: crop.zoom };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (previous === undefined) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size >= 2 && pinch.current !== null && pinch.current.distance > 0) {
      const zoom = (pinch.current.zoom * distance()) / pinch.current.distance;
      onChange(clampCrop(image, { ...crop, zoom }));
    } else if (pointers.current.size === 1) {
      const dx = event.clientX - previous.x;
      const dy = event.clientY - previous.y;
      onChange(dragCrop(image, crop, dx, dy, frameWidth()));
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    onChange(clampCrop(image, { ...crop, zoom: crop.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1) }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Arrows move the photo (not the frame) by a twentieth of the frame.
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [1, 0],
      ArrowRight: [-1, 0],
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      const step = cropRect(image, crop).width * KEY_STEP;
      onChange(
        clampCrop(image, { ...crop, cx: crop.cx + move[0] * step, cy: crop.cy + move[1] * step }),
      );
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      onChange(clampCrop(image, { ...crop, zoom: crop.zoom * 1.1 }));
    } else if (event.key === '-') {
      event.preventDefault();
      onChange(clampCrop(image, { ...crop, zoom: crop.zoom / 1.1 }));
    }
  };

  return (
    <div className="crop">
      {/* A keyboard-operable widget: arrows move, +/- zoom (the slider below does the same). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={frame}
        className="crop__frame"
        data-testid="crop-frame"
        role="application"
        aria-roledescription={t('upload.crop.role')}
        aria-label={t('upload.crop.label')}
        aria-describedby={hintId}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
      >
        <img className="crop__image" src={image.url} alt="" draggable={false} style={placement} />
        <span className="crop__grid" aria-hidden="true" />
      </div>
      <p id={hintId} className="crop__hint">
        {t('upload.crop.hint')}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={zoomId}>
          {t('upload.crop.zoom')}
        </label>
        <input
          id={zoomId}
          className="crop__zoom"
          type="range"
          min={1}
          max={limit}
          step={0.01}
          value={crop.zoom}
          disabled={limit <= 1}
          aria-valuetext={`${crop.zoom.toFixed(1)}×`}
          onChange={(event) => {
            onChange(clampCrop(image, { ...crop, zoom: Number(event.target.value) }));
          }}
        />
      </div>
    </div>
  );
}
