import type { PeriodType, ShareCard } from '@yanzhi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';

/**
 * Which card to draw: a photo (null: the best one) on a board of a period type, the running
 * one or (with a day inside it) a past period's frozen board.
 */
export interface ShareRequest {
  photoId: number | null;
  periodType: PeriodType;
  periodDate: string | null;
}

export type CardLanguage = 'zh' | 'en';

export function cardLanguage(language: Language): CardLanguage {
  return language === 'en' ? 'en' : 'zh';
}

export const shareKeys = {
  all: ['share-card'] as const,
  card: ({ photoId, periodType, periodDate }: ShareRequest, lang: CardLanguage) =>
    [...shareKeys.all, photoId ?? 'best', periodType, periodDate ?? 'running', lang] as const,
};

/**
 * The rendered card (a PNG under /media/). The server keeps it until its data changes, so the
 * app asks again on every opening of the modal: the rank may have moved since.
 */
export function shareCardQueryOptions(request: ShareRequest, lang: CardLanguage) {
  return queryOptions({
    queryKey: shareKeys.card(request, lang),
    queryFn: ({ signal }): Promise<ShareCard> =>
      callApi(
        'gen_share_image',
        {
          photo_id: request.photoId,
          period_type: request.periodType,
          period_date: request.periodDate,
          lang,
        },
        { signal },
      ),
    staleTime: 0,
  });
}

export function useShareCard(request: ShareRequest, lang: CardLanguage) {
  return useQuery(shareCardQueryOptions(request, lang));
}
