import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchPhotoNews, useNewsStore } from '../../../services/news';

/**
 * The inbox's call: opening the profile asks for the news and marks it seen (the server stores
 * the look after answering), so the badge on 我的 is cleared once the answer is in. Asked on
 * every opening of the profile, never in the background.
 */
export function usePhotoNews(userId: number) {
  const query = useQuery({
    queryKey: ['photo-news', userId] as const,
    queryFn: ({ signal }) => fetchPhotoNews(true, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnReconnect: false,
  });
  const seen = query.isSuccess;
  useEffect(() => {
    if (seen) useNewsStore.getState().setUnseen(0);
  }, [seen]);
  return query;
}
