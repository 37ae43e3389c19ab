import { CATEGORIES_ELEMENT_ID } from '@yanzhi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../testing/mock-api';
import { categoriesInPage } from './categories';

function writeIntoPage(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = CATEGORIES_ELEMENT_ID;
  script.textContent = text;
  document.head.append(script);
}

describe('categoriesInPage', () => {
  afterEach(() => {
    document.getElementById(CATEGORIES_ELEMENT_ID)?.remove();
  });

  it('reads the categories the server wrote into the page', () => {
    writeIntoPage(JSON.stringify(CATEGORIES).replace(/</g, '\\u003c'));
    expect(categoriesInPage()).toEqual(CATEGORIES);
  });

  it('has none when the page has none (the service worker’s shell) or they are unreadable', () => {
    expect(categoriesInPage()).toBeUndefined();
    writeIntoPage('{not json');
    expect(categoriesInPage()).toBeUndefined();
    document.getElementById(CATEGORIES_ELEMENT_ID)?.remove();
    writeIntoPage('{"not":"a list"}');
    expect(categoriesInPage()).toBeUndefined();
  });
});
