export { ShareModal } from './LazyShareModal';
export type { ShareRequest } from './api/gen-share-image';
