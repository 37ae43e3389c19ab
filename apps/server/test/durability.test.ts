import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { SqliteStore } from '../src/db/sqlite-store.js';
import { pairSchema } from '@yanzhi/contract';
import { createTestApp, TEST_HOST_SECRET, type TestApp } from './support/app.js';
import { categoryIds } from './support/arena.js';
import { makeTempDir } from './support/database.js';

/** A second app on the same database whose flushes resolve only when the test releases them. */
async function gatedApp(app: TestApp) {
  const flushes: (() => void)[] = [];
  const gated = await buildApp({
    config: app.config,
    db: app.db,
    clock: app.clock,
    hostTokenSecret: TEST_HOST_SECRET,
    logStream: { write: () => undefined },
    durable: () =>
      new Promise<void>((resolve) => {
        flushes.push(resolve);
      }),
  });
  return { gated, flushes };
}

/** Group commit (ADR 0016): commits share WAL flushes, and no answer leaves before its flush. */
describe('SQLite group commit', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function openStore(): SqliteStore {
    const dir = makeTempDir('yanzhi-store-');
    dirs.push(dir);
    const store = new SqliteStore(path.join(dir, 'store.db'));
    store.prepare('create table t (id integer primary key, v text)').run([]);
    return store;
  }

  it('runs in WAL mode with synchronous=NORMAL and reuses prepared statements', () => {
    const store = openStore();
    expect(store.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    expect(store.prepare('select 1')).toBe(store.prepare('select 1'));
    store.close();
  });

  it('checkpoints in a thread of its own: the serving connection only has a far backstop', async () => {
    const store = openStore();
    try {
      expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(16_384);
      const insert = store.prepare('insert into t (v) values (?)');
      // 2,000 commits (the thread checkpoints every 1,000) of about 6 MB, far below the backstop.
      const text = 'x'.repeat(3000);
      const databaseFile = store.sqlite.name;
      const before = fs.statSync(databaseFile).size;
      // Not before its 1,000th commit (one `create table` is one already).
      for (let row = 0; row < 998; row += 1) insert.run([text]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(store.checkpointer.checkpoints).toBe(0);
      for (let row = 998; row < 2000; row += 1) insert.run([text]);
      for (let tries = 0; tries < 100 && store.checkpointer.checkpoints === 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(store.checkpointer.lastError).toBeNull();
      expect(store.checkpointer.checkpoints).toBeGreaterThan(0);
      // The rows were copied from the WAL into the database file by the other connection.
      expect(fs.statSync(databaseFile).size).toBeGreaterThan(before + 4_000_000);
    } finally {
      await store.checkpointer.close();
    }
  });

  it('resolves durable() at once when nothing is pending, after a flush otherwise', async () => {
    const store = openStore();
    await store.durable();
    const flushed = store.flushes;
    await store.durable();
    expect(store.flushes).toBe(flushed);
    expect(store.hasUnsynced()).toBe(false);

    store.prepare('insert into t (v) values (?)').run(['a']);
    expect(store.hasUnsynced()).toBe(true);
    await store.durable();
    expect(store.hasUnsynced()).toBe(false);
    expect(store.flushes).toBe(flushed + 1);

    // A read, and a transaction still open, are not commits.
    store.prepare('select * from t').all([]);
    store.prepare('begin').run([]);
    store.prepare('insert into t (v) values (?)').run(['b']);
    expect(store.hasUnsynced()).toBe(false);
    store.prepare('commit').run([]);
    expect(store.hasUnsynced()).toBe(true);
    await store.durable();
    store.close();
  });

  it('lets many commits share a flush, and every waiter resolves after one that covers it', async () => {
    const store = openStore();
    const insert = (v: string) => store.prepare('insert into t (v) values (?)').run([v]);
    const before = store.flushes;
    const waits: Promise<void>[] = [];
    for (let round = 0; round < 20; round += 1) {
      for (let index = 0; index < 10; index += 1) {
        insert(`${round}-${index}`);
        waits.push(store.durable());
      }
      // Commits made while a flush runs wait for the next flush, not the running one.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(waits);
    expect(store.hasUnsynced()).toBe(false);
    const flushes = store.flushes - before;
    // Each round's ten commits share the running flush and the one queued behind it.
    expect(flushes).toBeGreaterThan(0);
    expect(flushes).toBeLessThanOrEqual(40);
    store.close();
  });

  it('holds an API answer until the commits before it are on disk', async () => {
    const app: TestApp = await createTestApp('sqlite');
    const { gated, flushes } = await gatedApp(app);
    try {
      let answered = false;
      const answer = gated.server
        .inject({
          method: 'POST',
          url: '/api/login_by_cookie',
          payload: { cookie: app.hostToken('durable-user') },
        })
        .then((response) => {
          answered = true;
          return response;
        });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(flushes).toHaveLength(1);
      expect(answered).toBe(false);
      flushes[0]?.();
      expect((await answer).json<{ code: number }>().code).toBe(0);
    } finally {
      await gated.server.close();
      await app.close();
    }
  });

  it('answers a pair fetch before the flush (its own bookkeeping), but not the vote on it', async () => {
    const app: TestApp = await createTestApp('sqlite');
    await app.services.demo.seed(4);
    const [categoryId] = await categoryIds(app);
    const { gated, flushes } = await gatedApp(app);
    const post = (url: string, payload: object) =>
      gated.server.inject({ method: 'POST', url, payload });
    try {
      const pairAnswer = await post('/api/get_random_photos_for_rating', {
        category_id: categoryId,
        anonymous_id: 'durable-device',
      });
      const pair = pairSchema.parse(pairAnswer.json<{ data: unknown }>().data);
      expect(flushes).toHaveLength(0);

      app.clock.advance(1500);
      let answered = false;
      const [winner, loser] = pair.photos;
      const voteAnswer = post('/api/submit_photo_rating', {
        winner_photo_id: winner.id,
        loser_photo_id: loser.id,
        anonymous_id: 'durable-device',
        pair_id: pair.pair_id,
      }).then((response) => {
        answered = true;
        return response;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(flushes).toHaveLength(1);
      expect(answered).toBe(false);
      flushes.forEach((release) => {
        release();
      });
      expect((await voteAnswer).json<{ code: number }>().code).toBe(0);
    } finally {
      await gated.server.close();
      await app.close();
    }
  });
});
