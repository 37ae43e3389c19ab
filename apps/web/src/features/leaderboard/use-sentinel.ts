import { useEffect, useRef, type RefObject } from 'react';

/** Start loading the next page while the end of the list is still this far below the screen. */
const LOOKAHEAD = '0px 0px 600px 0px';

/**
 * Calls `onReach` whenever the element comes near the viewport (infinite scroll). Without
 * IntersectionObserver (old WebViews) nothing happens: the element is a "load more" button.
 */
export function useSentinel<T extends Element>(
  onReach: () => void,
  active: boolean,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  const onReachRef = useRef(onReach);
  useEffect(() => {
    onReachRef.current = onReach;
  });

  useEffect(() => {
    const element = ref.current;
    if (!active || element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReachRef.current();
      },
      { rootMargin: LOOKAHEAD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [active]);

  return ref;
}
