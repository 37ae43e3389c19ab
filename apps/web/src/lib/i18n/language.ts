import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { create } from 'zustand';
import { readStored, writeStored } from '../storage';
import { hasMessages, loadMessages } from './messages';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Address parameters by which the native host may name its UI language ("en", "zh_CN"…). */
export const HOST_LANGUAGE_PARAMS = ['lang', 'locale', 'language'] as const;

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** A BCP 47 or Android/iOS style locale ("en-GB", "zh_Hans_CN", "EN") as one of ours, if any. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en';
  return null;
}

/**
 * A locale tag some hosts append to the version they pass ("6.70.0-en", "6.70.0_zh_CN",
 * "6.70.0 (en-US)"): only a tag after the numbers counts, so a plain "6.67.7" says nothing.
 */
export function languageOfVersion(version: string | null | undefined): Language | null {
  const match = /^\d[\w.]*?[-_\s(/;]+([a-z]{2}(?:[-_][a-z]{2,4}){0,2})\)?$/i.exec(
    version?.trim() ?? '',
  );
  return languageOfTag(match?.[1]);
}

/**
 * The host's hint: a language parameter in this address (remembered, since the address loses
 * it on the next navigation), else the one remembered from an earlier start, else a locale
 * tag in the host's version string.
 */
function hostLanguage(search: string): Language | null {
  const params = new URLSearchParams(search);
  for (const name of HOST_LANGUAGE_PARAMS) {
    const fromAddress = languageOfTag(params.get(name));
    if (fromAddress !== null) {
      writeStored(CLIENT_STORAGE_KEYS.hostLanguage, fromAddress);
      return fromAddress;
    }
  }
  const remembered = readStored(CLIENT_STORAGE_KEYS.hostLanguage);
  if (isLanguage(remembered)) return remembered;
  return languageOfVersion(readStored(CLIENT_STORAGE_KEYS.version));
}

/** The first of the browser's preferred languages that is one of ours. */
function browserLanguage(): Language | null {
  if (typeof navigator === 'undefined') return null;
  const preferred = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language !== null) return language;
  }
  return null;
}

/**
 * The UI language, first match wins: the choice made with the switch in the profile (stored),
 * the host's hint (address parameter or version tag), the browser's preferred languages, zh-CN.
 */
export function detectLanguage(
  search: string = typeof window === 'undefined' ? '' : window.location.search,
): Language {
  const stored = readStored(CLIENT_STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  return hostLanguage(search) ?? browserLanguage() ?? DEFAULT_LANGUAGE;
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

/** Re-reads the language (choice, host hint or browser) and applies it to <html lang>. */
export function initLanguage(): Language {
  const language = detectLanguage();
  applyToDocument(language);
  useLanguageStore.setState({ language });
  return language;
}
