import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../src/repositories/store.js';
import { ChunkPacer, writePacer } from '../../src/workers/chunk-pacer.js';
import { createMigratedTestDatabase, type TestDatabase } from '../support/database.js';

const limits = { first: 100, min: 10, max: 2500, budgetMs: 8 };

describe('ChunkPacer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sizes the next chunk to the budget at the cost per row it measured', () => {
    const pacer = new ChunkPacer(limits);
    expect(pacer.rows).toBe(100);
    // 100 rows in 16 ms: 0.16 ms a row, so 50 rows fit in 8 ms.
    pacer.took(100, 16);
    expect(pacer.rows).toBe(50);
  });

  it('at most doubles a chunk, and stays within its floor and ceiling', () => {
    const pacer = new ChunkPacer(limits);
    pacer.took(100, 0.1);
    expect(pacer.rows).toBe(200);
    pacer.took(200, 0.1);
    expect(pacer.rows).toBe(400);
    const slow = new ChunkPacer(limits);
    slow.took(100, 10_000);
    expect(slow.rows).toBe(10);
    const fast = new ChunkPacer({ ...limits, first: 2000 });
    fast.took(2000, 0.01);
    expect(fast.rows).toBe(2500);
  });

  it('keeps to the dearest recent cost, which fades chunk by chunk', () => {
    const pacer = new ChunkPacer(limits);
    pacer.took(100, 40); // 0.4 ms a row: 20 rows
    expect(pacer.rows).toBe(20);
    // Cheap chunks do not bring it back at once ...
    pacer.took(20, 0.2);
    expect(pacer.rows).toBe(20);
    // ... but as the dear cost fades, a hundredth a chunk.
    for (let chunk = 0; chunk < 200; chunk += 1) pacer.took(pacer.rows, pacer.rows * 0.01);
    expect(pacer.rows).toBeGreaterThan(100);
  });

  it('counts the commit settle() reports as part of the chunk, and runs settle after each', async () => {
    const settled: number[] = [];
    const pacer = new ChunkPacer(limits, () => {
      settled.push(pacer.rows);
      return Promise.resolve(16);
    });
    const answer = await pacer.chunk(100, () => Promise.resolve('written'));
    expect(answer).toBe('written');
    expect(settled).toEqual([100]);
    // 16 ms of commit for 100 rows: 50 fit in the budget.
    expect(pacer.rows).toBe(50);
  });

  it('rests after a chunk as long as the chunk held the event loop, when told to', async () => {
    // The clock too: on a busy machine the chunk's own (real) time added to its 20 ms of commit.
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const pacer = new ChunkPacer({ ...limits, rest: 1 }, () => Promise.resolve(20));
    let done = false;
    const chunk = pacer
      .chunk(100, () => Promise.resolve())
      .then(() => {
        done = true;
      });
    await vi.advanceTimersByTimeAsync(19);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(3);
    expect(done).toBe(true);
    await chunk;
  });

  it('keeps a fixed, large chunk where the database commits each chunk elsewhere (PostgreSQL)', async () => {
    const pacer = writePacer({ rowLocks: true, settle: () => Promise.resolve(0) });
    expect(pacer.rows).toBe(2500);
    await pacer.chunk(2500, () => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(pacer.rows).toBe(2500);
    const sqlite = writePacer({ rowLocks: false, settle: () => Promise.resolve(0) });
    expect(sqlite.rows).toBe(100);
  });

  it('does not count the wait for the database before the work begins', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const pacer = new ChunkPacer(limits);
    const chunk = pacer.chunk(100, async (begin) => {
      await new Promise((resolve) => setTimeout(resolve, 100)); // another's transaction
      begin();
      await new Promise((resolve) => setTimeout(resolve, 4)); // the chunk's own statements
    });
    await vi.advanceTimersByTimeAsync(110);
    await chunk;
    // 100 rows in 4 ms: doubled (the cap), not shrunk to 100 rows in 104 ms (7 rows).
    expect(pacer.rows).toBe(200);
  });
});

describe('writePacer on SQLite while a request holds the connection', () => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.drop());

  it("keeps its chunks when the refit's transaction waits for a request's", async () => {
    database = await createMigratedTestDatabase('sqlite');
    const store = createStore(database.handle.db, database.handle.settle);
    const pacer = writePacer(store);
    const first = pacer.rows;
    let releaseRequest = () => {};
    const request = store.transaction(async (repos) => {
      await repos.settings.get('held-by-a-request');
      await new Promise<void>((resolve) => {
        releaseRequest = resolve;
      });
    });
    const chunk = pacer.chunk(first, (begin) =>
      store.transaction(async (repos) => {
        begin();
        await repos.settings.get('written-by-the-refit');
      }),
    );
    // The request's transaction holds SQLite's one connection for 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseRequest();
    await Promise.all([request, chunk]);
    expect(pacer.rows).toBeGreaterThanOrEqual(first);
  });
});
