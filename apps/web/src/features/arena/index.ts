export { ArenaPage } from './ArenaPage';
