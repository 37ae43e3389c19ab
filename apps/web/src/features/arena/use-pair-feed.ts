import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { fetchPair } from './api/get-pair';
import { LOADING_SNAPSHOT, PairQueue, type FeedSnapshot, type PairSource } from './pair-queue';
import { preloadPair } from './preload-pair';

/**
 * One pair queue per query client, so it lives as long as the app's cache: leaving the arena
 * and coming back finds the prefetched pairs still waiting (and tests get a fresh one each).
 */
const queues = new WeakMap<QueryClient, PairQueue>();

function queueOf(client: QueryClient): PairQueue {
  let queue = queues.get(client);
  if (queue === undefined) {
    const created = new PairQueue({ fetchPair, preload: preloadPair });
    // On the first visit the service worker takes control a moment after start; images
    // decoded before are not reused by the browser afterwards, so decode them again.
    // (navigator.serviceWorker is missing outside secure contexts and in some WebViews.)
    const workers = navigator.serviceWorker as ServiceWorkerContainer | undefined;
    workers?.addEventListener('controllerchange', () => {
      created.redecode();
    });
    queues.set(client, created);
    queue = created;
  }
  return queue;
}

/**
 * Asks for a category's first pair before the arena renders: main.tsx calls it as soon as the
 * categories arrive, so the first photos (the page's largest paint) do not wait for the first
 * render and its effects. The arena then finds the request under way.
 */
export function openPairFeed(client: QueryClient, source: PairSource): void {
  queueOf(client).open(source);
}

/** Stops a client's pair queue for good: a finished test's queue must not fetch on. */
export function disposePairFeed(client: QueryClient): void {
  queues.get(client)?.dispose();
  queues.delete(client);
}

export interface PairFeed extends FeedSnapshot {
  source: PairSource | null;
  /** The pair on screen is done with (voted or skipped). */
  consume: (source: PairSource, pairId: string) => void;
  retry: () => void;
}

/**
 * The pair on screen for a category, with the next ones prefetched behind it. `lead`: a photo
 * the first pair of that category should include (the arena's address, use-arena-address.ts).
 */
export function usePairFeed(
  categoryId: number | null,
  userId: number | null,
  lead: { categoryId: number; photoId: number } | null = null,
): PairFeed {
  const queue = queueOf(useQueryClient());
  const leadPhotoId = lead !== null && lead.categoryId === categoryId ? lead.photoId : null;
  const source = useMemo<PairSource | null>(() => {
    if (categoryId === null) return null;
    return leadPhotoId === null
      ? { categoryId, userId }
      : { categoryId, userId, withPhotoId: leadPhotoId };
  }, [categoryId, userId, leadPhotoId]);

  useEffect(() => {
    if (source !== null) queue.open(source);
  }, [queue, source]);

  const snapshot = useSyncExternalStore(queue.subscribe, () =>
    source === null ? LOADING_SNAPSHOT : queue.snapshot(source),
  );

  const consume = useCallback(
    (from: PairSource, pairId: string) => {
      queue.consume(from, pairId);
    },
    [queue],
  );
  const retry = useCallback(() => {
    if (source !== null) queue.retry(source);
  }, [queue, source]);

  return { ...snapshot, source, consume, retry };
}
