import { zhCN, type MessageKey } from './catalogue';
import type { Language } from './language';

type Catalogue = Readonly<Record<MessageKey, string>>;

/**
 * The texts of each language. Chinese (the spec's language, the default) is in the first
 * download; English arrives as its own chunk when it is chosen or detected, and reads as Chinese
 * until then (ADR 0014).
 */
export const MESSAGES: Record<Language, Catalogue> = { 'zh-CN': zhCN, en: zhCN };

const loaders: Readonly<Record<Language, () => Promise<Catalogue>>> = {
  'zh-CN': () => Promise.resolve(zhCN),
  en: async () => (await import('./catalogue-en')).en,
};

const loaded = new Set<Language>(['zh-CN']);

export function hasMessages(language: Language): boolean {
  return loaded.has(language);
}

/** Fetches a language's texts once; a failure (offline) leaves the fallback and is retried. */
export async function loadMessages(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  MESSAGES[language] = await loaders[language]();
  loaded.add(language);
}
