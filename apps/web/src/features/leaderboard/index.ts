export { LeaderboardPage } from './LeaderboardPage';
export { prefetchBoard } from './prefetch-board';
