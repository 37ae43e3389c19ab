import { pageTranslate, usePageTexts, type PageTranslate } from '../../lib/i18n/page-texts';
import type { Language } from '../../lib/i18n';
import { ACCOUNT_TEXTS, type AccountTextKey } from './texts-data';

export { ACCOUNT_TEXTS, type AccountTextKey } from './texts-data';

/** These texts and the app catalogue's under one function, so either kind of key works. */
export type AccountTranslate = PageTranslate<AccountTextKey>;

/** The translate function of a language over these texts and the catalogue. */
export function accountTranslate(language: Language): AccountTranslate {
  return pageTranslate(ACCOUNT_TEXTS, language);
}

/** The account texts of the current language; components re-render when it changes. */
export function useAccountText(): AccountTranslate {
  return usePageTexts(ACCOUNT_TEXTS);
}
