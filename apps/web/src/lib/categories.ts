import { CATEGORIES_ELEMENT_ID, type Category } from '@yanzhi/contract';
import type { Language } from './i18n';

/**
 * The categories the server wrote into the page (a JSON script, server plugins/page-html.ts),
 * so the first screen does not wait for get_categories; undefined when the page has none (the
 * service worker's copy of the shell) or they cannot be read.
 */
export function categoriesInPage(): Category[] | undefined {
  try {
    const data: unknown = JSON.parse(
      document.getElementById(CATEGORIES_ELEMENT_ID)?.textContent ?? 'null',
    );
    return Array.isArray(data) ? (data as Category[]) : undefined;
  } catch {
    return undefined;
  }
}

export function categoryName(category: Category, language: Language): string {
  return language === 'en' ? category.name_en : category.name;
}
