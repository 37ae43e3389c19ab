/**
 * Loaded into the bundled server (`node --import bench/dist/sql-timer.mjs`, built from this file) by
 * `PROFILE_SQL=1 npm run bench:load-cost -w bench` on SQLite: every statement better-sqlite3
 * runs in the server's main thread is timed by its SQL text, in tenths of a second of the
 * process's clock (`performance.now()`, as a CPU profile counts), so the bench can tell each
 * measured call's stretch. When the process exits, the totals go to `$SQL_TIMER_DIR/<pid>.json`
 * as { sql: [[tenth, executions, nanoseconds], …] }. An `iterate()` counts only until its
 * iterator is returned.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** `name` as found on `target` or its prototypes, unbound (its caller passes `this`). */
function methodOf(target: object, name: string): Method {
  for (
    let at: object | null = target;
    at !== null;
    at = Object.getPrototypeOf(at) as object | null
  ) {
    const value: unknown = Object.getOwnPropertyDescriptor(at, name)?.value;
    if (typeof value === 'function') return value as Method;
  }
  throw new Error(`sql-timer: no method ${name}`);
}

export function installSqlTimer(dir: string): void {
  // The server's own copy, as its bundle resolves it from the repository root.
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const Database = require('better-sqlite3') as typeof BetterSqlite3;
  const totals = new Map<string, Map<number, { count: number; ns: bigint }>>();
  const timed = (source: string, original: Method): Method =>
    function (this: unknown, ...args: unknown[]) {
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const tenths = totals.get(source) ?? new Map<number, { count: number; ns: bigint }>();
        const tenth = Math.floor(performance.now() / 100);
        const entry = tenths.get(tenth) ?? { count: 0, ns: 0n };
        entry.count += 1;
        entry.ns += process.hrtime.bigint() - started;
        tenths.set(tenth, entry);
        totals.set(source, tenths);
      }
    };
  const prototype = Database.prototype as object;
  const prepare = methodOf(prototype, 'prepare');
  const exec = methodOf(prototype, 'exec');
  Object.defineProperty(prototype, 'prepare', {
    configurable: true,
    writable: true,
    value: function (this: unknown, source: string, ...rest: unknown[]) {
      const statement = prepare.call(this, source, ...rest) as object;
      for (const name of ['run', 'get', 'all', 'iterate']) {
        Object.defineProperty(statement, name, {
          configurable: true,
          writable: true,
          value: timed(source, methodOf(statement, name)),
        });
      }
      return statement;
    },
  });
  Object.defineProperty(prototype, 'exec', {
    configurable: true,
    writable: true,
    value: function (this: unknown, source: string) {
      return timed(source, exec).call(this, source);
    },
  });
  process.on('exit', () => {
    const out: Record<string, [number, number, number][]> = {};
    for (const [source, tenths] of totals) {
      out[source] = [...tenths].map(([tenth, { count, ns }]) => [tenth, count, Number(ns)]);
    }
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${String(process.pid)}.json`), JSON.stringify(out));
  });
}

const dir = process.env.SQL_TIMER_DIR;
if (dir) installSqlTimer(dir);
