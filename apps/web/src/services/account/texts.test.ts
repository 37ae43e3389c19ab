import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, accountTranslate, type AccountTextKey } from './texts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const KEYS = Object.keys(ACCOUNT_TEXTS['zh-CN']) as AccountTextKey[];

describe('the account texts', () => {
  it('have every key in both languages, none empty, with the same placeholders', () => {
    for (const key of KEYS) {
      expect(ACCOUNT_TEXTS.en[key].trim(), key).not.toBe('');
      expect(ACCOUNT_TEXTS['zh-CN'][key].trim(), key).not.toBe('');
      expect(placeholders(ACCOUNT_TEXTS.en[key]), key).toEqual(
        placeholders(ACCOUNT_TEXTS['zh-CN'][key]),
      );
    }
  });

  it('keep Latin words out of the Chinese texts but the browser names it fills in', () => {
    const latin = KEYS.flatMap(
      (key) => ACCOUNT_TEXTS['zh-CN'][key].replace(/\{\w+\}/g, '').match(/[A-Za-z]{2,}/g) ?? [],
    );
    expect(latin).toEqual([]);
  });

  it('fill placeholders, take the .one text for a count of one, and fall back to the catalogue', () => {
    const en = accountTranslate('en');
    expect(en('signOut.viaPasskey', { count: 2 })).toBe('sign in with a passkey (2 saved)');
    expect(en('signOut.viaPasskey', { count: 1 })).toBe('sign in with your passkey');
    expect(accountTranslate('zh-CN')('common.cancel')).toBe('取消');
    expect(en('common.cancel')).toBe('Cancel');
  });
});
