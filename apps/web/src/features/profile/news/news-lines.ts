import { formatScore, type PhotoNewsItem } from '@yanzhi/contract';
import type { PageTranslate } from '../../../lib/i18n/page-texts';
import type { NewsTextKey } from './texts-data';

/**
 * The lines one item of the inbox reads, in order: matches, rank, score, then the events. Only
 * what changed is said; the score is left out while the owner's score is still locked
 * (onboarding), as everywhere else on the profile.
 */
export function newsLines(
  item: PhotoNewsItem,
  t: PageTranslate<NewsTextKey>,
  scoreLocked: boolean,
): string[] {
  const lines: string[] = [];
  if (item.wins + item.losses > 0) {
    lines.push(t('news.record', { wins: item.wins, losses: item.losses }));
  }
  if (item.rank_after !== null && item.rank_before !== item.rank_after) {
    lines.push(
      item.rank_before === null
        ? t('news.rankNow', { after: item.rank_after })
        : t('news.rank', { before: item.rank_before, after: item.rank_after }),
    );
  }
  const before = formatScore(item.score_before);
  const after = formatScore(item.score_after);
  if (!scoreLocked && before !== after) lines.push(t('news.score', { before, after }));
  if (item.placed) lines.push(t('news.placed'));
  if (item.report_decision === 'kept') lines.push(t('news.kept'));
  if (item.report_decision === 'removed') lines.push(t('news.removed'));
  if (item.boost_finished) lines.push(t('news.boostFinished'));
  return lines;
}
