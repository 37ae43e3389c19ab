import type { PhotoNews, PhotoNewsItem } from '@yanzhi/contract';
import type { Clock } from '../domain/clock.js';
import { dayKey } from '../domain/day.js';
import type { NewsPhotoRow, VoteTally } from '../repositories/photo-news.repository.js';
import type { Store } from '../repositories/store.js';
import { hasNews, toNewsItem, type PhotoNewsFacts } from '../views/photo-news-view.js';
import type { LeaderboardService } from './leaderboard.service.js';

/** How far back the news of someone who never looked reaches. */
const FIRST_LOOK_SPAN_MS = 7 * 24 * 60 * 60 * 1000;
/** The newest photos the inbox looks at: its cost stays bounded whoever asks. */
const MAX_PHOTOS = 50;

type Decision = PhotoNewsFacts['decision'];

/**
 * "Your photos' news" (the inbox on the profile, the badge on 我的): per photo of the caller,
 * what happened since they last looked, from the votes, the refit's daily records, the
 * moderation log and the moments a vote finished a placement or a boost.
 */
export class PhotoNewsService {
  constructor(
    private readonly store: Store<'photoNews'>,
    private readonly leaderboards: Pick<LeaderboardService, 'standingOf'>,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  async news(userId: number, markSeen: boolean): Promise<PhotoNews> {
    const repository = this.store.repos.photoNews;
    const now = this.clock.now();
    const seenAt = await repository.seenAt(userId);
    const since = seenAt ?? now - FIRST_LOOK_SPAN_MS;
    const photos = await repository.ownPhotos(userId, MAX_PHOTOS);
    const items = await this.itemsOf(photos, since);
    // Moved only after the answer is made: the profile shows what it just marked as seen.
    if (markSeen) await repository.markSeen(userId, now);
    return {
      since: seenAt === null ? null : new Date(seenAt).toISOString(),
      unseen: items.length,
      items,
    };
  }

  private async itemsOf(photos: NewsPhotoRow[], since: number): Promise<PhotoNewsItem[]> {
    const repository = this.store.repos.photoNews;
    const ids = photos.map((photo) => photo.id);
    const won = byPhoto(await repository.tallies('winner', ids, since));
    const lost = byPhoto(await repository.tallies('loser', ids, since));
    const decisions = new Map<number, { decision: Decision; at: number }>();
    // Oldest first: the last decision of the span is the one that stands.
    for (const row of await repository.decisions(ids, since)) {
      if (row.decision === 'keep' || row.decision === 'remove' || row.decision === 'ban') {
        decisions.set(row.photo_id, { decision: row.decision, at: row.created_at });
      }
    }
    const firstScores = await this.scoresBeforeSpan(ids, won, lost);
    const records = new Map(
      (await repository.recordsBefore(ids, dayKey(since, this.timeZone))).map((row) => [
        row.photo_id,
        row,
      ]),
    );
    const items: PhotoNewsItem[] = [];
    for (const photo of photos) {
      const record = records.get(photo.id);
      const decided = decisions.get(photo.id);
      const facts: PhotoNewsFacts = {
        photo,
        since,
        wins: won.get(photo.id)?.counted ?? 0,
        losses: lost.get(photo.id)?.counted ?? 0,
        scoreBefore: firstScores.get(photo.id) ?? record?.score ?? photo.current_score,
        rankBefore: record?.rank_all ?? null,
        rankAfter: null,
        decision: decided?.decision ?? null,
        at: Math.max(
          won.get(photo.id)?.last_at ?? 0,
          lost.get(photo.id)?.last_at ?? 0,
          decided?.at ?? 0,
          photo.placed_at ?? 0,
          photo.boost_finished_at ?? 0,
        ),
      };
      if (!hasNews(facts)) continue;
      // Its place now, as the boards show it (the running all-time board), never re-derived.
      if (photo.state === 'active') {
        facts.rankAfter = (await this.leaderboards.standingOf(photo, 'all')).rank;
      }
      items.push(toNewsItem(facts));
    }
    return items.sort((a, b) => b.at.localeCompare(a.at) || b.photo_id - a.photo_id);
  }

  /**
   * Each photo's score just before the span's first vote on it, as that vote recorded it (the
   * score its owner last saw move), for the photos with votes in the span.
   */
  private async scoresBeforeSpan(
    ids: number[],
    won: Map<number, VoteTally>,
    lost: Map<number, VoteTally>,
  ): Promise<Map<number, number>> {
    const firsts = new Map<number, number>();
    for (const id of ids) {
      const first = firstVoteOf(id, won, lost);
      if (first !== null) firsts.set(id, first);
    }
    const votes = new Map(
      (await this.store.repos.photoNews.firstVotes([...new Set(firsts.values())])).map((vote) => [
        vote.id,
        vote,
      ]),
    );
    const scores = new Map<number, number>();
    for (const [id, voteId] of firsts) {
      const vote = votes.get(voteId);
      if (vote === undefined) continue;
      scores.set(
        id,
        vote.winner_photo_id === id ? vote.winner_score_before : vote.loser_score_before,
      );
    }
    return scores;
  }
}

/** The first vote of the span on each photo: min of its first won and first lost vote. */
function firstVoteOf(id: number, won: Map<number, VoteTally>, lost: Map<number, VoteTally>) {
  const first = Math.min(
    won.get(id)?.first_vote_id ?? Infinity,
    lost.get(id)?.first_vote_id ?? Infinity,
  );
  return Number.isFinite(first) ? first : null;
}

function byPhoto(tallies: VoteTally[]): Map<number, VoteTally> {
  return new Map(tallies.map((tally) => [tally.photo_id, tally]));
}
