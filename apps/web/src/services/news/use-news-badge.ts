import { useEffect } from 'react';
import { useNewsStore } from './news-store';

/**
 * The badge's one light call: once when the app starts signed in (or a user signs in), never
 * per navigation and never on a timer. Returns the count to show on 我的.
 */
export function useNewsBadge(userId: number | null): number {
  const loadBadge = useNewsStore((state) => state.loadBadge);
  const reset = useNewsStore((state) => state.reset);
  useEffect(() => {
    if (userId === null) reset();
    else void loadBadge(userId);
  }, [userId, loadBadge, reset]);
  return useNewsStore((state) => state.unseen);
}
