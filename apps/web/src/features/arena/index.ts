export { ArenaPage } from './ArenaPage';
export { disposePairFeed, openPairFeed } from './use-pair-feed';
