import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it has a network (navigator.onLine and its events). "Online" can
 * still mean a network that fails; "offline" is certain, and is what the offline states show.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
