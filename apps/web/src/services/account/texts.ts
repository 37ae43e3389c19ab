import { useMemo } from 'react';
import { t, useLanguage, type Language, type MessageKey, type MessageParams } from '../../lib/i18n';
import { ACCOUNT_TEXTS, ZH, type AccountTextKey } from './texts-data';

export { ACCOUNT_TEXTS, type AccountTextKey } from './texts-data';

/** These texts and the app catalogue's under one function, so either kind of key works. */
export type AccountTranslate = (key: AccountTextKey | MessageKey, params?: MessageParams) => string;

function isAccountKey(key: string): key is AccountTextKey {
  return key in ZH;
}

function fill(text: string, params: MessageParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** The translate function of a language over these texts and the catalogue. */
export function accountTranslate(language: Language): AccountTranslate {
  return (key, params) => {
    if (!isAccountKey(key)) return t(key, params, language);
    const one = `${key}.one`;
    const texts = ACCOUNT_TEXTS[language];
    const chosen = params?.count === 1 && isAccountKey(one) ? texts[one] : texts[key];
    return fill(chosen, params);
  };
}

/** The account texts of the current language; components re-render when it changes. */
export function useAccountText(): AccountTranslate {
  const language = useLanguage();
  return useMemo(() => accountTranslate(language), [language]);
}
