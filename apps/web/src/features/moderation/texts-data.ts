/**
 * The moderators' page's headings and states, in its own chunk (ADR 0014); read as the
 * catalogue's are (lib/i18n/page-texts). This file imports nothing, so the browser tests read it too.
 */
const ZH = {
  'moderation.title': '举报审核',
  'moderation.onlyModerators': '仅限审核员访问',
  'moderation.empty': '没有待审核的举报',
  'moderation.photoAlt': '被举报的照片 {id}',
  'moderation.reports': '{count} 次举报',
  'moderation.reports.one': '{count} 次举报',
  'moderation.hidden': '已暂时隐藏',
  'moderation.keep': '保留',
  'moderation.remove': '移除',
  'moderation.ban': '移除并封禁',
  'moderation.done': '已处理',
} as const satisfies Record<string, string>;

export type ModerationPageTextKey = keyof typeof ZH;

const EN: Readonly<Record<ModerationPageTextKey, string>> = {
  'moderation.title': 'Report review',
  'moderation.onlyModerators': 'For moderators only',
  'moderation.empty': 'No reports to review',
  'moderation.photoAlt': 'Reported photo {id}',
  'moderation.reports': '{count} reports',
  'moderation.reports.one': '{count} report',
  'moderation.hidden': 'hidden for now',
  'moderation.keep': 'Keep',
  'moderation.remove': 'Remove',
  'moderation.ban': 'Remove and ban',
  'moderation.done': 'Done',
};

export const MODERATION_PAGE_TEXTS = { 'zh-CN': ZH, en: EN } as const;
