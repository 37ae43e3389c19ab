import { usePageTexts, type PageTranslate } from '../../lib/i18n/page-texts';
import { LEADERBOARD_TEXTS, type LeaderboardTextKey } from './texts-data';

/** The leaderboard's texts (and the catalogue's) in the current language. */
export function useLeaderboardText(): PageTranslate<LeaderboardTextKey> {
  return usePageTexts(LEADERBOARD_TEXTS);
}
