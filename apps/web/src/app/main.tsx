import { createRoot } from 'react-dom/client';
import '../styles/index.css';
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
// English texts are a chunk of their own: the first render waits for them (at once in Chinese).
void whenLanguageReady().then(() => {
  root.render(<App router={router} queryClient={createQueryClient()} />);
});

/**
 * The other top-level pages are fetched when the first one is done loading and the main thread
 * is idle, so the first paint never waits for them and a tap on the bottom bar never waits for
 * code (ADR 0014).
 */
function prefetchPages(): void {
  const idle = (task: () => void) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
    else setTimeout(task, 200);
  };
  idle(() => {
    for (const path of PREFETCHED_PATHS) {
      router.preload(path).catch(() => undefined);
    }
  });
}
if (document.readyState === 'complete') prefetchPages();
else window.addEventListener('load', prefetchPages, { once: true });
