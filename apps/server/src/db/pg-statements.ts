import type pg from 'pg';

/** Distinct statement texts that get a name; later texts run unnamed (parsed each time). */
const MAX_NAMED = 2000;
/** Only plain DML is named: transaction control and utility statements cannot be prepared. */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED && NAMEABLE.test(text)) {
    name = `yz${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Makes a pooled connection run each distinct query text as a named prepared statement: parsed
 * and planned once per connection, then only bound and executed (ADR 0016's SQLite statement
 * cache, for PostgreSQL). Kysely compiles the same text for every call of a query with its
 * values as parameters, so a request's queries skip PostgreSQL's parser and planner after the
 * first few uses. pg keeps the names it has prepared per connection.
 */
export function prepareStatementsOn(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client);
    client.query = ((text: unknown, values: unknown, callback?: unknown) => {
      if (typeof text === 'string' && Array.isArray(values) && callback === undefined) {
        const name = statementName(text);
        if (name !== undefined) return query({ name, text, values });
      }
      return (query as (...args: unknown[]) => unknown)(text, values, callback);
    }) as typeof client.query;
  });
}
