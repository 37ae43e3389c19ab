import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  IDENTITY,
  distance,
  midpoint,
  panBy,
  toggleAt,
  zoomAround,
  type Frame,
  type Point,
  type Zoom,
} from './zoom-math';

/** Two taps this close in time and place are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** A press that moved less than this is a tap, not a drag. */
const TAP_SLOP_PX = 10;

interface Gesture {
  start: Zoom;
  /** Where each finger touched down. */
  from: Map<number, Point>;
}

/**
 * Pinch-to-zoom, pan and double tap on one element, with pointer events: one finger (or the
 * mouse) pans a zoomed photo, two pinch; a double tap zooms in on its point or back out. The
 * element needs `touch-action: none` so the browser leaves these gestures to it.
 */
export function useZoom() {
  const [zoom, setZoom] = useState<Zoom>(IDENTITY);
  /** Fingers are down: the photo follows them without easing. */
  const [gesturing, setGesturing] = useState(false);
  const zoomRef = useRef(zoom);
  const target = useRef<HTMLElement | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const moved = useRef(false);

  const apply = useCallback((next: Zoom) => {
    zoomRef.current = next;
    setZoom(next);
  }, []);

  /** The pointer's position from the element's centre, and the element's unscaled size. */
  const locate = useCallback((event: ReactPointerEvent): { point: Point; frame: Frame } => {
    const element = target.current ?? (event.currentTarget as HTMLElement);
    const box = element.getBoundingClientRect();
    return {
      point: {
        x: event.clientX - box.left - box.width / 2,
        y: event.clientY - box.top - box.height / 2,
      },
      frame: { width: box.width, height: box.height },
    };
  }, []);

  /** Every finger down starts the gesture again from where the photo is now. */
  const restart = useCallback(() => {
    gesture.current = { start: zoomRef.current, from: new Map(pointers.current) };
  }, []);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      // Captured, so a finger sliding off the photo still moves it. A pointer the browser no
      // longer knows (a synthetic event) cannot be captured: the gesture works without it.
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // nothing to capture
      }
      pointers.current.set(event.pointerId, locate(event).point);
      if (pointers.current.size === 1) moved.current = false;
      setGesturing(true);
      restart();
    },
    [locate, restart],
  );

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (!pointers.current.has(event.pointerId) || gesture.current === null) return;
      const { point, frame } = locate(event);
      pointers.current.set(event.pointerId, point);
      const { start, from } = gesture.current;
      const [a, b] = [...pointers.current.entries()];
      const fromA = a === undefined ? undefined : from.get(a[0]);
      if (a === undefined || fromA === undefined) return;
      if (distance(fromA, a[1]) > TAP_SLOP_PX) moved.current = true;
      const fromB = b === undefined ? undefined : from.get(b[0]);
      if (b !== undefined && fromB !== undefined) {
        moved.current = true;
        const before = distance(fromA, fromB);
        if (before < 1) return;
        apply(
          zoomAround(
            start,
            distance(a[1], b[1]) / before,
            midpoint(fromA, fromB),
            midpoint(a[1], b[1]),
            frame,
          ),
        );
      } else {
        apply(panBy(start, a[1].x - fromA.x, a[1].y - fromA.y, frame));
      }
    },
    [apply, locate],
  );

  const onPointerEnd = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (!pointers.current.delete(event.pointerId)) return;
      restart();
      if (pointers.current.size === 0) setGesturing(false);
      if (pointers.current.size > 0 || moved.current || event.type !== 'pointerup') return;
      const { point, frame } = locate(event);
      const previous = lastTap.current;
      const now = event.timeStamp;
      if (
        previous !== null &&
        now - previous.at < DOUBLE_TAP_MS &&
        distance(previous.point, point) < DOUBLE_TAP_PX
      ) {
        lastTap.current = null;
        apply(toggleAt(zoomRef.current, point, frame));
      } else {
        lastTap.current = { at: now, point };
      }
    },
    [apply, locate, restart],
  );

  /** The zoom button and keys: in on the centre, or back out. */
  const toggle = useCallback(() => {
    const element = target.current;
    const box = element?.getBoundingClientRect();
    const frame = { width: box?.width ?? 0, height: box?.height ?? 0 };
    apply(toggleAt(zoomRef.current, { x: 0, y: 0 }, frame));
  }, [apply]);

  return {
    zoom,
    gesturing,
    toggle,
    ref: target,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
    },
  };
}
