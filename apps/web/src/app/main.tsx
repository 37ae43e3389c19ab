import { onlineManager } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import '../styles/index.css';
import { firstScreenSettled } from '../lib/after-first-screen';
import { openPairFeed } from '../features/arena';
import { useUserStore } from '../services/user';
import { categoriesQueryOptions } from '../lib/api/get-categories';
import { categoriesInPage } from '../lib/categories';
import { whenLanguageReady } from '../lib/i18n';
import { seedVisitorStats, voteStatsQueryOptions } from '../lib/api/get-user-vote-stats';
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
// The query cache assumes a network until told otherwise: a start offline pauses its requests,
// which then go out when the connection returns (instead of failing for good meanwhile).
onlineManager.setOnline(navigator.onLine);
// The arena needs the categories before it can ask for a pair: the server wrote them into the
// page (or they are asked for while the first render runs), and the first pair is asked for
// as soon as they are here (the first photos are the largest paint).
const inPage = categoriesInPage();
if (inPage) queryClient.setQueryData(categoriesQueryOptions.queryKey, inPage);
// A first visit's statistics are a newcomer's, and a known device's profile carries its own:
// no call for them when the page has them.
seedVisitorStats(queryClient);
queryClient.query(categoriesQueryOptions).then(
  (categories) => {
    const first = categories[0];
    // The arena's addresses (routes.tsx): `/` and `/arena`.
    if (first && /^\/(arena)?$/.test(location.pathname)) {
      openPairFeed(queryClient, {
        categoryId: first.id,
        userId: useUserStore.getState().user?.id ?? null,
      });
    }
  },
  () => undefined,
);
// The profile's statistics (a guest's whole card) likewise, from the boot task, unless the
// page carried them (a fresh answer in the cache is not asked for again).
if (location.pathname === '/profile') {
  queryClient
    .query(voteStatsQueryOptions(useUserStore.getState().user?.id ?? null))
    .catch(() => undefined);
}
// The leaderboard's board likewise, as soon as its (preloaded) code is here.
if (location.pathname === '/leaderboard') {
  void import('../features/leaderboard').then((page) => {
    page.prefetchBoard(queryClient, location.search);
  });
}
// A shared photo's page (`/p/<id>`) likewise: its photo is the largest paint.
if (/^\/p\/\d+\/?$/i.test(location.pathname)) {
  void import('../features/photo').then((page) => {
    page.prefetchPhoto(queryClient, location.pathname);
  });
}
// English texts are a chunk of their own: the first render waits for them (at once in Chinese).
void whenLanguageReady().then(() => {
  root.render(<App router={router} queryClient={queryClient} />);
});

/**
 * The other top-level pages are fetched once the first screen has settled: the first paint
 * never waits for them and a tap on the bottom bar never waits for code (ADR 0014).
 */
void firstScreenSettled().then(() => {
  for (const path of PREFETCHED_PATHS) router.preload(path).catch(() => undefined);
});
