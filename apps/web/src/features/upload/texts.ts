import { usePageTexts, type PageTranslate } from '../../lib/i18n/page-texts';
import { UPLOAD_TEXTS, type UploadTextKey } from './texts-data';

/** The upload page's texts (and the catalogue's) in the current language. */
export function useUploadText(): PageTranslate<UploadTextKey> {
  return usePageTexts(UPLOAD_TEXTS);
}
