import { REPORT_REASON_TEXT_MAX, REPORT_REASONS, type ReportReason } from '@yanzhi/contract';

/**
 * A report's reason in our words (DESIGN §3): our client sends one of REPORT_REASONS, the host's
 * own client may send its label in Chinese or English, or free text. Known labels map to the
 * fixed list; anything else is `other`, with the text kept for the moderators.
 */
export interface MappedReason {
  reason: ReportReason;
  /** The reporter's own words when they were no known label; null otherwise. */
  text: string | null;
}

/**
 * The words each reason is known by: the enum value, the web catalogue's labels in both
 * languages, and the synonyms a host's report sheet is likely to use (simplified and a few
 * traditional forms). Matched whole, never as parts of a longer text: "不是广告" is not spam.
 */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, readonly string[]>> = {
  not_real_person: [
    '非真人照片',
    'Not a real person',
    '不是真人',
    '非真人',
    '假照片',
    '假人',
    '虚假照片',
    '虛假照片',
    'fake',
    'fake photo',
    'not real',
    'not a real photo',
    'not real person',
  ],
  sexual_content: [
    '色情低俗',
    'Sexual content',
    '色情',
    '低俗',
    '涉黄',
    '涉黃',
    '裸露',
    '色情内容',
    '淫秽',
    '不雅',
    'sexual',
    'porn',
    'pornography',
    'nudity',
    'nsfw',
  ],
  minor: [
    '疑似未成年人',
    'Appears to be a minor',
    '未成年',
    '未成年人',
    '疑似未成年',
    'minor',
    'underage',
    'under age',
  ],
  violence_or_hate: [
    '暴力或仇恨',
    'Violence or hate',
    '暴力',
    '血腥',
    '仇恨',
    '暴力血腥',
    '暴力仇恨',
    'hate',
    'violence',
    'hate speech',
    'violence and hate',
    'violent',
  ],
  spam_or_ads: [
    '垃圾广告',
    'Spam or ads',
    'spam',
    '广告',
    '廣告',
    '垃圾廣告',
    '营销',
    '營銷',
    '广告营销',
    '垃圾信息',
    'ad',
    'ads',
    'advert',
    'advertising',
    'advertisement',
    'spam and ads',
  ],
  impersonation: [
    '冒用他人照片',
    'Impersonation',
    '冒充',
    '冒用',
    '盗图',
    '盜圖',
    '盗用',
    '盜用',
    '盗用他人照片',
    '冒充他人',
    'stolen photo',
    'impersonating',
    'impersonator',
  ],
  other: ['其他', 'Other', '其它', 'others'],
};

/**
 * The form two labels are compared in: width folded (full-width letters and spaces to ASCII,
 * NFKC), case folded, `_`, `-` and runs of spaces as one space, punctuation and symbols at either
 * end dropped ("【广告】", "spam!").
 */
export function labelKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/gu, ' ')
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '');
}

const REASON_BY_LABEL: ReadonlyMap<string, ReportReason> = new Map(
  REPORT_REASONS.flatMap((reason) =>
    [reason, ...REPORT_REASON_LABELS[reason]].map((label) => [labelKey(label), reason] as const),
  ),
);

/** The text kept for an unknown reason: one line, trimmed, at most REPORT_REASON_TEXT_MAX. */
function keptText(text: string): string {
  const line = text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  // Cut by code points so that a character outside the BMP is never split in half.
  return Array.from(line).slice(0, REPORT_REASON_TEXT_MAX).join('').trimEnd();
}

/** Maps a report's reason, as any client sent it, to the fixed list (see MappedReason). */
export function mapReportReason(raw: string): MappedReason {
  const known = REASON_BY_LABEL.get(labelKey(raw));
  if (known !== undefined) return { reason: known, text: null };
  return { reason: 'other', text: keptText(raw) };
}
