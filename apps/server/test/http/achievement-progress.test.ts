import { voteStatsSchema, type VoteStats } from '@yanzhi/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { addPhotos, categoryIds, parseVote, servePair, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { signIn } from '../support/leaderboard.js';

/** Issue 17: a locked achievement with a count shows how far it has come ("3/10"). */
describe.each(dialects)('achievement progress on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  beforeEach(async () => {
    app = await createTestApp(dialect);
    await app.services.demo.seed(6);
    [category = 0] = await categoryIds(app);
  });
  afterEach(() => app.close());

  async function stats(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const result = await app.call('get_user_vote_stats', body, headers);
    expect(result.code, result.msg).toBe(0);
    return voteStatsSchema.parse(result.data);
  }
  const progressOf = (answer: VoteStats) =>
    Object.fromEntries(answer.achievements.map((item) => [item.key, item.progress]));

  it('counts a visitor’s votes and streak toward the locked ones', async () => {
    const visitor = `web-progress-${dialect}`;
    for (let round = 0; round < 3; round += 1) {
      parseVote(await vote(app, await servePair(app, category, visitor), visitor));
    }
    const answer = await stats({ anonymous_id: visitor });
    expect(progressOf(answer)).toEqual({
      // Unlocked: nothing left to count.
      first_vote: null,
      votes_10: { current: 3, target: 10 },
      votes_100: { current: 3, target: 100 },
      votes_1000: { current: 3, target: 1000 },
      streak_3: { current: 1, target: 3 },
      streak_7: { current: 1, target: 7 },
      // A visitor has no photo to win with; scores are not counts.
      photo_win_streak_5: null,
      score_7: null,
      score_8: null,
      score_9: null,
    });
    const locked = answer.achievements.filter((item) => item.unlocked_at === null);
    expect(locked.map((item) => item.key)).not.toContain('first_vote');
  });

  it('counts a user’s best photo run toward five in a row', async () => {
    const owner = await signIn(app, `runner-${dialect}`, 'Runner');
    // No photo yet: nothing to count.
    expect(progressOf(await stats({}, owner.headers)).photo_win_streak_5).toBeNull();
    const [first = 0, second = 0] = await addPhotos(app, owner.id, category, 2);
    await app.db.updateTable('photos').set({ win_streak: 2 }).where('id', '=', first).execute();
    await app.db.updateTable('photos').set({ win_streak: 4 }).where('id', '=', second).execute();
    expect(progressOf(await stats({}, owner.headers)).photo_win_streak_5).toEqual({
      current: 4,
      target: 5,
    });
  });
});
