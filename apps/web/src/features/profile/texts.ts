import { getLanguage } from '../../lib/i18n';
import { pageTranslate, usePageTexts, type PageTranslate } from '../../lib/i18n/page-texts';
import { PROFILE_TEXTS, type ProfileTextKey } from './texts-data';

export { PROFILE_TEXTS, type ProfileTextKey } from './texts-data';

/** The profile's texts and the catalogue's under one function, so either kind of key works. */
export type ProfileTranslate = PageTranslate<ProfileTextKey>;

/** The profile's texts of the current language; components re-render when it changes. */
export function useProfileText(): ProfileTranslate {
  return usePageTexts(PROFILE_TEXTS);
}

/** Outside React (a mutation's toast): the current language. */
export const profileText: ProfileTranslate = (key, params) =>
  pageTranslate(PROFILE_TEXTS, getLanguage())(key, params);
