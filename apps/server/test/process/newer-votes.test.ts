import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRng } from '../../src/domain/rating/index.js';
import { VoteRepository } from '../../src/repositories/vote.repository.js';
import { NewerVotes } from '../../src/workers/newer-votes.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { addRatedPhotos, addVoters, addVotes, lastVoteId } from '../support/refit.js';

/**
 * The refit writers' newer votes (ADR 0017, issue 19): what each chunk replays is exactly what
 * the database holds on the chunk's photos since the fit's read, also when votes keep coming
 * between chunks. On SQLite they are read once from a cursor, on PostgreSQL asked per chunk.
 */
describe.each(dialects)('the newer votes a refit writer replays, on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let photos: number[] = [];
  let votes: VoteRepository;
  let voterSeed = 0;

  const newestVote = () => lastVoteId(app, category);
  const moreVotes = async (count: number) => {
    voterSeed++;
    const ids = await addVoters(app, `newer-${voterSeed}`, count, seededRng(voterSeed));
    await addVotes(app, category, photos, ids, 6, voterSeed);
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    await app.services.demo.seed(2);
    [category = 0] = await categoryIds(app);
    photos = await addRatedPhotos(app, category, 30);
    await moreVotes(20);
    votes = new VoteRepository(app.db);
  });
  afterAll(() => app.close());

  it('gives each chunk the votes since the fit on its photos, oldest first, as they keep coming', async () => {
    const after = await newestVote();
    const newer = new NewerVotes({ rowLocks: dialect === 'postgres' }, category, after);
    const chunks: [number, number][] = [
      [photos[0] ?? 0, photos[9] ?? 0],
      [photos[10] ?? 0, photos[19] ?? 0],
      [photos[20] ?? 0, photos[29] ?? 0],
    ];
    const seen: number[] = [];
    for (const [first, last] of chunks) {
      // Votes cast while the writer rests between chunks, on every photo.
      await moreVotes(4);
      const expected = await votes.votesOnPhotosAfter(category, after, first, last);
      const answer = await newer.on(votes, first, last);
      expect(answer).toEqual(expected);
      seen.push(answer.length);
    }
    // Each chunk saw votes cast before it and after the chunks before it.
    expect(seen.every((count) => count > 0)).toBe(true);
    const total = await votes.votesOnPhotosAfter(category, after, photos[0] ?? 0, photos[29] ?? 0);
    expect(total.length).toBeGreaterThan(Math.max(...seen));
    // A range that names no photo has none.
    const beyond = (photos[29] ?? 0) + 1_000_000;
    expect(await newer.on(votes, beyond, beyond + 10)).toEqual([]);
  });
});
