import { CATEGORIES_ELEMENT_ID, type Category } from '@yanzhi/contract';
import type { Language } from './i18n';
import { jsonInPage } from './in-page';

/**
 * The categories the server wrote into the page, so the first screen does not wait for
 * get_categories; undefined when the page has none or they cannot be read.
 */
export function categoriesInPage(): Category[] | undefined {
  const data = jsonInPage(CATEGORIES_ELEMENT_ID);
  return Array.isArray(data) ? (data as Category[]) : undefined;
}

export function categoryName(category: Category, language: Language): string {
  return language === 'en' ? category.name_en : category.name;
}
