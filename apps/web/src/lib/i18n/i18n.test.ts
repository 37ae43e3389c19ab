import { CLIENT_STORAGE_KEYS, DEFAULT_TOAST_TITLES } from '@yanzhi/contract';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, detectLanguage, setLanguage, t, type MessageKey } from '.';
import { PROFILE_TEXTS } from '../../features/profile/texts-data';
import { REPORT_TEXTS } from '../../services/report/texts-data';
import { VIEWER_TEXTS } from '../../features/arena/viewer-texts-data';
import { MODERATION_PAGE_TEXTS } from '../../features/moderation/texts-data';
import { LEADERBOARD_TEXTS } from '../../features/leaderboard/texts-data';
import { MODERATION_TEXTS } from '../../features/moderation/texts';
import { ONBOARDING_TEXTS } from '../../features/onboarding/texts-data';
import { UPLOAD_TEXTS } from '../../features/upload/texts-data';
import { ACCOUNT_TEXTS } from '../../services/account/texts-data';
import { SHARE_TEXTS } from '../../services/share/texts-data';
import { zhCN } from './catalogue';
import { en } from './catalogue-en';
import { languageOfTag, languageOfVersion } from './language';
import type { PageTexts } from './page-texts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/**
 * The texts that live in the chunks of the pages that show them (lib/i18n/page-texts), read here
 * so every text of the app is held to the catalogue's rules.
 */
const PAGE_TEXTS: Readonly<Record<string, PageTexts<string>>> = {
  account: ACCOUNT_TEXTS,
  moderation: MODERATION_TEXTS,
  leaderboard: LEADERBOARD_TEXTS,
  upload: UPLOAD_TEXTS,
  onboarding: ONBOARDING_TEXTS,
  share: SHARE_TEXTS,
  report: REPORT_TEXTS,
  viewer: VIEWER_TEXTS,
  moderationPage: MODERATION_PAGE_TEXTS,
  profile: PROFILE_TEXTS,
};

describe('i18n catalogue', () => {
  const keys = Object.keys(zhCN) as MessageKey[];

  it('has every key in both languages, none empty', () => {
    // The English texts are a chunk of their own (catalogue-en.ts); the test setup loads them.
    expect(MESSAGES.en).toBe(en);
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

  it('uses the same keys in every language of every table', () => {
    for (const [name, table] of Object.entries(PAGE_TEXTS)) {
      const keys = Object.keys(table['zh-CN']).sort();
      expect(Object.keys(table.en).sort(), name).toEqual(keys);
      for (const key of keys) {
        for (const language of ['zh-CN', 'en'] as const) {
          expect(table[language][key]?.trim(), `${name} ${language} ${key}`).toMatch(/\S/);
        }
        expect(placeholders(table.en[key] ?? ''), `${name} ${key}`).toEqual(
          placeholders(table['zh-CN'][key] ?? ''),
        );
      }
    }
  });

  it("has no page text under a catalogue key (the page's would hide it)", () => {
    for (const [name, table] of Object.entries(PAGE_TEXTS)) {
      expect(
        Object.keys(table['zh-CN']).filter((key) => key in zhCN),
        name,
      ).toEqual([]);
    }
  });

  it("uses the contract's default toast titles in Chinese", () => {
    expect(t('toast.title.success')).toBe(DEFAULT_TOAST_TITLES.success);
    expect(t('toast.title.error')).toBe(DEFAULT_TOAST_TITLES.error);
    expect(t('toast.title.info')).toBe(DEFAULT_TOAST_TITLES.info);
    expect(t('toast.title.warning')).toBe(DEFAULT_TOAST_TITLES.warning);
  });

  it('makes English nouns agree with a count of one', () => {
    expect(t('nav.newsBadge', { count: 1 }, 'en')).toBe('1 new update');
    expect(t('nav.newsBadge', { count: 2 }, 'en')).toBe('2 new updates');
    expect(t('photo.comparisons', { count: 1 }, 'en')).toBe('1 match');
    expect(t('photo.comparisons', { count: 1 })).toBe('1 场对决');
  });

  it('fills placeholders', () => {
    expect(t('toast.welcomeBack', { nickname: '小红' })).toBe('欢迎回来，小红');
    expect(t('toast.welcomeBack', { nickname: 'Ann' }, 'en')).toBe('Welcome back, Ann');
  });
});

/** The browser's preferred languages (detection reads navigator.languages, then .language). */
function browserPrefers(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('language', () => {
  it('defaults to zh-CN', () => {
    browserPrefers('zh-TW');
    expect(detectLanguage('')).toBe('zh-CN');
  });

  it('follows an English browser', () => {
    browserPrefers('en-GB');
    expect(detectLanguage('')).toBe('en');
  });

  it('prefers the stored choice', () => {
    browserPrefers('en-US');
    setLanguage('zh-CN');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.language)).toBe('zh-CN');
    expect(detectLanguage('')).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('follows the first of the browser languages that is ours', () => {
    browserPrefers('fr-FR', 'en-US', 'zh-CN');
    expect(detectLanguage('')).toBe('en');
    browserPrefers('de-DE');
    expect(detectLanguage('')).toBe('zh-CN');
  });

  it("follows the host's language parameter over the browser, and remembers it", () => {
    browserPrefers('zh-CN');
    expect(detectLanguage('?lang=en')).toBe('en');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.hostLanguage)).toBe('en');
    // The next start has no parameter: the host's word still holds.
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage('?locale=zh_CN')).toBe('zh-CN');
    expect(detectLanguage('?language=fr')).toBe('zh-CN');
  });

  it("reads a locale tag in the host's version", () => {
    browserPrefers('zh-CN');
    localStorage.setItem(CLIENT_STORAGE_KEYS.version, '6.70.0-en');
    expect(detectLanguage('')).toBe('en');
    localStorage.setItem(CLIENT_STORAGE_KEYS.version, '6.67.7');
    expect(detectLanguage('')).toBe('zh-CN');
  });

  it("keeps the profile's choice over the host and the browser", () => {
    browserPrefers('en-US');
    setLanguage('zh-CN');
    expect(detectLanguage('?lang=en')).toBe('zh-CN');
  });

  it('reads locale tags and version tags', () => {
    expect(languageOfTag('EN')).toBe('en');
    expect(languageOfTag('en_GB')).toBe('en');
    expect(languageOfTag('zh-Hans-CN')).toBe('zh-CN');
    expect(languageOfTag('ja')).toBeNull();
    expect(languageOfTag(null)).toBeNull();
    expect(languageOfVersion('6.70.0_zh_CN')).toBe('zh-CN');
    expect(languageOfVersion('6.70.0 (en-US)')).toBe('en');
    expect(languageOfVersion('6.70.0-beta')).toBeNull();
    expect(languageOfVersion('6.67.7')).toBeNull();
    expect(languageOfVersion('en')).toBeNull();
  });
});
