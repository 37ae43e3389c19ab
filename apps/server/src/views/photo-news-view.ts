import type { PhotoNewsItem } from '@yanzhi/contract';
import type { NewsPhotoRow } from '../repositories/photo-news.repository.js';
import { imageOf } from './image-view.js';

/** What happened to one photo in the span, gathered by the news service. */
export interface PhotoNewsFacts {
  photo: NewsPhotoRow;
  wins: number;
  losses: number;
  scoreBefore: number;
  rankBefore: number | null;
  rankAfter: number | null;
  decision: 'keep' | 'remove' | 'ban' | null;
  /** The latest event's time, epoch ms. */
  at: number;
  since: number;
}

/** Whether anything the inbox reports happened to the photo in the span. */
export function hasNews(facts: PhotoNewsFacts): boolean {
  return (
    facts.wins + facts.losses > 0 ||
    placedIn(facts) ||
    facts.decision !== null ||
    boostFinishedIn(facts)
  );
}

function placedIn({ photo, since }: PhotoNewsFacts): boolean {
  return photo.provisional === 0 && photo.placed_at !== null && photo.placed_at > since;
}

function boostFinishedIn({ photo, since }: PhotoNewsFacts): boolean {
  return photo.boost_finished_at !== null && photo.boost_finished_at > since;
}

export function toNewsItem(facts: PhotoNewsFacts): PhotoNewsItem {
  const { photo } = facts;
  return {
    photo_id: photo.id,
    category_id: photo.category_id,
    image: imageOf(photo),
    wins: facts.wins,
    losses: facts.losses,
    score_before: facts.scoreBefore,
    score_after: photo.current_score,
    rank_before: facts.rankBefore,
    rank_after: facts.rankAfter,
    placed: placedIn(facts),
    // A ban removes the photo too: for its owner the photo was removed.
    report_decision:
      facts.decision === null ? null : facts.decision === 'keep' ? 'kept' : 'removed',
    boost_finished: boostFinishedIn(facts),
    at: new Date(facts.at).toISOString(),
  };
}
