import { usePageTexts, type PageTexts, type PageTranslate } from '../../lib/i18n/page-texts';

/**
 * Texts only moderators read (the reporters of a report, ADR 0023). They live in this page's
 * chunk rather than in the catalogue every visitor's first screen downloads (ADR 0014).
 */
export const MODERATION_TEXTS = {
  'zh-CN': {
    standing: '有信誉的举报来自 {count} 个网段（{threshold} 个即隐藏）',
    reporters: '举报人',
    user: '用户 {id}',
    anonymous: '匿名 {id}',
    gone: '已注销的用户',
    withStanding: '有信誉',
    withoutStanding: '无信誉',
    addressForgotten: '地址已删除',
    reasonText: '{reason}：“{text}”',
  },
  en: {
    standing: 'Reports with standing from {count} neighbourhoods ({threshold} hide)',
    reporters: 'Reporters',
    user: 'user {id}',
    anonymous: 'anonymous {id}',
    gone: 'deleted account',
    withStanding: 'with standing',
    withoutStanding: 'no standing',
    addressForgotten: 'address forgotten',
    reasonText: '{reason}: “{text}”',
  },
} as const satisfies PageTexts<string>;

export type ModerationText = keyof (typeof MODERATION_TEXTS)['zh-CN'];

/** The moderators' texts (and the catalogue's) in the current language. */
export function useModerationText(): PageTranslate<ModerationText> {
  return usePageTexts<ModerationText>(MODERATION_TEXTS);
}
