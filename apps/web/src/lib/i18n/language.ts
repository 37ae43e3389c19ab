import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { create } from 'zustand';
import { readStored, writeStored } from '../storage';

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

/** Switches the UI language and remembers the choice. */
export function setLanguage(language: Language): void {
  writeStored(CLIENT_STORAGE_KEYS.language, language);
  applyToDocument(language);
  useLanguageStore.setState({ language });
}

/** Re-reads the language (stored choice or browser) and applies it to <html lang>. */
export function initLanguage(): Language {
  const language = detectLanguage();
  applyToDocument(language);
  useLanguageStore.setState({ language });
  return language;
}
