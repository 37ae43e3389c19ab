import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createPostgresSchema, postgresUrl } from '../support/database.js';

type Schema = Awaited<ReturnType<typeof createPostgresSchema>>;

/**
 * Migrations look only at their own schema (db/pg-introspector.ts): another schema of the same
 * database, there or being dropped, neither shows in their tables nor fails them.
 */
describe.skipIf(!postgresUrl)('introspection on PostgreSQL, scoped to the current schema', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function schemaWithHandle(): Promise<{ schema: Schema; handle: DatabaseHandle }> {
    const schema = await createPostgresSchema();
    const handle = openDatabase(
      { kind: 'postgres', url: postgresUrl ?? '' },
      { searchPath: schema.schema, poolSize: 2 },
    );
    cleanups.push(async () => {
      await handle.close();
      await schema.drop();
    });
    return { schema, handle };
  }

  it("lists its own schema's tables and columns only, beside another schema's", async () => {
    const other = await schemaWithHandle();
    await sql`create table neighbour (id serial primary key, note text)`.execute(other.handle.db);
    const own = await schemaWithHandle();
    await sql`create table visitors (id serial primary key, name text not null, seen bigint default 0)`.execute(
      own.handle.db,
    );
    await sql`comment on column visitors.name is 'shown on the board'`.execute(own.handle.db);

    const introspection = own.handle.db.introspection;
    expect(await introspection.getSchemas()).toEqual([{ name: own.schema.schema }]);
    const tables = await introspection.getTables();
    expect(tables).toEqual([
      {
        name: 'visitors',
        isView: false,
        schema: own.schema.schema,
        columns: [
          {
            name: 'id',
            dataType: 'int4',
            dataTypeSchema: 'pg_catalog',
            isNullable: false,
            hasDefaultValue: true,
            isAutoIncrementing: true,
          },
          {
            name: 'name',
            dataType: 'text',
            dataTypeSchema: 'pg_catalog',
            isNullable: false,
            hasDefaultValue: false,
            isAutoIncrementing: false,
            comment: 'shown on the board',
          },
          {
            name: 'seen',
            dataType: 'int8',
            dataTypeSchema: 'pg_catalog',
            isNullable: true,
            hasDefaultValue: true,
            isAutoIncrementing: false,
          },
        ],
      },
    ]);

    // The migrator's bookkeeping tables are listed only when asked for.
    await migrateToLatest(own.handle.db);
    const names = async (withInternalKyselyTables: boolean) =>
      (await introspection.getTables({ withInternalKyselyTables }))
        .map((table) => table.name)
        .filter((name) => name.startsWith('kysely_'));
    expect(await names(false)).toEqual([]);
    expect(await names(true)).toEqual(['kysely_migration', 'kysely_migration_lock']);
  });

  it('migrates while other schemas of the database are created and dropped', async () => {
    // Kysely's own introspector failed here within a few rounds ("schema … does not exist").
    const stop = new AbortController();
    const churn = (async () => {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      try {
        for (let round = 0; !stop.signal.aborted; round += 1) {
          const name = `churn_${process.pid}_${round}`;
          await admin.query(`create schema ${name}`);
          await admin.query(`create table ${name}.t (id serial primary key, a int, b text)`);
          await admin.query(`drop schema ${name} cascade`);
        }
      } finally {
        await admin.end();
      }
    })();
    try {
      for (let round = 0; round < 4; round += 1) {
        const { handle } = await schemaWithHandle();
        expect((await migrateToLatest(handle.db)).length).toBeGreaterThan(0);
        for (let check = 0; check < 20; check += 1) {
          expect((await handle.db.introspection.getTables()).length).toBeGreaterThan(10);
        }
      }
    } finally {
      stop.abort();
      await churn;
    }
  });
});
