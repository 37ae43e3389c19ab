import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
const FEATURES = join(SRC, 'features');
/**
 * Foundations every page feature may use, through their public index only (`share` is the rank
 * share modal, opened from the leaderboard and the profile; `offline` the vote queue and the
 * offline states).
 */
const SHARED_FEATURES = new Set(['user', 'toasts', 'share', 'offline']);

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

function featureOf(path: string): string | null {
  const rel = relative(FEATURES, path);
  if (rel.startsWith('..')) return null;
  return rel.split(sep)[0] ?? null;
}

describe('architecture', () => {
  it('keeps features apart: a feature imports another only via a shared public index', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(FEATURES)) {
      const own = featureOf(file);
      for (const specifier of relativeImports(file)) {
        const target = resolve(dirname(file), specifier);
        const other = featureOf(target);
        if (other === null || other === own) continue;
        const viaIndex = target === join(FEATURES, other);
        if (
          !SHARED_FEATURES.has(other) ||
          !viaIndex ||
          (own && SHARED_FEATURES.has(own) && other !== 'toasts')
        ) {
          problems.push(`${relative(SRC, file)} → ${specifier}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps lib/ and components/ free of features, and the contract schemas out of runtime', () => {
    const problems: string[] = [];
    const shared = [...sourceFiles(join(SRC, 'lib')), ...sourceFiles(join(SRC, 'components'))];
    for (const file of shared) {
      for (const specifier of relativeImports(file)) {
        if (featureOf(resolve(dirname(file), specifier)) !== null) {
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
