import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './database.js';

/** Marks where a run-time argument goes in a query built once. */
class Slot {
  constructor(readonly index: number) {}
}

type Compiled = Pick<CompiledQuery, 'sql' | 'parameters'>;

/**
 * A query of the hot path, built and compiled by Kysely once per dialect and then run with new
 * arguments. Building and compiling a query costs the event loop 10-20 µs, as much as SQLite
 * takes to run a small one; a vote runs about fifteen (ADR 0021). The query's shape must not
 * depend on the arguments: no `in` list of varying length, no optional clause.
 */
export class PreparedQuery<Args extends readonly unknown[], Row> {
  private readonly byDialect = new Map<unknown, Compiled>();

  constructor(
    private readonly build: (
      db: Db,
      arg: <I extends number>(index: I) => Args[I],
    ) => Compilable<Row>,
  ) {}

  /** The rows the query returns (none for a write without `returning`). */
  async rows(db: Db, ...args: Args): Promise<Row[]> {
    const compiled = this.compiled(db);
    const parameters = compiled.parameters.map((value) =>
      value instanceof Slot ? args[value.index] : value,
    );
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  }

  /** The first row, if any. */
  async first(db: Db, ...args: Args): Promise<Row | undefined> {
    return (await this.rows(db, ...args))[0];
  }

  private compiled(db: Db): Compiled {
    // Transactions are other Kysely instances with the same adapter: key by the adapter.
    const adapter = db.getExecutor().adapter;
    let compiled = this.byDialect.get(adapter.constructor);
    if (compiled === undefined) {
      // The slots stand in for the arguments while the query is built; only `rows` reads them.
      const arg = <I extends number>(index: I) => new Slot(index) as unknown as Args[I];
      const { sql, parameters } = this.build(db, arg).compile();
      compiled = { sql, parameters };
      this.byDialect.set(adapter.constructor, compiled);
    }
    return compiled;
  }
}

/**
 * The columns of a prepared write that sets every field of `T`, in argument order; it compiles
 * only when the list names them all, so a field added to `T` cannot be silently left unwritten.
 */
export function everyColumnOf<T>() {
  return <const C extends readonly (keyof T)[]>(
    columns: C & ([Exclude<keyof T, C[number]>] extends [never] ? unknown : never),
  ): C => columns;
}
