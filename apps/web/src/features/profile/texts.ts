import { usePageTexts, type PageTranslate } from '../../lib/i18n/page-texts';
import { PROFILE_TEXTS, type ProfileTextKey } from './texts-data';

/** The profile's texts (and the catalogue's) in the current language. */
export function useProfileText(): PageTranslate<ProfileTextKey> {
  return usePageTexts(PROFILE_TEXTS);
}
