import { firstScreenSettled } from './after-first-screen';

/**
 * Registers the generated service worker at start-up (spec §2), in production builds only: in
 * development a worker would serve stale modules. `registerType: 'autoUpdate'` makes a new
 * worker take over at once; the page then reloads once so it runs the new assets.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    // Installing precaches every asset: on a slow network that would compete with the first
    // screen's photos, so it waits until they are in. Its code is fetched only then, so it is
    // not part of the first route's download (ADR 0014).
    await firstScreenSettled();
    // The manifest too (the build takes its link out of the first page, scripts/route-html.ts):
    // Chromium fetches it and its icon as soon as it is linked.
    const manifest = document.createElement('link');
    manifest.rel = 'manifest';
    manifest.href = '/manifest.webmanifest';
    document.head.append(manifest);
    const { Workbox } = await import('workbox-window');
    const workbox = new Workbox('/sw.js');
    workbox.addEventListener('controlling', (event) => {
      if (event.isUpdate) window.location.reload();
    });
    await workbox.register();
  } catch (error) {
    console.error('[sw] registration failed', error);
  }
}
