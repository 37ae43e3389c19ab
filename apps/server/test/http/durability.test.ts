import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Generated } from 'kysely';
import { LostWritesError, SqliteStore } from '../../src/db/sqlite-store.js';
import { pairSchema } from '@yanzhi/contract';
import { createTestApp, TEST_HOST_SECRET, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { makeTempDir } from '../support/database.js';

/** A second app on the same database whose flushes resolve only when the test releases them. */
async function gatedApp(app: TestApp) {
  const flushes: (() => void)[] = [];
  const gated = await buildApp({
    config: app.config,
    db: app.db,
    reader: app.reader,
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
  const stores: SqliteStore[] = [];
  afterEach(async () => {
    // A test that failed before closing its store: the folder goes once the store has closed.
    for (const store of stores.splice(0)) await store.shutdown();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function openStore(): Promise<SqliteStore> {
    const dir = makeTempDir('yanzhi-store-');
    dirs.push(dir);
    const store = new SqliteStore(path.join(dir, 'store.db'));
    stores.push(store);
    store.prepare('create table t (id integer primary key, v text)').run([]);
    await store.durable();
    return store;
  }

  it('runs in WAL mode with synchronous=NORMAL and reuses prepared statements', async () => {
    const store = await openStore();
    expect(store.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    expect(store.prepare('select 1')).toBe(store.prepare('select 1'));
    await store.shutdown();
  });

  it('checkpoints in a thread of its own: the serving connection only has a far backstop', async () => {
    const store = await openStore();
    try {
      expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(16_384);
      const insert = store.prepare('insert into t (v) values (?)');
      // 2,000 commits (the thread checkpoints every 1,000) of about 6 MB, far below the backstop.
      const text = 'x'.repeat(3000);
      const databaseFile = store.sqlite.name;
      const before = fs.statSync(databaseFile).size;
      // Not before its 1,000th write (one `create table` is one already).
      for (let row = 0; row < 998; row += 1) insert.run([text]);
      await store.durable();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(store.checkpointer.checkpoints).toBe(0);
      for (let row = 998; row < 2000; row += 1) insert.run([text]);
      await store.durable();
      for (let tries = 0; tries < 100 && store.checkpointer.checkpoints === 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(store.checkpointer.lastError).toBeNull();
      expect(store.checkpointer.checkpoints).toBeGreaterThan(0);
      // The rows were copied from the WAL into the database file by the other connection.
      expect(fs.statSync(databaseFile).size).toBeGreaterThan(before + 4_000_000);
    } finally {
      await store.shutdown();
    }
  });

  it("settle() commits a chunked writer's batch at once and waits for a checkpoint every tenth time", async () => {
    const store = await openStore();
    const reader = new SQLite(store.sqlite.name, { readonly: true });
    const count = () => (reader.prepare('select count(*) as n from t').get() as { n: number }).n;
    try {
      const insert = store.prepare('insert into t (v) values (?)');
      const text = 'x'.repeat(3000);
      const checkpoints = store.checkpointer.checkpoints;
      for (let chunk = 1; chunk <= 10; chunk += 1) {
        for (let row = 0; row < 50; row += 1) insert.run([text]);
        // The chunk is in the open batch until settle() commits it, not the next request.
        expect(count()).toBe((chunk - 1) * 50);
        const held = await store.settle();
        expect(count()).toBe(chunk * 50);
        expect(held).toBeGreaterThanOrEqual(0);
        // Committed, not yet on disk: the next durable() flushes it.
        expect(store.hasUnsynced()).toBe(true);
        // Far below the thread's 1,000 commits: only the tenth chunk waits for a checkpoint.
        expect(store.checkpointer.checkpoints).toBe(checkpoints + (chunk === 10 ? 1 : 0));
      }
      expect(store.checkpointer.lastError).toBeNull();
      await store.durable();
      expect(store.hasUnsynced()).toBe(false);
      // A checkpoint thread that is gone answers no more: a writer never waits for it.
      await store.checkpointer.close();
      for (let chunk = 1; chunk <= 10; chunk += 1) {
        insert.run(['after']);
        await store.settle();
      }
      expect(count()).toBe(510);
    } finally {
      reader.close();
      await store.shutdown();
    }
  });

  it('resolves durable() at once when nothing is pending, after a commit and a flush otherwise', async () => {
    const store = await openStore();
    await store.durable();
    const flushed = store.flushes;
    await store.durable();
    expect(store.flushes).toBe(flushed);
    expect(store.hasUnsynced()).toBe(false);

    store.prepare('insert into t (v) values (?)').run(['a']);
    expect(store.hasUnsynced()).toBe(true);
    // The write waits in the open batch: another connection does not see it yet.
    const reader = new SQLite(store.sqlite.name, { readonly: true });
    const count = () => (reader.prepare('select count(*) as n from t').get() as { n: number }).n;
    expect(count()).toBe(0);
    await store.durable();
    expect(count()).toBe(1);
    expect(store.hasUnsynced()).toBe(false);
    expect(store.flushes).toBe(flushed + 1);

    // A read is no write.
    store.prepare('select * from t').all([]);
    expect(store.hasUnsynced()).toBe(false);
    reader.close();
    await store.shutdown();
  });

  it('batches the writes of many requests and keeps each transaction atomic inside the batch', async () => {
    const store = await openStore();
    const db = new Kysely<{ t: { id: Generated<number>; v: string } }>({
      dialect: new SqliteDialect({ database: store }),
    });
    const reader = new SQLite(store.sqlite.name, { readonly: true });
    const values = () =>
      (reader.prepare('select v from t order by id').all() as { v: string }[]).map((r) => r.v);
    try {
      await db.insertInto('t').values({ v: 'plain' }).execute();
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ v: 'kept-1' }).execute();
        await trx.insertInto('t').values({ v: 'kept-2' }).execute();
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('t').values({ v: 'undone' }).execute();
          throw new Error('the handler failed');
        }),
      ).rejects.toThrow('the handler failed');
      // A failing statement outside a transaction undoes itself only.
      await expect(
        db.insertInto('t').values({ id: 1, v: 'duplicate' }).execute(),
      ).rejects.toThrow();
      // All of it is still one open batch: nothing is committed yet.
      expect(values()).toEqual([]);

      // An answer asks for the disk while a transaction is open: the commit waits for its end.
      let releaseTransaction: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        releaseTransaction = resolve;
      });
      const transaction = db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ v: 'late-1' }).execute();
        await held;
        await trx.insertInto('t').values({ v: 'late-2' }).execute();
      });
      await new Promise((resolve) => setImmediate(resolve));
      let durable = false;
      const flushed = store.durable().then(() => {
        durable = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(durable).toBe(false);
      expect(values()).toEqual([]);
      releaseTransaction();
      await transaction;
      await flushed;
      expect(values()).toEqual(['plain', 'kept-1', 'kept-2', 'late-1', 'late-2']);
    } finally {
      reader.close();
      await db.destroy();
    }
  });

  it('commits a batch nobody waits for within a few milliseconds', async () => {
    const store = await openStore();
    const reader = new SQLite(store.sqlite.name, { readonly: true });
    try {
      store.prepare('insert into t (v) values (?)').run(['unwaited']);
      for (let tries = 0; tries < 50 && store.hasUnsynced(); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(store.hasUnsynced()).toBe(false);
      expect(reader.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
    } finally {
      reader.close();
      await store.shutdown();
    }
  });

  it('fails the requests whose writes SQLite rolled back, and only those', async () => {
    const store = await openStore();
    try {
      await store.durable();
      const before = store.epoch();
      store.prepare('insert into t (v) values (?)').run(['lost']);
      // What SQLite does to the whole transaction on an I/O error or a full disk.
      store.sqlite.exec('rollback');
      await expect(store.durable(before)).rejects.toBeInstanceOf(LostWritesError);
      // A request that began after the loss is not affected, and the store goes on.
      const after = store.epoch();
      store.prepare('insert into t (v) values (?)').run(['kept']);
      await store.durable(after);
      expect(store.sqlite.prepare('select v from t').all()).toEqual([{ v: 'kept' }]);
    } finally {
      await store.shutdown();
    }
  });

  it('lets many commits share a flush, and every waiter resolves after one that covers it', async () => {
    const store = await openStore();
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
    await store.shutdown();
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
    // One device: it sends its cookie as a browser would (ADR 0022).
    const post = (url: string, payload: object) =>
      gated.server.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie: app.devices.cookieOf('durable-device') },
      });
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
