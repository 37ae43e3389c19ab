export { fetchPhotoNews } from './api/get-photo-news';
export { useNewsStore } from './news-store';
export { useNewsBadge } from './use-news-badge';
