import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { create } from 'zustand';
import { readStored, writeStored } from '../storage';
import { hasMessages, loadMessages } from './messages';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** The stored choice, else the browser's language (English when it starts with "en"), else zh-CN. */
export function detectLanguage(): Language {
  const stored = readStored(CLIENT_STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language;
  return browser.toLowerCase().startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}

function applyToDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

interface LanguageState {
  language: Language;
}

export const useLanguageStore = create<LanguageState>()(() => ({ language: detectLanguage() }));

export function getLanguage(): Language {
  return useLanguageStore.getState().language;
}

function apply(language: Language): void {
  applyToDocument(language);
  useLanguageStore.setState({ language });
}

/**
 * Switches the UI language and remembers the choice; at once when its texts are here, else as
 * soon as they arrive (the page never shows a language half-translated).
 */
export function setLanguage(language: Language): void {
  writeStored(CLIENT_STORAGE_KEYS.language, language);
  if (hasMessages(language)) {
    apply(language);
    return;
  }
  loadMessages(language).then(
    () => {
      if (readStored(CLIENT_STORAGE_KEYS.language) === language) apply(language);
    },
    (error: unknown) => {
      console.error('[i18n] texts not loaded', error);
    },
  );
}

/** Resolves once the current language's texts are here (the first render waits for it). */
export function whenLanguageReady(): Promise<void> {
  return loadMessages(getLanguage()).catch((error: unknown) => {
    console.error('[i18n] texts not loaded', error);
  });
}

/** Re-reads the language (stored choice or browser) and applies it to <html lang>. */
export function initLanguage(): Language {
  const language = detectLanguage();
  applyToDocument(language);
  useLanguageStore.setState({ language });
  return language;
}
