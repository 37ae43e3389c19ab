import { useCallback, useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';

/** Held this long without moving, a press opens the photo instead of voting. */
export const LONG_PRESS_MS = 500;
/** A finger drifting further than this is scrolling or swiping, not pressing. */
const MOVE_TOLERANCE_PX = 10;

interface Press {
  x: number;
  y: number;
}

/**
 * Long-press and pinch on an element whose tap means something else (a vote): either gesture
 * calls `onInspect`, and the click that may follow it is swallowed so it never counts as a tap.
 * Returns the pointer handlers and `wasGesture()`, to ask in the click handler.
 */
export function useLongPress(onInspect: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pointers = useRef(new Map<number, Press>());
  const fired = useRef(false);
  const onInspectRef = useRef(onInspect);

  useEffect(() => {
    onInspectRef.current = onInspect;
  });

  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  const fire = useCallback(() => {
    clearTimeout(timer.current);
    fired.current = true;
    onInspectRef.current();
  }, []);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      if (pointers.current.size === 0) fired.current = false;
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      clearTimeout(timer.current);
      if (pointers.current.size >= 2) {
        // A second finger on the photo: a pinch, which means "let me see it".
        fire();
        return;
      }
      timer.current = setTimeout(fire, LONG_PRESS_MS);
    },
    [fire],
  );

  const onPointerMove = useCallback((event: PointerEvent<HTMLElement>) => {
    const start = pointers.current.get(event.pointerId);
    if (start === undefined) return;
    const moved = Math.hypot(event.clientX - start.x, event.clientY - start.y);
    if (moved > MOVE_TOLERANCE_PX) clearTimeout(timer.current);
  }, []);

  const onPointerEnd = useCallback((event: PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    clearTimeout(timer.current);
  }, []);

  /** Phones open a context menu on a long-pressed image; the long press is ours. */
  const onContextMenu = useCallback((event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
  }, []);

  /** True once for the click that ends a long-press or pinch (then it is forgotten). */
  const wasGesture = useCallback(() => {
    const was = fired.current;
    fired.current = false;
    return was;
  }, []);

  return {
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onPointerLeave: onPointerEnd,
      onContextMenu,
    },
    wasGesture,
  };
}
