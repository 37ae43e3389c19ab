/**
 * The report sheet's texts (the arena's sheets chunk), which the moderators' page reads too for the
 * reasons. They stay out of the first download (ADR 0014) and read as the catalogue's do
 * (lib/i18n/page-texts). This file imports nothing, so the browser tests read it too.
 */
const ZH = {
  'report.title': '举报照片 {n}',
  'report.reasonLegend': '举报原因',
  'report.reason.not_real_person': '非真人照片',
  'report.reason.sexual_content': '色情低俗',
  'report.reason.minor': '疑似未成年人',
  'report.reason.violence_or_hate': '暴力或仇恨',
  'report.reason.spam_or_ads': '垃圾广告',
  'report.reason.impersonation': '冒用他人照片',
  'report.reason.other': '其他',
  'report.notes': '补充说明（选填）',
  'report.submit': '提交举报',
  'report.sending': '提交中…',
  'report.sent': '举报已提交，感谢你的反馈',
  'report.cancel': '取消',
} as const satisfies Record<string, string>;

export type ReportTextKey = keyof typeof ZH;

const EN: Readonly<Record<ReportTextKey, string>> = {
  'report.title': 'Report photo {n}',
  'report.reasonLegend': 'Reason',
  'report.reason.not_real_person': 'Not a real person',
  'report.reason.sexual_content': 'Sexual content',
  'report.reason.minor': 'Appears to be a minor',
  'report.reason.violence_or_hate': 'Violence or hate',
  'report.reason.spam_or_ads': 'Spam or ads',
  'report.reason.impersonation': 'Impersonation',
  'report.reason.other': 'Other',
  'report.notes': 'Notes (optional)',
  'report.submit': 'Send report',
  'report.sending': 'Sending…',
  'report.sent': 'Report sent, thank you',
  'report.cancel': 'Cancel',
};

export const REPORT_TEXTS = { 'zh-CN': ZH, en: EN } as const;
