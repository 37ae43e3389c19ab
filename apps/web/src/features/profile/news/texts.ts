import { usePageTexts, type PageTranslate } from '../../../lib/i18n/page-texts';
import { NEWS_TEXTS, type NewsTextKey } from './texts-data';

/** The inbox's texts (and the catalogue's) in the current language. */
export function useNewsText(): PageTranslate<NewsTextKey> {
  return usePageTexts(NEWS_TEXTS);
}
