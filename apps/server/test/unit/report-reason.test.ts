import fs from 'node:fs';
import { REPORT_REASON_TEXT_MAX, REPORT_REASONS, type ReportReason } from '@yanzhi/contract';
import { describe, expect, it } from 'vitest';
import { REPORT_REASON_LABELS, labelKey, mapReportReason } from '../../src/domain/report-reason.js';

const KNOWN: readonly (readonly [string, ReportReason])[] = [
  // The enum values our own client sends.
  ['not_real_person', 'not_real_person'],
  ['sexual_content', 'sexual_content'],
  ['minor', 'minor'],
  ['violence_or_hate', 'violence_or_hate'],
  ['spam_or_ads', 'spam_or_ads'],
  ['impersonation', 'impersonation'],
  ['other', 'other'],
  // The web catalogue's labels, Chinese and English.
  ['非真人照片', 'not_real_person'],
  ['色情低俗', 'sexual_content'],
  ['疑似未成年人', 'minor'],
  ['暴力或仇恨', 'violence_or_hate'],
  ['垃圾广告', 'spam_or_ads'],
  ['冒用他人照片', 'impersonation'],
  ['其他', 'other'],
  ['Not a real person', 'not_real_person'],
  ['Sexual content', 'sexual_content'],
  ['Appears to be a minor', 'minor'],
  ['Violence or hate', 'violence_or_hate'],
  ['Spam or ads', 'spam_or_ads'],
  ['Impersonation', 'impersonation'],
  ['Other', 'other'],
  // Synonyms a host's report sheet uses.
  ['色情', 'sexual_content'],
  ['低俗', 'sexual_content'],
  ['涉黄', 'sexual_content'],
  ['裸露', 'sexual_content'],
  ['spam', 'spam_or_ads'],
  ['广告', 'spam_or_ads'],
  ['营销', 'spam_or_ads'],
  ['未成年', 'minor'],
  ['未成年人', 'minor'],
  ['minor', 'minor'],
  ['暴力', 'violence_or_hate'],
  ['血腥', 'violence_or_hate'],
  ['仇恨', 'violence_or_hate'],
  ['hate', 'violence_or_hate'],
  ['violence', 'violence_or_hate'],
  ['冒充', 'impersonation'],
  ['冒用', 'impersonation'],
  ['盗图', 'impersonation'],
  ['盗用', 'impersonation'],
  ['不是真人', 'not_real_person'],
  ['非真人', 'not_real_person'],
  ['假照片', 'not_real_person'],
  ['fake', 'not_real_person'],
  ['not a real person', 'not_real_person'],
  // Trimmed, case folded, width folded, separators and end punctuation forgiven.
  ['  色情低俗  ', 'sexual_content'],
  ['SPAM', 'spam_or_ads'],
  ['Ｓｐａｍ', 'spam_or_ads'],
  ['ＳＰＡＭ　ＯＲ　ＡＤＳ', 'spam_or_ads'],
  ['Spam_Or_Ads', 'spam_or_ads'],
  ['not-a-real-person', 'not_real_person'],
  ['NOT_REAL_PERSON', 'not_real_person'],
  ['  Violence   or\thate ', 'violence_or_hate'],
  ['【广告】', 'spam_or_ads'],
  ['spam!', 'spam_or_ads'],
  ['“色情”', 'sexual_content'],
  ['垃圾廣告', 'spam_or_ads'],
];

const FREE_TEXT: readonly (readonly [string, string])[] = [
  ['照片模糊看不清', '照片模糊看不清'],
  ['  heavily filtered  ', 'heavily filtered'],
  // A longer text that contains a label is not that label.
  ['不是广告，只是太丑', '不是广告，只是太丑'],
  ['spam everywhere in the comments', 'spam everywhere in the comments'],
  ['色情低俗内容很多', '色情低俗内容很多'],
  // One line: control characters and runs of spaces become one space.
  ['line one\nline\u0000two', 'line one line two'],
  ['!!!', '!!!'],
];

describe('mapReportReason', () => {
  it.each(KNOWN)('maps the known label %j to %s without keeping text', (raw, reason) => {
    expect(mapReportReason(raw)).toEqual({ reason, text: null });
  });

  it.each(FREE_TEXT)('keeps free text %j as other: %j', (raw, text) => {
    expect(mapReportReason(raw)).toEqual({ reason: 'other', text });
  });

  it('keeps at most REPORT_REASON_TEXT_MAX characters, never half of one', () => {
    const long = `${'举'.repeat(REPORT_REASON_TEXT_MAX - 1)}😀😀😀`;
    const { reason, text } = mapReportReason(long);
    expect(reason).toBe('other');
    expect(Array.from(text ?? '')).toHaveLength(REPORT_REASON_TEXT_MAX);
    expect(text?.endsWith('😀')).toBe(true);
    expect(text).not.toMatch(/\p{Cs}/u);
  });

  it('knows every label in one reason only', () => {
    const seen = new Map<string, ReportReason>();
    for (const reason of REPORT_REASONS) {
      for (const label of [reason, ...REPORT_REASON_LABELS[reason]]) {
        const key = labelKey(label);
        expect(key, label).not.toBe('');
        expect(seen.get(key) ?? reason, label).toBe(reason);
        seen.set(key, reason);
        expect(mapReportReason(label), label).toEqual({ reason, text: null });
      }
    }
  });

  it('knows the labels the web app shows for every reason, in both languages', () => {
    // The report sheet's texts (web services/report): the Chinese table, then the English one.
    const source = fs.readFileSync(
      new URL('../../../web/src/services/report/texts-data.ts', import.meta.url),
      'utf8',
    );
    const [zh = '', en = ''] = source.split(/^const EN\b/m);
    for (const [language, table] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      for (const reason of REPORT_REASONS) {
        const label = new RegExp(`'report\\.reason\\.${reason}': '([^']+)'`).exec(table)?.[1];
        expect(label, `${language} ${reason}`).toBeDefined();
        expect(mapReportReason(label ?? ''), `${language} ${reason}`).toEqual({
          reason,
          text: null,
        });
      }
    }
  });
});
