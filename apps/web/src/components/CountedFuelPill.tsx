import { useEffect, useRef, useState } from 'react';
import { FuelPill } from './FuelPill';

/** How long the number takes to count from the old balance to the new one. */
export const FUEL_COUNT_MS = 450;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** The number shown `elapsed` ms into counting from `from` to `to` (ease-out, whole numbers). */
export function countFrame(from: number, to: number, elapsed: number, duration: number): number {
  if (elapsed >= duration || duration <= 0) return to;
  const progress = 1 - (1 - Math.max(0, elapsed) / duration) ** 3;
  return Math.round(from + (to - from) * progress);
}

/**
 * The shown number follows `value` by counting to it, so a vote's fuel is seen arriving in
 * place instead of in a toast; with reduced motion it simply changes. `gained` is true while a
 * rise is being counted (the pill glows).
 */
function useCountedValue(value: number): { shown: number; gained: boolean } {
  const [shown, setShown] = useState(value);
  const [gained, setGained] = useState(false);
  const shownRef = useRef(value);

  useEffect(() => {
    const from = shownRef.current;
    if (from === value) return;
    if (prefersReducedMotion() || typeof requestAnimationFrame !== 'function') {
      shownRef.current = value;
      setShown(value);
      return;
    }
    setGained(value > from);
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const next = countFrame(from, value, now - start, FUEL_COUNT_MS);
      shownRef.current = next;
      setShown(next);
      if (next === value) setGained(false);
      else frame = requestAnimationFrame(step);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [value]);

  return { shown, gained };
}

/**
 * The pill that counts up as fuel comes in. A chunk apart from the plain pill (it rides with the
 * arena's sheets, fetched once the first photos are in): the first paint shows the balance, and
 * only a later change is counted.
 */
export function CountedFuelPill({ fuel }: { fuel: number }) {
  const { shown, gained } = useCountedValue(fuel);
  return <FuelPill fuel={fuel} shown={shown} gained={gained} />;
}
