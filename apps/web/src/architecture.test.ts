import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's rooms and who may import whom (ADR 0005):
 * - `lib/` and `components/`: shared code that knows no page and no service.
 * - `services/`: the app-wide services, one instance each for the whole app (who the user is,
 *   the toasts, the offline vote queue, sharing a rank), each with its own small UI. A service
 *   uses lib/, components/ and, to say something to the user, the toasts' public index.
 * - `features/`: the pages. A feature uses lib/, components/, the services through their public
 *   index and its own files; never another feature (a shared need becomes a service or lib code).
 * - `app/` puts them together (routes, layout, start-up) and may import any of them.
 */
const SRC = dirname(fileURLToPath(import.meta.url));
const FEATURES = join(SRC, 'features');
const SERVICES = join(SRC, 'services');
const SHARED = [join(SRC, 'lib'), join(SRC, 'components')];
/** The one service the others may use: they report through a toast. */
const TOASTS = join(SERVICES, 'toasts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)].map((m) => m[1] ?? '');
}

/** The top folder under `room` that `path` is in, or null when it is outside `room`. */
function folderIn(room: string, path: string): string | null {
  const rel = relative(room, path);
  if (rel.startsWith('..')) return null;
  return rel.split(sep)[0] ?? null;
}

const featureOf = (path: string) => folderIn(FEATURES, path);
const serviceOf = (path: string) => folderIn(SERVICES, path);
const inShared = (path: string) => SHARED.some((room) => folderIn(room, path) !== null);
/** A service's public index (the folder itself, as imports name it). */
const isServiceIndex = (path: string) => {
  const service = serviceOf(path);
  return service !== null && path === join(SERVICES, service);
};

/** Every relative import of the files under `room` that `allowed` refuses, as "file → import". */
function forbiddenImports(
  room: string,
  allowed: (target: string, ownFolder: string | null) => boolean,
): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(room)) {
    const own = folderIn(room, file);
    for (const specifier of relativeImports(file)) {
      const target = resolve(dirname(file), specifier);
      if (!allowed(target, own)) problems.push(`${relative(SRC, file)} → ${specifier}`);
    }
  }
  return problems;
}

describe('architecture', () => {
  it('keeps features apart: lib/, components/, services via their index and their own files', () => {
    const problems = forbiddenImports(
      FEATURES,
      (target, own) => featureOf(target) === own || inShared(target) || isServiceIndex(target),
    );
    expect(problems).toEqual([]);
  });

  it('keeps services free of features: lib/, components/, the toasts and their own files', () => {
    const problems = forbiddenImports(
      SERVICES,
      (target, own) => serviceOf(target) === own || inShared(target) || target === TOASTS,
    );
    expect(problems).toEqual([]);
  });

  it('makes every API call from a file of its own under an api/ folder', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      const calls = [...text.matchAll(/(?:callApi|postMultipartWithProgress)\(\s*'([a-z_]+)'/g)];
      const inApiFolder = relative(SRC, file).split(sep).slice(0, -1).includes('api');
      if (calls.length > 0 && !inApiFolder) problems.push(`${relative(SRC, file)} calls the API`);
      if (inApiFolder && calls.length !== 1)
        problems.push(`${relative(SRC, file)} makes ${calls.length} calls, not one`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps lib/ and components/ free of features and services, and the contract schemas out of runtime', () => {
    const problems: string[] = [];
    for (const file of SHARED.flatMap(sourceFiles)) {
      for (const specifier of relativeImports(file)) {
        const target = resolve(dirname(file), specifier);
        if (featureOf(target) !== null || serviceOf(target) !== null) {
          problems.push(`${relative(SRC, file)} → ${specifier}`);
        }
      }
    }
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s+\{([^}]*)\}\s+from\s+'@yanzhi\/contract'/g)) {
        const runtimeNames = (match[1] ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '));
        const schemaLike = runtimeNames.filter((name) => /Schema$|^API$|^CALL_NAMES$/.test(name));
        if (schemaLike.length > 0)
          problems.push(`${relative(SRC, file)} imports ${schemaLike.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
