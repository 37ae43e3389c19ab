import { usePageTexts, type PageTranslate } from '../../lib/i18n/page-texts';
import { PHOTO_TEXTS, type PhotoTextKey } from './texts-data';

/** The photo page's texts (and the catalogue's) in the current language. */
export function usePhotoText(): PageTranslate<PhotoTextKey> {
  return usePageTexts(PHOTO_TEXTS);
}
