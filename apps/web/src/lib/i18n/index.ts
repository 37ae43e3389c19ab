import { useCallback } from 'react';
import type { MessageKey } from './catalogue';
import { getLanguage, useLanguageStore, type Language } from './language';
import { MESSAGES } from './messages';

export type { MessageKey } from './catalogue';
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  detectLanguage,
  getLanguage,
  whenLanguageReady,
  initLanguage,
  setLanguage,
  type Language,
} from './language';

export { MESSAGES, loadMessages } from './messages';

export type MessageParams = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * The text of a key in one language's table, or of its `.one` sibling when there is one and the
 * count is 1, with its `{name}` placeholders filled in. Both languages of a table have the same
 * keys (a unit test sees to it), so the sibling's presence is read in the table at hand.
 */
export function textIn(
  texts: Readonly<Record<string, string>>,
  key: string,
  params?: MessageParams,
): string {
  const one = `${key}.one`;
  const text = (params?.count === 1 && one in texts ? texts[one] : texts[key]) ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** Translation outside React (stores, the API client): uses the current language. */
export function t(key: MessageKey, params?: MessageParams, language: Language = getLanguage()) {
  return textIn(MESSAGES[language], key, params);
}

export function useLanguage(): Language {
  return useLanguageStore((state) => state.language);
}

/** The translate function of the current language; components re-render when it changes. */
export function useT(): Translate {
  const language = useLanguage();
  return useCallback<Translate>((key, params) => t(key, params, language), [language]);
}
