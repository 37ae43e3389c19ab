import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '.';
import { pageTranslate, usePageTexts, type PageTexts } from './page-texts';

const TEXTS: PageTexts<'demo.count' | 'demo.count.one' | 'demo.greet' | 'demo.plain'> = {
  'zh-CN': {
    'demo.count': '{count} 张照片',
    'demo.count.one': '{count} 张照片',
    'demo.greet': '你好，{name}（{missing}）',
    'demo.plain': '没有参数',
  },
  en: {
    'demo.count': '{count} photos',
    'demo.count.one': '{count} photo',
    'demo.greet': 'Hello, {name} ({missing})',
    'demo.plain': 'No parameters',
  },
};

describe('page texts', () => {
  it('fill {name} parameters and leave unknown ones as written', () => {
    expect(pageTranslate(TEXTS, 'en')('demo.greet', { name: 'Ann' })).toBe(
      'Hello, Ann ({missing})',
    );
    expect(pageTranslate(TEXTS, 'zh-CN')('demo.greet', { name: '小安' })).toBe(
      '你好，小安（{missing}）',
    );
    expect(pageTranslate(TEXTS, 'en')('demo.plain')).toBe('No parameters');
  });

  it('take the .one text for a count of one, as the catalogue does', () => {
    const en = pageTranslate(TEXTS, 'en');
    expect(en('demo.count', { count: 1 })).toBe('1 photo');
    expect(en('demo.count', { count: 2 })).toBe('2 photos');
    expect(en('demo.count', { count: 0 })).toBe('0 photos');
  });

  it("fall back to the catalogue's keys in the same language", () => {
    expect(pageTranslate(TEXTS, 'en')('common.retry')).toBe('Retry');
    expect(pageTranslate(TEXTS, 'zh-CN')('common.retry')).toBe('重试');
    expect(pageTranslate(TEXTS, 'en')('photo.comparisons', { count: 1 })).toBe('1 match');
  });

  it('follow the language in a hook, with the same function until it changes', () => {
    setLanguage('zh-CN');
    const { result } = renderHook(() => usePageTexts(TEXTS));
    const first = result.current;
    expect(first('demo.plain')).toBe('没有参数');
    act(() => {
      setLanguage('en');
    });
    expect(result.current('demo.plain')).toBe('No parameters');
    expect(result.current).not.toBe(first);
  });
});
