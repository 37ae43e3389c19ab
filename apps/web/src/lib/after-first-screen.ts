/**
 * How long after the load event work the first screen does not need waits: long enough for
 * the first pair's API calls and photos to have a slow network to themselves (ADR 0014). The
 * load event alone comes too early: the page is one script, its content arrives later.
 */
export const SETTLE_DELAY_MS = 3000;

/**
 * Resolves once the page has loaded and `SETTLE_DELAY_MS` has passed: the moment to prefetch
 * pages, register the service worker, send what a previous visit left.
 */
export function firstScreenSettled(): Promise<void> {
  return new Promise((resolve) => {
    const start = () => setTimeout(resolve, SETTLE_DELAY_MS);
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  });
}
