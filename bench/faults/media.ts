/** The media folder as the checks see it, and the wait for the start-up sweep. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export function openReadOnly(file: string): Database.Database {
  return new Database(file, { readonly: true, fileMustExist: true });
}

/** Files under media/photos, as keys (`photos/ab/abcd.webp`). */
export function mediaFiles(mediaDir: string): string[] {
  const root = path.join(mediaDir, 'photos');
  if (!fs.existsSync(root)) return [];
  return (
    fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      // The sweep (or an upload's rename) may remove an entry between the listing and the stat.
      .filter((entry) => fs.statSync(path.join(root, entry), { throwIfNoEntry: false })?.isFile())
      .map((entry) => `photos/${entry.split(path.sep).join('/')}`)
  );
}

/** Files no live photo refers to (a deleted photo's files included: deletion is for good). */
export function orphanFiles(dbFile: string, mediaDir: string): string[] {
  const db = openReadOnly(dbFile);
  try {
    const live = new Set<string>();
    const rows = db
      .prepare("select display_key, medium_key, thumb_key from photos where state <> 'deleted'")
      .all() as { display_key: string; medium_key: string | null; thumb_key: string }[];
    for (const row of rows) {
      for (const key of [row.display_key, row.medium_key, row.thumb_key]) {
        if (key !== null) live.add(key);
      }
    }
    return mediaFiles(mediaDir).filter((key) => !live.has(key));
  } finally {
    db.close();
  }
}

/** Polls until the start-up sweep has removed every orphan, or the time is up. */
export async function waitForSweep(
  dbFile: string,
  mediaDir: string,
  timeoutMs: number,
): Promise<{ ms: number; left: string[] }> {
  const started = performance.now();
  for (;;) {
    const left = orphanFiles(dbFile, mediaDir);
    if (left.length === 0 || performance.now() - started > timeoutMs) {
      return { ms: performance.now() - started, left };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
