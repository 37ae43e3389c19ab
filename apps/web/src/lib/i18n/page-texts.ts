import { useMemo } from 'react';
import { t, textIn, useLanguage, type Language, type MessageKey, type MessageParams } from '.';

/**
 * A feature's own texts in every language, beside the catalogue: they travel in the chunk of the
 * pages that show them rather than in the first download (ADR 0014). Same rules as the
 * catalogue: `{name}` placeholders, and a key with a `.one` sibling takes it when its {count} is
 * 1. A table the browser tests read sits in a texts-data.ts that imports nothing of the app.
 */
export type PageTexts<Key extends string> = Readonly<
  Record<Language, Readonly<Record<Key, string>>>
>;

/** A page's texts and the catalogue's under one function, so either kind of key works. */
export type PageTranslate<Key extends string> = (
  key: Key | MessageKey,
  params?: MessageParams,
) => string;

/** The translate function of a language over a page's texts, then the catalogue. */
export function pageTranslate<Key extends string>(
  texts: PageTexts<Key>,
  language: Language,
): PageTranslate<Key> {
  const own = texts[language];
  return (key, params) =>
    key in own ? textIn(own, key, params) : t(key as MessageKey, params, language);
}

/** The translate function of the current language; components re-render when it changes. */
export function usePageTexts<Key extends string>(texts: PageTexts<Key>): PageTranslate<Key> {
  const language = useLanguage();
  return useMemo(() => pageTranslate(texts, language), [texts, language]);
}
