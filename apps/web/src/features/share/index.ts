export { ShareModal } from './ShareModal';
export type { ShareRequest } from './api/gen-share-image';
