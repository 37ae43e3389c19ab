import { createRoot } from 'react-dom/client';
import '../styles/index.css';
import { categoriesQueryOptions } from '../lib/categories';
import { whenLanguageReady } from '../lib/i18n';
import { startApp } from './bootstrap';
import { createQueryClient } from './providers';
import { App, createAppRouter } from './router';
import { PREFETCHED_PATHS } from './routes';

startApp();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();
const root = createRoot(container);
const queryClient = createQueryClient();
// The arena needs the categories before it can ask for a pair: ask while the first render runs.
queryClient.query(categoriesQueryOptions).catch(() => undefined);
// English texts are a chunk of their own: the first render waits for them (at once in Chinese).
void whenLanguageReady().then(() => {
  root.render(<App router={router} queryClient={queryClient} />);
});

/** Long enough for the first pair's API calls and photos to have the network to themselves. */
const PREFETCH_DELAY_MS = 3000;

/**
 * The other top-level pages are fetched a moment after the load event, when the main thread is
 * idle: the first paint never waits for them and a tap on the bottom bar never waits for code
 * (ADR 0014).
 */
function prefetchPages(): void {
  const idle = (task: () => void) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
    else task();
  };
  setTimeout(() => {
    idle(() => {
      for (const path of PREFETCHED_PATHS) router.preload(path).catch(() => undefined);
    });
  }, PREFETCH_DELAY_MS);
}
if (document.readyState === 'complete') prefetchPages();
else window.addEventListener('load', prefetchPages, { once: true });
