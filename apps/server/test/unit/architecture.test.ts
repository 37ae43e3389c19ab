import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (ADR 0025), read from every import of apps/server/src. No exception list:
 * a file that needs another rule belongs in another room.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

type Room =
  | 'entry'
  | 'root'
  | 'routes'
  | 'plugins'
  | 'services'
  | 'indexes'
  | 'views'
  | 'checks'
  | 'workers'
  | 'repositories'
  | 'db'
  | 'schema'
  | 'domain'
  | 'lib'
  | 'config'
  | 'errors'
  | 'seed';

/** What each room may import (itself always). `schema` holds row types: imported as types. */
const MAY_IMPORT: Readonly<Record<Room, readonly Room[]>> = {
  entry: [
    'root',
    'routes',
    'plugins',
    'services',
    'repositories',
    'db',
    'schema',
    'domain',
    'lib',
    'config',
    'errors',
    'seed',
  ],
  root: ['services', 'indexes', 'repositories', 'db', 'schema', 'domain', 'lib', 'config'],
  routes: ['services', 'schema', 'domain', 'lib', 'config', 'errors'],
  plugins: ['lib', 'config', 'errors'],
  services: [
    'indexes',
    'views',
    'checks',
    'workers',
    'repositories',
    'schema',
    'domain',
    'lib',
    'config',
    'errors',
    'seed',
  ],
  indexes: ['repositories', 'schema', 'domain', 'lib'],
  views: ['repositories', 'schema', 'domain'],
  checks: ['repositories', 'domain', 'lib', 'errors'],
  workers: ['repositories', 'schema', 'domain', 'lib'],
  repositories: ['db', 'schema', 'domain', 'lib', 'config', 'errors'],
  db: ['schema', 'config', 'lib'],
  schema: [],
  domain: [],
  lib: ['errors'],
  config: ['domain', 'lib'],
  errors: [],
  seed: ['domain'],
};

/** Imports a room may make only as `import type` (it maps rows, it never queries). */
const TYPES_ONLY: Readonly<Partial<Record<Room, readonly Room[]>>> = {
  views: ['repositories'],
};

const ENTRY_FILES = new Set(['app.ts', 'main.ts', 'cli.ts', 'bootstrap.ts', 'shutdown.ts']);

function roomOf(file: string): Room {
  const path = relative(SRC, file).split(sep).join('/');
  if (path === 'services/index.ts') return 'root';
  if (path === 'db/schema.ts') return 'schema';
  if (ENTRY_FILES.has(path)) return 'entry';
  if (path === 'config.ts') return 'config';
  if (path === 'errors.ts') return 'errors';
  const [top] = path.split('/');
  if (top && top in MAY_IMPORT) return top as Room;
  throw new Error(`${path}: no room (add it to ADR 0025 and this test)`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** Static imports, re-exports and dynamic `import()` calls of a file. */
function importsOf(text: string): Import[] {
  const found: Import[] = [];
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) {
    found.push({ specifier: match[3] ?? '', typeOnly: match[2] !== undefined });
  }
  for (const match of text.matchAll(/^\s*import\s+'([^']+)'/gm)) {
    found.push({ specifier: match[1] ?? '', typeOnly: false });
  }
  for (const match of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) {
    found.push({ specifier: match[1] ?? '', typeOnly: false });
  }
  return found;
}

const files = sourceFiles(SRC).map((file) => ({
  file,
  name: relative(SRC, file).split(sep).join('/'),
  room: roomOf(file),
  text: readFileSync(file, 'utf8'),
}));

/** Files of these rooms, and these files, may hold the rule's subject (see each test). */
function offenders(
  matches: (text: string) => boolean,
  allowed: (file: { name: string; room: Room }) => boolean,
): string[] {
  return files.filter((file) => !allowed(file) && matches(file.text)).map((file) => file.name);
}

/**
 * What domain/ may import besides itself: the contract, and Node modules that compute without
 * touching the world (hashes and random bytes, address parsing).
 */
const PURE_PACKAGES = new Set(['@yanzhi/contract', 'node:crypto', 'node:net']);

/** A process's own entry file: the image process and the refit thread run apart. */
const isWorkerEntry = (name: string) => /^workers\/[^/]+\.worker\.ts$/.test(name);

describe('the server layers (ADR 0025)', () => {
  it('imports only downhill: every relative import follows the room table', () => {
    const problems: string[] = [];
    for (const { file, name, room, text } of files) {
      for (const { specifier, typeOnly } of importsOf(text)) {
        if (!specifier.startsWith('.')) continue;
        const target = roomOf(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
        if (target === room) continue;
        if (!MAY_IMPORT[room].includes(target)) {
          problems.push(`${name} (${room}) → ${specifier} (${target})`);
        } else if (!typeOnly && (TYPES_ONLY[room]?.includes(target) || target === 'schema')) {
          problems.push(`${name} (${room}) → ${specifier}: types only`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("keeps domain/ pure: no package but the contract and Node's computing modules", () => {
    const problems = files
      .filter((file) => file.room === 'domain')
      .flatMap((file) =>
        importsOf(file.text)
          .filter(({ specifier }) => !specifier.startsWith('.') && !PURE_PACKAGES.has(specifier))
          .map(({ specifier }) => `${file.name} → ${specifier}`),
      );
    expect(problems).toEqual([]);
  });

  it('builds repositories only in the composition root, their binding table (and a worker process its own)', () => {
    expect(
      offenders(
        (text) => /\bnew [A-Za-z]*Repository\(/.test(text),
        ({ name }) =>
          name === 'services/index.ts' || name === 'repositories/index.ts' || isWorkerEntry(name),
      ),
    ).toEqual([]);
  });

  it('writes SQL only in repositories/ and db/', () => {
    const kysely = (text: string) =>
      /from 'kysely'/.test(text) ||
      /\bsql`/.test(text) ||
      /\.(selectFrom|insertInto|updateTable|deleteFrom)\(/.test(text);
    expect(
      offenders(kysely, ({ room }) => ['repositories', 'db', 'schema'].includes(room)),
    ).toEqual([]);
  });

  it('touches sharp and the file system only in repositories/, db/ and the stated entries', () => {
    const io = (text: string) =>
      importsOf(text).some(({ specifier }) => /^(sharp|node:fs|fs)(\/|$)/.test(specifier));
    expect(
      offenders(
        io,
        ({ name, room }) =>
          ['repositories', 'db'].includes(room) ||
          isWorkerEntry(name) ||
          name === 'plugins/static-files.ts' ||
          name === 'plugins/page-html.ts',
      ),
    ).toEqual([]);
  });
});
