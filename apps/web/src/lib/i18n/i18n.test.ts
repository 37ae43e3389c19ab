import { CLIENT_STORAGE_KEYS, DEFAULT_TOAST_TITLES } from '@yanzhi/contract';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, detectLanguage, setLanguage, t, type MessageKey } from '.';
import { zhCN } from './catalogue';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n catalogue', () => {
  const keys = Object.keys(zhCN) as MessageKey[];

  it('has every key in both languages, none empty', () => {
    for (const language of ['zh-CN', 'en'] as const) {
      const catalogue = MESSAGES[language];
      expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        expect(catalogue[key], `${language} ${key}`).toEqual(expect.any(String));
        expect(catalogue[key].trim(), `${language} ${key}`).not.toBe('');
      }
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const key of keys) {
      expect(placeholders(MESSAGES.en[key]), key).toEqual(placeholders(MESSAGES['zh-CN'][key]));
    }
  });

  it("uses the contract's default toast titles in Chinese", () => {
    expect(t('toast.title.success')).toBe(DEFAULT_TOAST_TITLES.success);
    expect(t('toast.title.error')).toBe(DEFAULT_TOAST_TITLES.error);
    expect(t('toast.title.info')).toBe(DEFAULT_TOAST_TITLES.info);
    expect(t('toast.title.warning')).toBe(DEFAULT_TOAST_TITLES.warning);
  });

  it('fills placeholders', () => {
    expect(t('toast.welcomeBack', { nickname: '小红' })).toBe('欢迎回来，小红');
    expect(t('toast.welcomeBack', { nickname: 'Ann' }, 'en')).toBe('Welcome back, Ann');
  });
});

describe('language', () => {
  it('defaults to zh-CN', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-TW');
    expect(detectLanguage()).toBe('zh-CN');
  });

  it('follows an English browser', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    expect(detectLanguage()).toBe('en');
  });

  it('prefers the stored choice', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    setLanguage('zh-CN');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.language)).toBe('zh-CN');
    expect(detectLanguage()).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
