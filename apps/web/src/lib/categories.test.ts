import { CATEGORIES_ELEMENT_ID } from '@yanzhi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFromPage, writeIntoPage } from '../testing/in-page';
import { CATEGORIES } from '../testing/mock-api';
import { categoriesInPage } from './categories';

function writeCategories(text: string): void {
  writeIntoPage(CATEGORIES_ELEMENT_ID, text);
}

describe('categoriesInPage', () => {
  afterEach(() => {
    clearFromPage(CATEGORIES_ELEMENT_ID);
  });

  it('reads the categories the server wrote into the page', () => {
    writeCategories(JSON.stringify(CATEGORIES).replace(/</g, '\\u003c'));
    expect(categoriesInPage()).toEqual(CATEGORIES);
  });

  it('has none when the page has none (the service worker’s shell) or they are unreadable', () => {
    expect(categoriesInPage()).toBeUndefined();
    writeCategories('{not json');
    expect(categoriesInPage()).toBeUndefined();
    clearFromPage(CATEGORIES_ELEMENT_ID);
    writeCategories('{"not":"a list"}');
    expect(categoriesInPage()).toBeUndefined();
  });
});
