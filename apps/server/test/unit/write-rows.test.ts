import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { writeRows, type RowColumns } from '../../src/db/json-rows.js';
import {
  createTestDatabase,
  dialects,
  makeTempDir,
  type TestDatabase,
} from '../support/database.js';

/**
 * The bulk write under every refit and board freeze (ADR 0029, stop-46 amendment): on SQLite a
 * list of bound rows padded to a few sizes, on PostgreSQL one JSON value. Whatever the row count,
 * each row is written once with its values as given, and no padding row is.
 */
const COLUMNS: RowColumns = [
  ['id', 'bigint'],
  ['score', 'integer'],
  ['mu', 'real'],
  ['day', 'text'],
];

type Row = [id: number, score: number | null, mu: number | null, day: string | null];

function rowsOf(count: number, offset = 0): Row[] {
  return Array.from({ length: count }, (_, index): Row => {
    const id = offset + index + 1;
    return [
      // Ids past 32 bits, as a long-lived photos table has.
      id * 2 ** 33,
      index % 7 === 0 ? null : index,
      index % 5 === 0 ? null : index / 3 - 40.125,
      index % 11 === 0 ? null : `2026-12-${String((index % 28) + 1).padStart(2, '0')}`,
    ];
  });
}

describe.each(dialects)('writeRows on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, makeTempDir());
    db = database.handle.db;
    await sql`create table scratch (id bigint primary key, score integer, mu double precision,
      day text)`.execute(db);
  });
  afterAll(async () => {
    await database.drop();
  });

  /** The rows inserted, by the ids they answer (a bigint comes back as text on PostgreSQL). */
  async function insert(rows: readonly Row[]): Promise<{ id: number | string }[]> {
    return writeRows(
      db,
      COLUMNS,
      rows,
      (row) => row,
      'r',
      (r) => sql<{ id: number | string }>`insert into scratch (id, score, mu, day)
        select r.id, r.score, r.mu, r.day from ${r} returning id`,
    );
  }

  async function stored(): Promise<Row[]> {
    const result = await sql<{
      id: number | string;
      score: number | null;
      mu: number | null;
      day: string | null;
    }>`select id, score, mu, day from scratch order by id`.execute(db);
    return result.rows.map((row) => [Number(row.id), row.score, row.mu, row.day]);
  }

  it.each([0, 1, 8, 9, 128, 129, 300])(
    'writes %i rows exactly, each once, and answers what the statements return',
    async (count) => {
      await sql`delete from scratch`.execute(db);
      const rows = rowsOf(count);
      const answered = await insert(rows);
      expect(answered.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual(
        rows.map((row) => row[0]),
      );
      expect(await stored()).toEqual(rows);
    },
  );

  it('updates rows from the derived table, values of other parameters kept in place', async () => {
    await sql`delete from scratch`.execute(db);
    await insert(rowsOf(200));
    const changed = rowsOf(150, 25).map((row): Row => [row[0], 7, 0.5, null]);
    const updated = await writeRows(
      db,
      COLUMNS,
      rowsOf(150, 25),
      // Each item's values as the write takes them.
      (row) => [row[0], 7, 0.5, null],
      'r',
      (r) => sql<{ id: number }>`update scratch set score = r.score + ${3}, mu = r.mu,
        day = ${'2026-12-01'} from ${r} where scratch.id = r.id and scratch.id > ${0}
        returning scratch.id`,
    );
    // Rows 26..175 of which 26..200 exist.
    expect(updated).toHaveLength(150);
    const after = await stored();
    expect(after).toHaveLength(200);
    const byId = new Map(after.map((row) => [row[0], row]));
    for (const [id] of changed) expect(byId.get(id)).toEqual([id, 10, 0.5, '2026-12-01']);
    expect(byId.get(2 ** 33)?.[1]).toBeNull();
  });

  it('refuses a row without its first value, or of another width, before writing it', async () => {
    await sql`delete from scratch`.execute(db);
    const [first, second] = rowsOf(2) as [Row, Row];
    await expect(insert([first, [null, 1, 1, 'x'] as unknown as Row])).rejects.toThrow(
      /first not null/,
    );
    await expect(insert([second, [1, 2] as unknown as Row])).rejects.toThrow(/needs 4 values/);
    expect(await stored()).toEqual([]);
  });
});
