export { PhotoPage } from './PhotoPage';
export { prefetchPhoto } from './prefetch-photo';
