import { useCallback } from 'react';
import type { MessageKey } from './catalogue';
import { DEFAULT_LANGUAGE, getLanguage, useLanguageStore, type Language } from './language';
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

function interpolate(text: string, params: MessageParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

function isMessageKey(key: string): key is MessageKey {
  return key in MESSAGES[DEFAULT_LANGUAGE];
}

/** The text of a key, or of its `.one` sibling when there is one and the count is 1. */
function textOf(key: MessageKey, params: MessageParams | undefined, language: Language): string {
  const one = `${key}.one`;
  if (params?.count === 1 && isMessageKey(one)) return MESSAGES[language][one];
  return MESSAGES[language][key];
}

/** Translation outside React (stores, the API client): uses the current language. */
export function t(key: MessageKey, params?: MessageParams, language: Language = getLanguage()) {
  return interpolate(textOf(key, params, language), params);
}

export function useLanguage(): Language {
  return useLanguageStore((state) => state.language);
}

/** The translate function of the current language; components re-render when it changes. */
export function useT(): Translate {
  const language = useLanguage();
  return useCallback<Translate>((key, params) => t(key, params, language), [language]);
}
